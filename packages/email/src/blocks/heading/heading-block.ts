import { z } from 'zod';
import { commonBlockFields } from '../../schema/block-common.ts';
import { richTextSchema, textSchema } from '../../schema/fields.ts';
import { textColor, textStyle } from '../../render/block-style.ts';
import { richTextHtml, richTextPlain } from '../../render/rich-text.ts';
import { visibleRichText } from '../../render/visible-text.ts';
import { defineBlock } from '../block-definition.ts';

/** Spec section 9: heading sizes 32/26/20 px. */
export const HEADING_FONT_SIZES = { h1: 32, h2: 26, h3: 20 } as const;

export const headingBlockSchema = z.object({
  ...commonBlockFields('heading', { fontWeight: 'bold' }),
  content: textSchema().default('A great big thank you'),
  html: richTextSchema.default(''),
  level: z.enum(['h1', 'h2', 'h3']).default('h2'),
});

export const headingBlock = defineBlock({
  type: 'heading',
  label: 'Heading',
  schema: headingBlockSchema,
  renderContent(block, ctx) {
    const { level } = block;
    const style = `margin:0;font-size:${HEADING_FONT_SIZES[level]}px;line-height:1.25;${textStyle(block, ctx.global)}`;
    return `<${level} style="${style}">${richTextHtml(block, textColor(block, ctx.global))}</${level}>`;
  },
  renderText: (block) => richTextPlain(block),
  orderContent: visibleRichText,
  sanitize: (block, ctx) => ({ ...block, html: ctx.sanitizeRichText(block.html) }),
});
