import { z } from 'zod';
import { commonBlockFields } from '../../schema/block-common.ts';
import { colorSchema, numberInRange, textSchema, urlSchema } from '../../schema/fields.ts';
import { DESIGN_RANGES } from '../../schema/ranges.ts';
import { hasColor } from '../../render/block-style.ts';
import { toFontStack } from '../../render/fonts.ts';
import { escapeHtml } from '../../render/html.ts';
import { bulletproofButton } from '../../render/layout.ts';
import { safeLinkUrl } from '../../render/urls.ts';
import { defineBlock } from '../block-definition.ts';

/** Spec section 9: font size and vertical/horizontal padding per button size. */
export const BUTTON_SIZES = {
  xs: { fontSize: 12, paddingY: 8, paddingX: 14 },
  sm: { fontSize: 14, paddingY: 10, paddingX: 18 },
  md: { fontSize: 16, paddingY: 12, paddingX: 22 },
  lg: { fontSize: 18, paddingY: 14, paddingX: 26 },
} as const;

/** Spec section 9: pill 9999px, rounded 12px, any other shape 4px. */
export function buttonRadius(style: string): number {
  if (style === 'pill') return 9999;
  if (style === 'rounded') return 12;
  return 4;
}

export const buttonBlockSchema = z.object({
  ...commonBlockFields('button', { align: 'center', fontWeight: 'bold' }),
  text: textSchema(200).default('Click me'),
  // The shop's own address is the one placeholder that is never a dead link.
  url: urlSchema.default('[shop-url]'),
  width: z.enum(['auto', 'full']).default('auto'),
  size: z.enum(['xs', 'sm', 'md', 'lg']).default('md'),
  style: z.enum(['rectangle', 'square', 'rounded', 'pill']).default('rounded'),
  textColor: colorSchema.default('#ffffff'),
  buttonColor: colorSchema.default('#4f46e5'),
  /** Overrides the size's font size when set. */
  fontSize: numberInRange(DESIGN_RANGES.fontSize, { integer: true }).optional(),
});

export const buttonBlock = defineBlock({
  type: 'button',
  label: 'Button',
  schema: buttonBlockSchema,
  renderContent(block, ctx) {
    const size = BUTTON_SIZES[block.size];
    const family = block.fontFamily === 'inherit' ? ctx.global.fontFamily : block.fontFamily;
    return bulletproofButton({
      href: escapeHtml(safeLinkUrl(block.url) || '#'),
      label: escapeHtml(block.text),
      color: hasColor(block.textColor) ? block.textColor : '#ffffff',
      background: hasColor(block.buttonColor) ? block.buttonColor : '',
      paddingY: size.paddingY,
      paddingX: size.paddingX,
      radius: buttonRadius(block.style),
      fontSize: block.fontSize ?? size.fontSize,
      fontFamily: toFontStack(family),
      fontWeight: block.fontWeight,
      isFullWidth: block.width === 'full',
      align: block.align,
      maxWidthPx: ctx.contentPx,
    });
  },
  renderText(block) {
    const url = safeLinkUrl(block.url);
    return url && url !== '#' ? `${block.text}: ${url}` : block.text;
  },
  orderContent: (block) => ({
    content: block.text,
    link: block.url,
    unlinked: { ...block, url: '' },
  }),
});
