// Clamps from spec sections 5 and 9. The editor calls these while the seller drags or types; the
// schema rejects anything outside the rendered ranges.

export const MIN_EDITABLE_WIDTH_PCT = 5;
export const MIN_RENDERED_WIDTH_PCT = 1;
export const MAX_WIDTH_PCT = 100;
export const MAX_CANVAS_Y_MARGIN = 160;
export const MIN_COLUMNS = 1;
export const MAX_COLUMNS = 4;
export const MIN_COLUMN_WIDTH_PCT = 5;

function clamp(value: number, min: number, max: number, fallback: number): number {
  if (!Number.isFinite(value)) return fallback;
  return Math.min(max, Math.max(min, value));
}

/** Block width while editing: 5-100 %. */
export function clampBlockWidth(widthPct: number): number {
  return clamp(widthPct, MIN_EDITABLE_WIDTH_PCT, MAX_WIDTH_PCT, MAX_WIDTH_PCT);
}

/** Block width when rendering: 1-100 %, so a narrow block from an old design still shows. */
export function clampRenderedWidth(widthPct: number): number {
  return clamp(widthPct, MIN_RENDERED_WIDTH_PCT, MAX_WIDTH_PCT, MAX_WIDTH_PCT);
}

/** Canvas vertical margin: 0-160 whole px. */
export function clampCanvasYMargin(px: number): number {
  return Math.round(clamp(px, 0, MAX_CANVAS_Y_MARGIN, 40));
}

export function clampColumnCount(count: number): number {
  return Math.round(clamp(count, MIN_COLUMNS, MAX_COLUMNS, MIN_COLUMNS));
}

/** Equal column widths for `count` columns (clamped to 1-4); the remainder goes to the first column. */
export function redistributeColumns(count: number): number[] {
  const columns = clampColumnCount(count);
  const base = Math.floor(100 / columns);
  const widths = new Array<number>(columns).fill(base);
  widths[0] = 100 - base * (columns - 1);
  return widths;
}

/**
 * Sets column `index` to `newWidth` (whole percent) and takes the difference from the columns to its
 * right, then to its left, nearest first, so every column stays at least 5 % and the total stays 100.
 */
export function resizeColumns(
  widths: readonly number[],
  index: number,
  newWidth: number,
): number[] {
  const result = [...widths];
  const current = result[index];
  if (current === undefined || result.length < 2) return result;
  const maxWidth = 100 - MIN_COLUMN_WIDTH_PCT * (result.length - 1);
  const target = Math.round(clamp(newWidth, MIN_COLUMN_WIDTH_PCT, maxWidth, current));
  result[index] = target;
  // Positive: the others must give this much back; negative: they receive it.
  let excess = result.reduce((sum, width) => sum + width, 0) - 100;
  const indexes = result.map((_, i) => i);
  const others = [...indexes.slice(index + 1), ...indexes.slice(0, index).reverse()];
  for (const other of others) {
    if (excess === 0) break;
    const width = result[other] ?? MIN_COLUMN_WIDTH_PCT;
    const next = Math.max(MIN_COLUMN_WIDTH_PCT, width - excess);
    excess -= width - next;
    result[other] = next;
  }
  return result;
}
