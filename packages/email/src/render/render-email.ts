// The renderer: parse -> resolve global style -> render blocks through the registry -> wrap in the
// email shell -> plain text. Pure (no DOM, no clock, no randomness): the editor preview, the API and
// the sender call this same function and get the same bytes.
import type { CommonBlock } from '../schema/block-common.ts';
import { designSchema, type DesignInput } from '../schema/design.ts';
import type { GlobalStyle } from '../schema/global-style.ts';
import { CANVAS_WIDTH_PX, wrapInEmailShell } from './email-shell.ts';
import { webFontsUrl } from './fonts.ts';
import { blockTexts, renderBlockRows, type RenderEnvironment } from './render-blocks.ts';
import { responsiveCss } from './responsive-css.ts';

export interface RenderOptions {
  /** Inbox preview line shown after the subject; may hold tokens. */
  preheader?: string;
  /** Document title (clients that show one use the subject). */
  title?: string;
}

export interface RenderedEmail {
  html: string;
  text: string;
}

type NestedBlock = CommonBlock & { columns?: readonly { items: readonly CommonBlock[] }[] };

function fontFamiliesUsed(global: GlobalStyle, blocks: readonly NestedBlock[]): string[] {
  const families = [global.fontFamily];
  const visit = (block: CommonBlock) => {
    if (block.fontFamily !== 'inherit') families.push(block.fontFamily);
  };
  for (const block of blocks) {
    visit(block);
    if (block.columns) for (const column of block.columns) column.items.forEach(visit);
  }
  return families;
}

/** Renders a design (validated and defaulted here; throws a ZodError if invalid) to email HTML and text. */
export function renderEmail(input: DesignInput, options: RenderOptions = {}): RenderedEmail {
  const design = designSchema.parse(input);
  const { global, blocks } = design;
  // A canvas border takes 1px on each side from the blocks.
  const contentPx = CANVAS_WIDTH_PX - (global.canvasBorderSwitch ? 2 : 0);
  const env: RenderEnvironment = { global, columnWidths: new Set() };
  const rows = renderBlockRows(blocks, contentPx, env);
  const html = wrapInEmailShell({
    global,
    rows,
    responsiveCss: responsiveCss(env.columnWidths),
    fontsUrl: webFontsUrl(fontFamiliesUsed(global, blocks)),
    preheader: options.preheader ?? '',
    title: options.title ?? '',
  });
  const paragraphs = blockTexts(blocks);
  const text = paragraphs.length > 0 ? `${paragraphs.join('\n\n')}\n` : '';
  return { html, text };
}
