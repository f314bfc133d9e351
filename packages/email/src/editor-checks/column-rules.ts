// Columns on phones. Every columns block stacks below SIDE_BY_SIDE_MIN_PX (responsive-css.ts and
// the inline fallback in layout.ts), so a phone held upright shows one column at a time. From that
// width up they stay side by side: on a phone turned sideways or a small tablet, a column narrow
// enough to hold one word a line is the way columns still fail on phones.
import { blockContentPx } from '../render/block-style.ts';
import { SIDE_BY_SIDE_MIN_PX, SIDE_GUTTER_PX } from '../render/dimensions.ts';
import type { Design } from '../schema/design.ts';
import type { EditorCheckItem } from './check-items.ts';

/** Narrower than this, words of 16 px break one or two to a line. */
export const MIN_READABLE_COLUMN_PX = 120;
/** The narrowest screen that keeps columns side by side, less the email's side gutters. */
const NARROWEST_SIDE_BY_SIDE_PX = SIDE_BY_SIDE_MIN_PX - 2 * SIDE_GUTTER_PX;

const WORDS = new Set(['heading', 'text', 'button']);

/** Each column's width in px at the narrowest screen where it does not stack. */
export function narrowestColumnWidthsPx(
  block: Extract<Design['blocks'][number], { type: 'columns' }>,
): number[] {
  const rowPx = blockContentPx(block, NARROWEST_SIDE_BY_SIDE_PX);
  const total = block.columns.reduce((sum, column) => sum + column.widthPct, 0);
  return block.columns.map((column) =>
    Math.max(0, Math.floor((rowPx * column.widthPct) / total) - block.gutter),
  );
}

export function columnItems(design: Design, names: ReadonlyMap<string, string>): EditorCheckItem[] {
  const items: EditorCheckItem[] = [];
  for (const block of design.blocks) {
    if (block.type !== 'columns') continue;
    const widths = narrowestColumnWidthsPx(block);
    const narrow = block.columns
      .map((column, index) => ({ column, index, px: widths[index] ?? 0 }))
      .filter(
        ({ column, px }) =>
          px < MIN_READABLE_COLUMN_PX && column.items.some((item) => WORDS.has(item.type)),
      );
    if (narrow.length === 0) continue;
    const which = narrow.map(({ index, px }) => `column ${index + 1} is ${px} px`).join(', ');
    items.push({
      key: `columns:${block.id}`,
      rule: 'columns',
      level: 'warn',
      target: { kind: 'block', blockId: block.id, name: names.get(block.id) ?? 'Columns' },
      problem: `These columns stack only on phones held upright; on a phone turned sideways they stay side by side and ${which} wide, so its words break one or two to a line.`,
      fix: `Use fewer columns, or widen the narrow one (at least ${Math.ceil(((MIN_READABLE_COLUMN_PX + block.gutter) / NARROWEST_SIDE_BY_SIDE_PX) * 100)} % of the row), or move its words into a block below.`,
    });
  }
  return items;
}
