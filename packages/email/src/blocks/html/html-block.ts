// Imported HTML that did not map onto one of our blocks (a footer's small print, a product table):
// kept as it was written, but only through the rich-text allow-list (spec section 5), so it can
// carry nothing a text block could not. The editor shows it rendered and locked; it can be moved
// and deleted, not edited. It is never offered in the block picker: only the importer makes one.
import { z } from 'zod';
import { commonBlockFields } from '../../schema/block-common.ts';
import { richTextSchema } from '../../schema/fields.ts';
import { textColor, textStyle } from '../../render/block-style.ts';
import { richTextHtml, richTextPlain } from '../../render/rich-text.ts';
import { visibleRichText } from '../../render/visible-text.ts';
import { defineBlock } from '../block-definition.ts';

/** The text size an imported fragment starts from; its own inline font sizes still apply. */
export const HTML_BLOCK_FONT_SIZE = 14;

export const htmlBlockSchema = z.object({
  ...commonBlockFields('html'),
  /** Sanitised with sanitizeRichText when the design is saved, like a text block's html. */
  html: richTextSchema.default(''),
});

/** The html field as the rich-text helpers read it (a locked block has no plain `content`). */
function asRichText(block: { html: string }): { html: string; content: string } {
  return { html: block.html, content: '' };
}

export const htmlBlock = defineBlock({
  type: 'html',
  label: 'HTML',
  schema: htmlBlockSchema,
  inPicker: false,
  renderContent(block, ctx) {
    if (!block.html.trim()) return '';
    const style = `font-size:${HTML_BLOCK_FONT_SIZE}px;line-height:1.6;${textStyle(block, ctx.global)};overflow-wrap:break-word;word-break:break-word`;
    return `<div style="${style}">${richTextHtml(asRichText(block), textColor(block, ctx.global))}</div>`;
  },
  renderText: (block) => richTextPlain(asRichText(block)),
  orderContent: (block) => visibleRichText(asRichText(block)),
  sanitize: (block, ctx) => ({ ...block, html: ctx.sanitizeRichText(block.html) }),
});
