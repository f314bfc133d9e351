import { z } from 'zod';
import { commonBlockFields } from '../../schema/block-common.ts';
import { numberInRange, textSchema, urlSchema } from '../../schema/fields.ts';
import { DESIGN_RANGES } from '../../schema/ranges.ts';
import { escapeHtml } from '../../render/html.ts';
import { safeImageUrl, safeLinkUrl } from '../../render/urls.ts';
import { defineBlock } from '../block-definition.ts';

/** Larger than any image an email should carry; a measured size beyond it is refused. */
export const MAX_NATURAL_PX = 20_000;

export const imageBlockSchema = z.object({
  ...commonBlockFields('image', { align: 'center' }),
  /** Empty until the seller picks an image; an image without a usable src renders nothing. */
  src: urlSchema.default(''),
  alt: textSchema(500).default(''),
  /** Click-through link. */
  href: urlSchema.default(''),
  /** auto: natural size up to the block width; full: the block width; a number: that many px. */
  width: z
    .union([z.enum(['auto', 'full']), numberInRange(DESIGN_RANGES.imageWidth, { integer: true })])
    .default('auto'),
  height: z
    .union([z.literal('auto'), numberInRange(DESIGN_RANGES.imageHeight, { integer: true })])
    .default('auto'),
  /**
   * The image's own size in px, measured by the editor when the image loads (the server never
   * fetches images). Lets an "auto" image tell Outlook its width; null until measured.
   */
  naturalWidth: numberInRange({ min: 1, max: MAX_NATURAL_PX }, { integer: true })
    .nullable()
    .default(null),
  naturalHeight: numberInRange({ min: 1, max: MAX_NATURAL_PX }, { integer: true })
    .nullable()
    .default(null),
  vAlign: z.enum(['top', 'middle', 'bottom']).default('middle'),
});

const MARGIN_BY_ALIGN = { left: 'margin:0', center: 'margin:0 auto', right: 'margin:0 0 0 auto' };

export const imageBlock = defineBlock({
  type: 'image',
  label: 'Image',
  schema: imageBlockSchema,
  renderContent(block, ctx) {
    const src = safeImageUrl(block.src);
    if (!src) return '';
    let attrs = `src="${escapeHtml(src)}" alt="${escapeHtml(block.alt)}"`;
    let style = `display:block;${MARGIN_BY_ALIGN[block.align]};border:0;outline:none;text-decoration:none;height:auto;vertical-align:${block.vAlign}`;
    // Outlook sizes images by the width attribute only and ignores max-width, so it gets a px width.
    if (block.width === 'full') {
      attrs += ` width="${ctx.contentPx}"`;
      style += ';width:100%';
    } else if (typeof block.width === 'number') {
      attrs += ` width="${Math.min(block.width, ctx.contentPx)}"`;
      style += `;width:100%;max-width:${block.width}px`;
    } else if (block.naturalWidth !== null) {
      // Outlook for Windows draws an image without a width attribute at its natural size, however
      // wide: the attribute gets the smaller of that size and the room the block has.
      const px = Math.min(block.naturalWidth, ctx.contentPx);
      attrs += ` width="${px}"`;
      style += `;width:100%;max-width:${px}px`;
    } else {
      style += ';max-width:100%';
    }
    if (typeof block.height === 'number') attrs += ` height="${block.height}"`;
    const image = `<img ${attrs} style="${style}">`;
    const href = safeLinkUrl(block.href);
    return href
      ? `<a href="${escapeHtml(href)}" target="_blank" rel="noopener noreferrer" style="text-decoration:none">${image}</a>`
      : image;
  },
  renderText(block) {
    if (!safeImageUrl(block.src)) return '';
    const href = safeLinkUrl(block.href);
    return href && block.alt ? `${block.alt}: ${href}` : block.alt;
  },
});
