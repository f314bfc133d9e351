// How many QR codes a card may hold. Each one is a few milliseconds to tens of milliseconds of
// CPU (a long link needs a large symbol), and a card is about 4×6 in: past a handful, the codes
// are too small to scan and the cost of a print batch grows with every button of the template.
import type { CommonBlock } from '../schema/block-common.ts';
import type { Design } from '../schema/design.ts';
import { withoutCardHiddenBlocks } from './hidden-blocks.ts';

/** QR codes on one printed card, at most. */
export const MAX_QR_CODES_PER_CARD = 4;

type MaybeColumns = CommonBlock & { columns?: ReadonlyArray<{ items: readonly CommonBlock[] }> };

function countButtonsWithLinks(blocks: readonly MaybeColumns[]): number {
  let count = 0;
  for (const block of blocks) {
    const url = (block as { url?: unknown }).url;
    if (block.type === 'button' && typeof url === 'string' && url.trim() !== '') count += 1;
    for (const column of block.columns ?? []) count += countButtonsWithLinks(column.items);
  }
  return count;
}

/**
 * The QR codes a card of this design may draw: every button with a link that is not left off
 * cards (one whose link an order leaves empty counts too, so the answer is the same for every
 * order of the template).
 */
export function cardQrCodeCount(design: Design): number {
  return countButtonsWithLinks(withoutCardHiddenBlocks(design).blocks);
}
