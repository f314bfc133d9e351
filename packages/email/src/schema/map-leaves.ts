import type { Design } from './design.ts';

type Block = Design['blocks'][number];
type LeafBlock = Exclude<Block, { type: 'columns' }>;

/**
 * Every leaf block, top level and inside columns, rebuilt by `change`. Kept apart from the brand
 * kit: the editor's link fixes use it on first load, and the brand kit brings the rich-text
 * sanitiser (about 90 KB gzipped), which the editor loads only on demand.
 */
export function mapLeaves(
  blocks: readonly Block[],
  change: (block: LeafBlock) => LeafBlock,
): Block[] {
  return blocks.map((block) =>
    block.type === 'columns'
      ? {
          ...block,
          columns: block.columns.map((column) => ({
            ...column,
            items: column.items.map((item) => change(item as LeafBlock)),
          })),
        }
      : change(block),
  ) as Block[];
}
