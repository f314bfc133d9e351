import { clampBlockWidth } from '@thankly/email';

/** Spec section 2: width snap marks and how close (in percent) a drag must come to snap. */
export const WIDTH_SNAP_MARKS = [25, 33, 50, 66, 75, 100] as const;
export const SNAP_TOLERANCE_PCT = 2;
/** The inspector's width slider range (the drag handle may go down to 5). */
export const WIDTH_SLIDER_MIN = 10;

/** A snap mark within the tolerance of `widthPct`, else `widthPct` itself. */
export function snapWidth(widthPct: number): number {
  let best: number | null = null;
  for (const mark of WIDTH_SNAP_MARKS) {
    const distance = Math.abs(mark - widthPct);
    if (distance <= SNAP_TOLERANCE_PCT && (best === null || distance < Math.abs(best - widthPct))) {
      best = mark;
    }
  }
  return best ?? widthPct;
}

/** A width as the editor stores it: whole percent, clamped to 5-100, snapped to the nearest mark. */
export function editedWidth(widthPct: number, { snap = true } = {}): number {
  const clamped = clampBlockWidth(Math.round(widthPct));
  return snap ? snapWidth(clamped) : clamped;
}
