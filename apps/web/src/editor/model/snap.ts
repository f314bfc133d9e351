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

/** Keyboard steps of the width handles: arrows move this much, stopping on every snap mark. */
export const WIDTH_KEY_STEP_PCT = 5;

/**
 * The width a key press on a width handle asks for (a slider's keys, WAI-ARIA APG): Left/Down and
 * Right/Up move by `WIDTH_KEY_STEP_PCT` but never past a snap mark, so each mark can be reached;
 * Page Down/Up jump to the previous/next mark; Home/End go to `min`/`max`. Null for other keys.
 */
export function widthForKey(
  key: string,
  current: number,
  { min, max }: { min: number; max: number },
): number | null {
  const stops = [min, ...WIDTH_SNAP_MARKS.filter((m) => m > min && m < max), max];
  const above = stops.find((s) => s > current) ?? max;
  const below = stops.findLast((s) => s < current) ?? min;
  let next: number;
  switch (key) {
    case 'ArrowRight':
    case 'ArrowUp':
      next = Math.min(current + WIDTH_KEY_STEP_PCT, above);
      break;
    case 'ArrowLeft':
    case 'ArrowDown':
      next = Math.max(current - WIDTH_KEY_STEP_PCT, below);
      break;
    case 'PageUp':
      next = above;
      break;
    case 'PageDown':
      next = below;
      break;
    case 'Home':
      next = min;
      break;
    case 'End':
      next = max;
      break;
    default:
      return null;
  }
  return Math.min(max, Math.max(min, Math.round(next)));
}
