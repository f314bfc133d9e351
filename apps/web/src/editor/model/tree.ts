// The one place that knows how blocks nest: a design holds a root list, and a columns block holds one
// list per column. Every command finds and rewrites blocks through these helpers, never by hand.
import type { Block, Design, LeafBlock } from '@thankly/email';

/** Where a list of blocks lives: the canvas itself, or one column of a columns block. */
export type ListRef = { kind: 'root' } | { kind: 'column'; columnsId: string; columnId: string };

export const ROOT: ListRef = { kind: 'root' };

export interface FoundBlock {
  block: Block;
  list: ListRef;
  index: number;
  siblings: readonly Block[];
}

type ColumnsBlock = Extract<Block, { type: 'columns' }>;

export function isColumnsBlock(block: Block): block is ColumnsBlock {
  return block.type === 'columns';
}

/** Finds a block anywhere in the design, with the list that holds it. */
export function findBlock(design: Design, id: string): FoundBlock | null {
  const { blocks } = design;
  for (let index = 0; index < blocks.length; index += 1) {
    const block = blocks[index]!;
    if (block.id === id) return { block, list: ROOT, index, siblings: blocks };
    if (isColumnsBlock(block)) {
      for (const column of block.columns) {
        const inner = column.items.findIndex((item) => item.id === id);
        if (inner >= 0) {
          return {
            block: column.items[inner]!,
            list: { kind: 'column', columnsId: block.id, columnId: column.id },
            index: inner,
            siblings: column.items,
          };
        }
      }
    }
  }
  return null;
}

/** The blocks of a list, or null when the list does not exist. */
export function listItems(design: Design, list: ListRef): readonly Block[] | null {
  if (list.kind === 'root') return design.blocks;
  const columns = design.blocks.find((b) => b.id === list.columnsId);
  if (!columns || !isColumnsBlock(columns)) return null;
  return columns.columns.find((c) => c.id === list.columnId)?.items ?? null;
}

/**
 * Rewrites one list. Untouched blocks keep their identity, so the canvas re-renders only what
 * changed. Column lists only ever hold leaf blocks: callers check before putting a columns block there.
 */
export function replaceList(
  design: Design,
  list: ListRef,
  update: (items: readonly Block[]) => readonly Block[],
): Design {
  if (list.kind === 'root') {
    const next = update(design.blocks);
    return next === design.blocks ? design : { ...design, blocks: [...next] };
  }
  return updateColumnsBlock(design, list.columnsId, (block) => {
    let changed = false;
    const columns = block.columns.map((column) => {
      if (column.id !== list.columnId) return column;
      const items = update(column.items);
      if (items === column.items) return column;
      changed = true;
      return { ...column, items: items as LeafBlock[] };
    });
    return changed ? { ...block, columns } : block;
  });
}

/** Replaces one block wherever it is; `update` returning the same object changes nothing. */
export function replaceBlock(design: Design, id: string, update: (block: Block) => Block): Design {
  const found = findBlock(design, id);
  if (!found) return design;
  return replaceList(design, found.list, (items) => {
    const next = update(found.block);
    if (next === found.block) return items;
    const copy = [...items];
    copy[found.index] = next;
    return copy;
  });
}

/** Applies `update` to a top-level columns block. */
export function updateColumnsBlock(
  design: Design,
  columnsId: string,
  update: (block: ColumnsBlock) => ColumnsBlock,
): Design {
  const index = design.blocks.findIndex((b) => b.id === columnsId);
  const block = design.blocks[index];
  if (!block || !isColumnsBlock(block)) return design;
  const next = update(block);
  if (next === block) return design;
  const blocks = [...design.blocks];
  blocks[index] = next;
  return { ...design, blocks };
}

/** Every block in document order, column items right after their columns block. */
export function* walkBlocks(design: Design): Generator<Block> {
  for (const block of design.blocks) {
    yield block;
    if (isColumnsBlock(block)) for (const column of block.columns) yield* column.items;
  }
}
