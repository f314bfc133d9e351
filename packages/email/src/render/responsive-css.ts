// The one piece of layout that needs a media query: columns. Mobile first, like MJML: a column is
// full width (stacked) unless the screen is wide enough, where it takes its percentage. Clients that
// drop <style> get the same switch from the columns' inline styles (layout.ts, stackingColumns).

import { SIDE_BY_SIDE_MIN_PX } from './dimensions.ts';

/** Widths are rounded to hundredths so class names and CSS stay short and stable. */
export function roundColumnPct(widthPct: number): number {
  return Math.round(widthPct * 100) / 100;
}

export function columnWidthClassName(widthPct: number): string {
  return `t-w${String(roundColumnPct(widthPct)).replace('.', '_')}`;
}

export function responsiveCss(columnWidths: ReadonlySet<number>): string {
  const stacked = `@media only screen and (max-width:${SIDE_BY_SIDE_MIN_PX - 1}px){.t-col{max-width:100%!important}}`;
  if (columnWidths.size === 0) return stacked;
  const rules = [...columnWidths]
    .map(roundColumnPct)
    .sort((a, b) => a - b)
    .map(
      (pct) => `.${columnWidthClassName(pct)}{width:${pct}%!important;max-width:${pct}%!important}`,
    )
    .join('');
  return `@media only screen and (min-width:${SIDE_BY_SIDE_MIN_PX}px){${rules}}${stacked}`;
}
