// The names the canvas gives blocks ("Text block 3"), so an item names the block the seller sees.
import { definitionOf } from '../blocks/registry.ts';
import type { LeafBlock } from '../blocks/leaf-blocks.ts';
import type { Design } from '../schema/design.ts';

export interface NamedLeaf {
  block: LeafBlock;
  name: string;
  /** The columns block around it, when it sits in a column. */
  parent: Extract<Design['blocks'][number], { type: 'columns' }> | null;
}

const labelOf = (type: string) => definitionOf(type)?.label ?? 'Block';

/** Top-level blocks are numbered as on the canvas; a block in a column says which one. */
export function blockNames(design: Design): Map<string, string> {
  const names = new Map<string, string>();
  design.blocks.forEach((block, index) => {
    const name = `${labelOf(block.type)} block ${index + 1}`;
    names.set(block.id, name);
    if (block.type === 'columns') {
      block.columns.forEach((column, c) =>
        column.items.forEach((item, i) =>
          names.set(item.id, `${labelOf(item.type)} ${i + 1} in column ${c + 1} of ${name}`),
        ),
      );
    }
  });
  return names;
}

/** Every block that is not a columns block, in reading order, with its name and parent. */
export function namedLeaves(design: Design): NamedLeaf[] {
  const names = blockNames(design);
  return design.blocks.flatMap((block): NamedLeaf[] =>
    block.type === 'columns'
      ? block.columns.flatMap((column) =>
          column.items.map((item) => ({
            block: item as LeafBlock,
            name: names.get(item.id) ?? labelOf(item.type),
            parent: block,
          })),
        )
      : [
          {
            block: block as LeafBlock,
            name: names.get(block.id) ?? labelOf(block.type),
            parent: null,
          },
        ],
  );
}
