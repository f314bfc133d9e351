// A block that shows only tokens this order cannot fill would reach the buyer as an empty purple
// pill or a stray colon. Such blocks are left out of that order's email (HTML and plain text).
import { definitionOf } from '../blocks/registry.ts';
import type { CommonBlock } from '../schema/block-common.ts';
import type { Design } from '../schema/design.ts';
import { fillTokens, findTokens, tokenText, tokenValue, type TokenValues } from './tokens.ts';

// What is left once the empty tokens are gone: nothing a reader would miss.
const NOTHING_VISIBLE = /^[\s\p{P}\p{S}]*$/u;

/** The text holds a token this order leaves empty (no value and no fallback). */
function holdsEmptyToken(text: string, values: TokenValues): boolean {
  return findTokens(text).some(({ name, fallback }) => tokenText(name, fallback, values) === '');
}

/** The text shows a value of this order's own (a fallback is the seller's words, not the order's). */
export function showsOrderValue(text: string, values: TokenValues): boolean {
  return findTokens(text).some(({ name }) => tokenValue(name, values) !== '');
}

/** Only empty tokens (and spaces or punctuation around them) make up the text for this order. */
export function isOnlyEmptyTokens(text: string, values: TokenValues): boolean {
  return (
    holdsEmptyToken(text, values) &&
    NOTHING_VISIBLE.test(fillTokens(text, values, { escape: 'none' }))
  );
}

/** The block as this order shows it: null when it is left out, without its link when that is empty. */
function shownBlock(block: CommonBlock, values: TokenValues): CommonBlock | null {
  const shown = definitionOf(block.type)?.orderContent?.(block as never);
  if (!shown) return block;
  if (isOnlyEmptyTokens(shown.content, values)) return null;
  if (shown.link === undefined || !isOnlyEmptyTokens(shown.link, values)) return block;
  // A button that leads nowhere goes too, unless its words show the order's own value (a coupon
  // code the buyer can still read and type): then it stays, without the link (no "CODE: " in text).
  return showsOrderValue(shown.content, values) ? (shown.unlinked ?? block) : null;
}

type Column = { items: readonly CommonBlock[] };
type MaybeColumns = CommonBlock & { columns?: readonly Column[] };

/** The blocks kept for this order; null when none of them changed (the same array stays in use). */
function keptBlocks(blocks: readonly MaybeColumns[], values: TokenValues): MaybeColumns[] | null {
  let changed = false;
  const kept: MaybeColumns[] = [];
  for (const original of blocks) {
    const block = shownBlock(original, values) as MaybeColumns | null;
    if (block !== original) changed = true;
    if (!block) continue;
    if (!block.columns) {
      kept.push(block);
      continue;
    }
    // Columns hold blocks of their own: each column keeps what still says something, and a row
    // whose every column ends up empty is left out with them.
    let columnsChanged = false;
    const columns = block.columns.map((column) => {
      const items = keptBlocks(column.items as MaybeColumns[], values);
      if (!items) return column;
      columnsChanged = true;
      return { ...column, items };
    });
    if (!columnsChanged) {
      kept.push(block);
      continue;
    }
    changed = true;
    if (columns.some((column) => column.items.length > 0)) kept.push({ ...block, columns });
  }
  return changed ? kept : null;
}

/**
 * The design as this order's email shows it: every block whose visible content is only tokens
 * the order leaves empty is gone. Returns the same design when nothing is left out.
 */
export function withoutEmptyTokenBlocks(design: Design, values: TokenValues): Design {
  const blocks = keptBlocks(design.blocks, values);
  return blocks ? { ...design, blocks: blocks as Design['blocks'] } : design;
}
