// What the server sends: the design without the blocks this order leaves empty, rendered, then
// the order's values filled into subject, HTML and text.
import { designSchema, type DesignInput } from '../schema/design.ts';
import { isValidatedDesign, markValidated } from '../schema/validated-design.ts';
import { renderEmail, type RenderOptions } from '../render/render-email.ts';
import { withoutEmptyTokenBlocks } from './empty-blocks.ts';
import { fillTokens, type TokenValues } from './tokens.ts';

export interface RenderedOrderEmail {
  subject: string;
  html: string;
  text: string;
}

export function renderEmailForOrder(
  input: DesignInput,
  subject: string,
  values: TokenValues,
  options: RenderOptions = {},
): RenderedOrderEmail {
  const design = isValidatedDesign(input) ? input : markValidated(designSchema.parse(input));
  const shown = withoutEmptyTokenBlocks(design, values);
  // Built from a valid design's own blocks, so it is valid too: no second validation per order.
  const { html, text } = renderEmail(shown === design ? design : markValidated(shown), {
    title: subject,
    ...options,
  });
  // A subject is a single header line: no line breaks from a value may reach it.
  const filledSubject = fillTokens(subject, values, { escape: 'none' })
    .replace(/[\r\n]+/g, ' ')
    .trim();
  return {
    subject: filledSubject,
    html: fillTokens(html, values, { escape: 'html' }),
    text: fillTokens(text, values, { escape: 'none' }),
  };
}
