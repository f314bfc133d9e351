// What the seller put in a design, read block by block (the items inside columns included): its
// pictures and how much text stands beside them.
import type { LeafBlock } from '../blocks/leaf-blocks.ts';
import { richTextPlain } from '../render/rich-text.ts';
import { safeImageUrl } from '../render/urls.ts';
import type { Design } from '../schema/design.ts';
import { visibleCharacterCount } from './email-html.ts';

/** Every block that is not a columns block, in reading order. */
export function leafBlocks(design: Design): LeafBlock[] {
  return design.blocks.flatMap((block) =>
    block.type === 'columns' ? block.columns.flatMap((column) => column.items) : [block],
  );
}

export interface DesignImage {
  blockId: string;
  src: string;
  alt: string;
}

/** The image blocks a buyer sees: one without a usable source renders nothing. */
export function designImages(design: Design): DesignImage[] {
  return leafBlocks(design).flatMap((block) =>
    block.type === 'image' && safeImageUrl(block.src)
      ? [{ blockId: block.id, src: block.src, alt: block.alt }]
      : [],
  );
}

/** Visible characters of the design's words: headings, text and button labels. */
export function designTextCharacters(design: Design): number {
  let count = 0;
  for (const block of leafBlocks(design)) {
    if (block.type === 'heading' || block.type === 'text') {
      count += visibleCharacterCount(richTextPlain(block));
    } else if (block.type === 'button') {
      count += visibleCharacterCount(block.text);
    }
  }
  return count;
}
