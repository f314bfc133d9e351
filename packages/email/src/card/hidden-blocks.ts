// Blocks the seller ticked "Leave off printed cards" for (an unsubscribe note, a "view in browser"
// line, a second button) are not on the card. The email keeps them.
import type { CommonBlock } from '../schema/block-common.ts';
import type { Design } from '../schema/design.ts';

type Column = { items: readonly CommonBlock[] };
type MaybeColumns = CommonBlock & { columns?: readonly Column[] };

function hasHiddenBlock(blocks: readonly MaybeColumns[]): boolean {
  return blocks.some(
    (block) =>
      block.hideOnCard === true ||
      (block.columns?.some((column) => hasHiddenBlock(column.items)) ?? false),
  );
}

function cardBlocks(blocks: readonly MaybeColumns[]): MaybeColumns[] {
  const kept: MaybeColumns[] = [];
  for (const block of blocks) {
    if (block.hideOnCard === true) continue;
    if (!block.columns || !hasHiddenBlock([block])) {
      kept.push(block);
      continue;
    }
    const columns = block.columns.map((column) => ({
      ...column,
      items: cardBlocks(column.items),
    }));
    // A row whose every item was left off would only be an empty band on the card.
    if (columns.some((column) => column.items.length > 0)) kept.push({ ...block, columns });
  }
  return kept;
}

/** The design as the card shows it; the same design when no block is left off. */
export function withoutCardHiddenBlocks(design: Design): Design {
  if (!hasHiddenBlock(design.blocks)) return design;
  return { ...design, blocks: cardBlocks(design.blocks) as Design['blocks'] };
}
