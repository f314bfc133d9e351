// Blocks the seller left out of a channel ("show in: email / card / message"): an unsubscribe note
// off the card, a "view in browser" line out of the message, a card-only note out of the email.
// Each channel leaves out its own; the others keep them.
import type { CommonBlock } from '../schema/block-common.ts';
import type { Design } from '../schema/design.ts';

export type Channel = 'email' | 'card' | 'message';

type Column = { items: readonly CommonBlock[] };
type MaybeColumns = CommonBlock & { columns?: readonly Column[] };

const HIDDEN: Record<Channel, (block: CommonBlock) => boolean> = {
  email: (block) => block.hideInEmail === true,
  card: (block) => block.hideOnCard === true,
  message: (block) => block.hideInMessage === true,
};

function hasHiddenBlock(blocks: readonly MaybeColumns[], hidden: (b: CommonBlock) => boolean) {
  return blocks.some(
    (block): boolean =>
      hidden(block) ||
      (block.columns?.some((column) => hasHiddenBlock(column.items, hidden)) ?? false),
  );
}

function shownBlocks(
  blocks: readonly MaybeColumns[],
  hidden: (b: CommonBlock) => boolean,
): MaybeColumns[] {
  const kept: MaybeColumns[] = [];
  for (const block of blocks) {
    if (hidden(block)) continue;
    if (!block.columns || !hasHiddenBlock([block], hidden)) {
      kept.push(block);
      continue;
    }
    const columns = block.columns.map((column) => ({
      ...column,
      items: shownBlocks(column.items, hidden),
    }));
    // A row whose every item was left out would only be an empty band.
    if (columns.some((column) => column.items.length > 0)) kept.push({ ...block, columns });
  }
  return kept;
}

/** The design as `channel` shows it; the same design when no block is left out of it. */
export function withoutHiddenBlocks(design: Design, channel: Channel): Design {
  const hidden = HIDDEN[channel];
  if (!hasHiddenBlock(design.blocks, hidden)) return design;
  return { ...design, blocks: shownBlocks(design.blocks, hidden) as Design['blocks'] };
}

/** The design as the card shows it; the same design when no block is left off. */
export function withoutCardHiddenBlocks(design: Design): Design {
  return withoutHiddenBlocks(design, 'card');
}
