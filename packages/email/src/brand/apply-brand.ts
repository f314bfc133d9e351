// A seller's brand kit worn by a design: logo, colours, font and sign-off. The Brand page, the
// "Apply brand" command and the starter designs all dress a design through this one function.
import { blockIdSchema } from '../schema/fields.ts';
import { MAX_URL_LENGTH } from '../schema/limits.ts';
import type { Design } from '../schema/design.ts';
import type { BrandGlobalField } from '../schema/global-style.ts';
import { sanitizeRichText } from '../sanitize/sanitize-rich-text.ts';
import { escapeHtml } from '../render/html.ts';
import { mapLeaves } from '../schema/map-leaves.ts';
import { contrastRatio, readableTextOn } from './contrast.ts';
import {
  SIGN_OFF_BLOCK_ID,
  brandBlock,
  brandColor,
  brandFont,
  ownsStyle,
  type BrandKit,
} from './brand-style.ts';

export { SIGN_OFF_BLOCK_ID, mapLeaves, type BrandKit };

/** A brand kit with nothing set: applying it changes nothing. */
export const EMPTY_BRAND: BrandKit = Object.freeze({
  logoUrl: null,
  primaryColor: null,
  backgroundColor: null,
  textColor: null,
  fontFamily: null,
  signOff: null,
});

/** The block id of the logo image in starter designs (and the one applyBrand inserts). */
export const LOGO_BLOCK_ID = 'logo';
/** Width of a logo applyBrand inserts or one whose width the design left to the image. */
export const LOGO_WIDTH_PX = 160;
/** Alt text of the logo: the shop's name, filled per order. */
export const LOGO_ALT = '[shop-name]';

type Block = Design['blocks'][number];
type LeafBlock = Exclude<Block, { type: 'columns' }>;
type ImageBlock = Extract<Block, { type: 'image' }>;

// The brand arrives validated from the API, but the function is public: a value that could not be
// saved (a colour with `;`, a javascript: logo) is ignored rather than written into a design.
function validLogoUrl(value: string | null): string | null {
  const trimmed = value?.trim();
  if (!trimmed || trimmed.length > MAX_URL_LENGTH || /[\s"'<>`\\]/.test(trimmed)) return null;
  try {
    const url = new URL(trimmed);
    return url.protocol === 'https:' || url.protocol === 'http:' ? trimmed : null;
  } catch {
    return null;
  }
}
function validSignOff(value: string | null): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed.slice(0, 500) : null;
}

/** The sign-off as rich text: one paragraph, its lines kept, in the form saving would store. */
export function signOffHtml(signOff: string): string {
  const lines = signOff
    .split(/\r?\n/)
    .map((line) => escapeHtml(line.trim()))
    .filter(Boolean);
  return sanitizeRichText(`<p>${lines.join('<br />')}</p>`);
}

function allIds(blocks: readonly Block[]): Set<string> {
  const ids = new Set<string>();
  for (const block of blocks) {
    ids.add(block.id);
    if (block.type === 'columns') {
      for (const column of block.columns) {
        ids.add(column.id);
        for (const item of column.items) ids.add(item.id);
      }
    }
  }
  return ids;
}

function freeId(blocks: readonly Block[], wanted: string): string {
  const ids = allIds(blocks);
  if (!ids.has(wanted)) return wanted;
  for (let n = 2; ; n += 1) {
    const id = `${wanted}-${n}`;
    if (!ids.has(id) && blockIdSchema.safeParse(id).success) return id;
  }
}

/**
 * The id of the design's logo: the image with id `logo` (anywhere), else the first image among the
 * blocks at the top of the design (before any words or button), else none.
 */
function findLogoId(blocks: readonly Block[]): string | null {
  for (const block of blocks) {
    if (block.type === 'image' && block.id === LOGO_BLOCK_ID) return block.id;
    if (block.type === 'columns') {
      for (const column of block.columns)
        for (const item of column.items)
          if (item.type === 'image' && item.id === LOGO_BLOCK_ID) return item.id;
    }
  }
  for (const block of blocks) {
    if (block.type === 'image') return block.id;
    if (block.type !== 'spacer' && block.type !== 'divider') return null;
  }
  return null;
}

function withLogo(image: ImageBlock, logoUrl: string): ImageBlock {
  if (image.src === logoUrl) return image;
  return {
    ...image,
    src: logoUrl,
    alt: image.alt.trim() ? image.alt : LOGO_ALT,
    // The sizes measured belonged to the old picture.
    naturalWidth: null,
    naturalHeight: null,
    height: 'auto',
    // An "auto" width without a measured size would give Outlook the file's own width.
    width: image.width === 'auto' ? LOGO_WIDTH_PX : image.width,
  };
}

function insertedLogo(id: string, logoUrl: string): ImageBlock {
  return {
    id,
    type: 'image',
    widthPct: 100,
    background: '',
    padding: { top: 32, right: 24, bottom: 16, left: 24 },
    radii: { topLeft: 0, topRight: 0, bottomRight: 0, bottomLeft: 0 },
    align: 'center',
    color: '',
    fontFamily: 'inherit',
    fontWeight: 'normal',
    src: logoUrl,
    alt: LOGO_ALT,
    href: '[shop-url]',
    width: LOGO_WIDTH_PX,
    height: 'auto',
    naturalWidth: null,
    naturalHeight: null,
    vAlign: 'middle',
  };
}

/** A sign-off text block lined up with the design's last words (their side padding and alignment). */
function appendedSignOff(id: string, html: string, blocks: readonly Block[]): LeafBlock {
  const words = blocks.findLast((block) => block.type === 'text' || block.type === 'heading');
  const side = words ? words.padding : { left: 24, right: 24 };
  return {
    id,
    type: 'text',
    widthPct: 100,
    background: '',
    padding: { top: 8, right: side.right, bottom: 32, left: side.left },
    radii: { topLeft: 0, topRight: 0, bottomRight: 0, bottomLeft: 0 },
    align: words?.align ?? 'left',
    color: '',
    fontFamily: 'inherit',
    fontWeight: 'normal',
    content: '',
    html,
    fontSize: 16,
  };
}

/**
 * The design wearing the brand. Pure: returns a new design and never changes its argument; a null
 * (or unusable) field changes nothing, and applying the same brand twice equals applying it once.
 * What the seller set by hand (a block's or the design's `ownStyle`) is kept as it is; every block
 * goes through `brandBlock`, the rules a block added in the editor follows too.
 *
 * - primaryColor: every button's colour (its label white or near-black, whichever reads at 4.5:1
 *   or better) and every divider (the accent lines), and the canvas border when one is shown.
 * - backgroundColor: the backdrop around the canvas.
 * - textColor: the design's text colour, and blocks that spelled out the old one.
 * - fontFamily: the design's font, and blocks that spelled out the old one.
 * - logoUrl: the logo image (id `logo`, else the first image at the top), or a centred 160px logo
 *   inserted at the top, its alt text the shop's name.
 * - signOff: the text of the block with id `sign-off`, or a text block appended at the end.
 */
export function applyBrand(design: Design, brand: BrandKit): Design {
  const primary = brandColor(brand.primaryColor);
  const backdrop = brandColor(brand.backgroundColor);
  const text = brandColor(brand.textColor);
  const font = brandFont(brand.fontFamily);
  const logoUrl = validLogoUrl(brand.logoUrl);
  const signOff = validSignOff(brand.signOff);

  const oldGlobal = design.global;
  const own = (field: BrandGlobalField) => oldGlobal.ownStyle?.includes(field) ?? false;
  const global = {
    ...oldGlobal,
    ...(backdrop && !own('backdropColor') && { backdropColor: backdrop }),
    ...(text && !own('textColor') && { textColor: text }),
    ...(font && !own('fontFamily') && { fontFamily: font }),
    ...(primary &&
      oldGlobal.canvasBorderSwitch &&
      !own('canvasBorderColor') && { canvasBorderColor: primary }),
  };

  // Words that spell out the design's own text colour keep it while the seller owns that colour.
  const blockBrand = own('textColor') ? { ...brand, textColor: null } : brand;
  const logoId = logoUrl ? findLogoId(design.blocks) : null;
  const signOffRich = signOff ? signOffHtml(signOff) : null;
  let signOffFound = false;

  let blocks = mapLeaves(design.blocks, (block) => {
    let next: LeafBlock = brandBlock(block, blockBrand, oldGlobal);
    if (logoUrl && next.type === 'image' && next.id === logoId && !ownsStyle(next, 'src'))
      next = withLogo(next, logoUrl);
    if (signOffRich && next.id === SIGN_OFF_BLOCK_ID) {
      if (next.type === 'text' || next.type === 'heading') {
        signOffFound = true;
        if (next.html !== signOffRich && !ownsStyle(next, 'html'))
          next = { ...next, content: '', html: signOffRich };
      }
    }
    return next;
  });

  if (logoUrl && !logoId) {
    blocks = [insertedLogo(freeId(blocks, LOGO_BLOCK_ID), logoUrl), ...blocks];
  }
  if (signOffRich && !signOffFound) {
    blocks = [...blocks, appendedSignOff(freeId(blocks, SIGN_OFF_BLOCK_ID), signOffRich, blocks)];
  }
  return { ...design, global, blocks };
}

export { contrastRatio, readableTextOn };
