// The renderer: parse -> resolve global style -> render blocks through the registry -> wrap in the
// email shell -> plain text. Pure (no DOM, no clock, no randomness): the editor preview, the API and
// the sender call this same function and get the same bytes.
import { DEFAULT_TEMPLATE_LANGUAGE, type TemplateLanguage } from '../language/languages.ts';
import { withoutHiddenBlocks } from '../card/hidden-blocks.ts';
import type { CommonBlock } from '../schema/block-common.ts';
import { designSchema, type DesignInput } from '../schema/design.ts';
import type { GlobalStyle } from '../schema/global-style.ts';
import { isValidatedDesign } from '../schema/validated-design.ts';
import { CANVAS_WIDTH_PX } from './dimensions.ts';
import { wrapInEmailShell } from './email-shell.ts';
import { webFontsUrl } from './fonts.ts';
import { blockTexts, createRenderEnvironment, renderBlockRows } from './render-blocks.ts';
import { responsiveCss } from './responsive-css.ts';

export interface RenderOptions {
  /** Inbox preview line shown after the subject; may hold tokens. */
  preheader?: string;
  /** Document title (clients that show one use the subject). */
  title?: string;
  /** The template's language: the document's lang and dir. English when not given. */
  language?: TemplateLanguage;
}

export interface RenderedEmail {
  html: string;
  text: string;
}

type NestedBlock = CommonBlock & { columns?: readonly { items: readonly CommonBlock[] }[] };

function fontFamiliesUsed(global: GlobalStyle, blocks: readonly NestedBlock[]): string[] {
  const families = [global.fontFamily];
  for (const block of blocks) {
    if (block.fontFamily !== 'inherit') families.push(block.fontFamily);
    if (!block.columns) continue;
    for (const column of block.columns) {
      for (const item of column.items)
        if (item.fontFamily !== 'inherit') families.push(item.fontFamily);
    }
  }
  return families;
}

/**
 * Renders a design to email HTML and plain text. Anything but a design returned by parseDesign is
 * validated (and defaulted) here first; an invalid one throws a ZodError.
 */
export function renderEmail(input: DesignInput, options: RenderOptions = {}): RenderedEmail {
  const parsed = isValidatedDesign(input) ? input : designSchema.parse(input);
  // Blocks the seller showed only on the card or in the message are not in the email.
  const design = withoutHiddenBlocks(parsed, 'email');
  const { global, blocks } = design;
  // A canvas border takes 1px on each side from the blocks.
  const contentPx = CANVAS_WIDTH_PX - (global.canvasBorderSwitch ? 2 : 0);
  const env = createRenderEnvironment(global);
  const rows = renderBlockRows(blocks, contentPx, env);
  const html = wrapInEmailShell({
    global,
    rows,
    responsiveCss: responsiveCss(env.columnWidths),
    fontsUrl: webFontsUrl(fontFamiliesUsed(global, blocks)),
    preheader: options.preheader ?? '',
    title: options.title ?? '',
    language: options.language ?? DEFAULT_TEMPLATE_LANGUAGE,
  });
  const paragraphs = blockTexts(blocks);
  const text = paragraphs.length > 0 ? `${paragraphs.join('\n\n')}\n` : '';
  return { html, text };
}
