// What the server sends: the design rendered once, then the order's values filled into subject,
// HTML and text.
import type { DesignInput } from '../schema/design.ts';
import { renderEmail, type RenderOptions } from '../render/render-email.ts';
import { fillTokens, type TokenValues } from './tokens.ts';

export interface RenderedOrderEmail {
  subject: string;
  html: string;
  text: string;
}

export function renderEmailForOrder(
  design: DesignInput,
  subject: string,
  values: TokenValues,
  options: RenderOptions = {},
): RenderedOrderEmail {
  const { html, text } = renderEmail(design, { title: subject, ...options });
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
