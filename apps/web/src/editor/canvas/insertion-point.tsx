// An insertion point on the line between two blocks (and before the first, after the last): a "+"
// that shows while the pointer is over that line or while it has the keyboard's focus, and opens
// the block picker to insert exactly there. It takes no room: the blocks sit where the email puts
// them, and the point lies across the seam between them.
//
// Memoised, on primitive props (a new `at` object each render would defeat it): every edit gives
// the list a new array and renders it again, and re-rendering every point's picker for each
// keystroke was most of the time from a keystroke to the updated canvas on a 200-block design.
import { memo, useMemo } from 'react';
import type { InsertTarget } from '../model/commands.ts';
import { BlockPicker } from './block-picker.tsx';

export const InsertionPoint = memo(function InsertionPoint({
  targetId,
  position,
  label,
  allowColumns,
  edge,
}: {
  /** The block the point sits beside, and on which side of it. */
  targetId: string;
  position: 'above' | 'below';
  /** Its accessible name, e.g. "Add a block after Heading block 1". */
  label: string;
  allowColumns: boolean;
  /** The first point sits inside the list's top edge, the last inside its bottom edge. */
  edge?: 'top' | 'bottom';
}) {
  const at = useMemo<InsertTarget>(() => ({ targetId, position }), [targetId, position]);
  const place = edge === 'top' ? 'top-0' : edge === 'bottom' ? '-top-4' : '-top-2';
  return (
    <div data-insertion-point className="relative h-0">
      <div
        className={`group/insert pointer-events-none absolute inset-x-0 ${place} z-40 flex h-4 items-center justify-center opacity-0 transition-opacity focus-within:opacity-100 hover:opacity-100 has-[[aria-expanded=true]]:opacity-100 motion-reduce:transition-none`}
      >
        <span
          aria-hidden="true"
          className="absolute inset-x-0 top-1/2 h-0.5 -translate-y-1/2 bg-brand-600"
        />
        {/* The pointer finds the point over the middle of the seam; the rest of the line stays
            clickable for the blocks' own handles (move and delete sit at their right). */}
        <div className="pointer-events-auto relative flex h-4 w-20 items-center justify-center">
          <BlockPicker at={at} label={label} allowColumns={allowColumns} />
        </div>
      </div>
    </div>
  );
});
