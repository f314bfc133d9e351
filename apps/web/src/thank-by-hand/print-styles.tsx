// The print stylesheet of the cards page, in the page itself so no other page prints this way.
// Printing shows the sheets and nothing else: every element that neither is a sheet, nor sits in
// one, nor holds one is hidden (the app bar, menus, controls, toasts, dialogs), and the ones that
// hold a sheet lose their spacing, frames and scaling. Each sheet is one page of the layout's size.
import { type PrintFormat, sheetGeometry } from './card-layouts.ts';

const SHEET = '[data-card-sheet]';

/**
 * The page size in lengths rather than CARD_LAYOUT_INFO's keyword: Chromium knows no `A6` and would
 * fall back to its default paper, and lengths name the very same sizes for the others.
 */
export function printCss(format: PrintFormat): string {
  const { width, height } = sheetGeometry(format);
  return `@page { size: ${width} ${height}; margin: 0; }
@media print {
  html, body { margin: 0 !important; padding: 0 !important; background: #fff !important; }
  body *:not(${SHEET}):not(${SHEET} *):not(:has(${SHEET})) { display: none !important; }
  body *:has(${SHEET}) {
    display: block !important; position: static !important; margin: 0 !important;
    padding: 0 !important; border: 0 !important; box-shadow: none !important;
    background: none !important; width: auto !important; height: auto !important;
    min-height: 0 !important; max-width: none !important; overflow: visible !important;
    transform: none !important; gap: 0 !important;
  }
  ${SHEET} {
    transform: none !important; margin: 0 !important; overflow: hidden;
    break-inside: avoid; break-after: page;
    print-color-adjust: exact; -webkit-print-color-adjust: exact;
  }
  /* No page may follow the last sheet: a break after it would print a blank one. */
  [data-sheet-frame]:last-child ${SHEET} { break-after: auto; }
}`;
}

export function PrintStyles({ format }: { format: PrintFormat }) {
  return <style data-print-styles="">{printCss(format)}</style>;
}
