import { z } from 'zod';
import { commonBlockFields } from '../../schema/block-common.ts';
import { numberInRange, richTextSchema, textSchema } from '../../schema/fields.ts';
import { DESIGN_RANGES } from '../../schema/ranges.ts';
import { textColor, textStyle } from '../../render/block-style.ts';
import { richTextHtml, richTextPlain } from '../../render/rich-text.ts';
import { visibleRichText } from '../../render/visible-text.ts';
import { defineBlock } from '../block-definition.ts';

/** Spec section 9: the font sizes the rich-text editor offers. */
export const TEXT_FONT_SIZES = [12, 14, 16, 18, 20, 24, 28, 32] as const;

export const textBlockSchema = z.object({
  ...commonBlockFields('text'),
  content: textSchema().default('Your message goes here - say something nice!'),
  html: richTextSchema.default(''),
  fontSize: numberInRange(DESIGN_RANGES.fontSize, { integer: true }).default(16),
});

export const textBlock = defineBlock({
  type: 'text',
  label: 'Text',
  schema: textBlockSchema,
  renderContent(block, ctx) {
    // Long unbroken words (links, coupon codes) must wrap instead of widening a phone screen.
    const style = `font-size:${block.fontSize}px;line-height:1.6;${textStyle(block, ctx.global)};overflow-wrap:break-word;word-break:break-word`;
    return `<div style="${style}">${richTextHtml(block, textColor(block, ctx.global))}</div>`;
  },
  renderText: (block) => richTextPlain(block),
  orderContent: visibleRichText,
  sanitize: (block, ctx) => ({ ...block, html: ctx.sanitizeRichText(block.html) }),
});
