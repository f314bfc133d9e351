// Filling in an image's own size where the editor did not measure it (an image saved by an older
// editor, by the API, or before it loaded): an "auto" image needs it for Outlook's width attribute.
import type { Design } from '../../schema/design.ts';
import type { LeafBlock } from '../leaf-blocks.ts';

export interface ImageSize {
  width: number;
  height: number;
}

/** A size the sender knows for an image source (its stored upload), or undefined. */
export type ImageSizeLookup = (src: string) => ImageSize | undefined;

/** The sources of the "auto" images that carry no measured size, in reading order. */
export function unsizedImageSources(design: Design): string[] {
  const sources: string[] = [];
  const visit = (block: LeafBlock) => {
    if (
      block.type === 'image' &&
      block.width === 'auto' &&
      block.naturalWidth === null &&
      block.src
    )
      sources.push(block.src);
  };
  for (const block of design.blocks) {
    if (block.type === 'columns') block.columns.forEach((column) => column.items.forEach(visit));
    else visit(block);
  }
  return sources;
}

/**
 * The design with each unsized "auto" image given the size `sizeOf` knows for its source. Images
 * the editor measured, and ones with a set width, stay as the seller left them.
 */
export function withImageSizes(design: Design, sizeOf: ImageSizeLookup): Design {
  const sized = <T extends LeafBlock>(block: T): T => {
    if (block.type !== 'image' || block.width !== 'auto' || block.naturalWidth !== null)
      return block;
    const size = sizeOf(block.src);
    return size ? { ...block, naturalWidth: size.width, naturalHeight: size.height } : block;
  };
  return {
    ...design,
    blocks: design.blocks.map((block) =>
      block.type === 'columns'
        ? {
            ...block,
            columns: block.columns.map((column) => ({ ...column, items: column.items.map(sized) })),
          }
        : sized(block),
    ),
  };
}
