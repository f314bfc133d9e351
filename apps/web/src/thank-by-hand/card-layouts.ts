// The paper of each card layout in physical units (what the print uses) and in CSS px (what the
// on-screen preview scales from), with its fold and bleed, and cards grouped into sheets.
import type { CARD_STOCK_LAYOUTS } from '@thankly/api-contract';
import {
  BLEED_MM,
  CARD_LAYOUTS,
  CARD_LAYOUT_INFO,
  type CardLayout,
  isCardStockLayout,
} from '@thankly/api-contract';

/** CSS px per millimetre: CSS fixes 1in at 96px, for screen and print alike. */
const PX_PER_MM = 96 / 25.4;

export interface SheetGeometry {
  /** The sheet (the printed page) in physical units. */
  width: string;
  height: string;
  /** One card on it, trimmed (both panels when folded). */
  cardWidth: string;
  cardHeight: string;
  /** The blank edge inside a card, clear of the printer's unprintable rim and the cut. */
  cardMargin: string;
  /** The sheet's width and height in CSS px, to scale the preview. */
  widthPx: number;
  heightPx: number;
  /** Printed on one side and folded in half: two panels side by side. */
  fold: boolean;
  /** Printed past each trimmed edge by this much, with crop marks; '0mm' without bleed. */
  bleed: string;
  bleedMm: number;
  /** One panel: the card as it is held (the whole card unless folded). */
  panelWidth: string;
}

/** Card stock: one card per sheet, its trimmed size in millimetres and its blank edge. */
const CARD_STOCK_MM: Record<
  (typeof CARD_STOCK_LAYOUTS)[number],
  { w: number; h: number; margin: number }
> = {
  a6: { w: 105, h: 148, margin: 5 },
  // 4×6 in: 1in is 25.4mm exactly.
  postcard: { w: 101.6, h: 152.4, margin: 5 },
  a7: { w: 74, h: 105, margin: 4 },
};

/** The 4-up sheets, cut by hand along their cut marks. */
const FOUR_UP: Record<'a4-4up' | 'letter-4up', SheetGeometry> = {
  'a4-4up': fourUp('210mm', '297mm', '105mm', '148.5mm', '6mm', 210 * PX_PER_MM, 297 * PX_PER_MM),
  'letter-4up': fourUp('8.5in', '11in', '4.25in', '5.5in', '0.25in', 8.5 * 96, 11 * 96),
};

function fourUp(
  width: string,
  height: string,
  cardWidth: string,
  cardHeight: string,
  cardMargin: string,
  widthPx: number,
  heightPx: number,
): SheetGeometry {
  return {
    width,
    height,
    cardWidth,
    cardHeight,
    cardMargin,
    widthPx,
    heightPx,
    fold: false,
    bleed: '0mm',
    bleedMm: 0,
    panelWidth: cardWidth,
  };
}

/** How the seller prints: the paper, and for card stock a fold and bleed. */
export interface PrintFormat {
  layout: CardLayout;
  fold: boolean;
  bleed: boolean;
}

/** One string per distinct print format: cards are fitted again when it changes. */
export function formatKey({ layout, fold, bleed }: PrintFormat): string {
  return isCardStockLayout(layout)
    ? `${layout}:${fold ? 'fold' : 'flat'}:${bleed ? 'bleed' : 'trim'}`
    : layout;
}

/** Millimetres, as a CSS length without float noise. */
const mm = (value: number) => `${Math.round(value * 1000) / 1000}mm`;

/**
 * The sheet a card prints on. Card stock: the card's own size, twice as wide when folded (printed
 * on one side, folded in half along the middle: the left half is the back, the right half the
 * front), and BLEED_MM larger on every side with bleed. The 4-up sheets take no fold or bleed.
 */
export function sheetGeometry({ layout, fold, bleed }: PrintFormat): SheetGeometry {
  if (!isCardStockLayout(layout)) return FOUR_UP[layout as keyof typeof FOUR_UP];
  const card = CARD_STOCK_MM[layout as keyof typeof CARD_STOCK_MM];
  const panels = fold ? 2 : 1;
  const bleedMm = bleed ? BLEED_MM : 0;
  const widthMm = card.w * panels + 2 * bleedMm;
  const heightMm = card.h + 2 * bleedMm;
  return {
    width: mm(widthMm),
    height: mm(heightMm),
    cardWidth: mm(card.w * panels),
    cardHeight: mm(card.h),
    cardMargin: mm(card.margin),
    widthPx: widthMm * PX_PER_MM,
    heightPx: heightMm * PX_PER_MM,
    fold,
    bleed: mm(bleedMm),
    bleedMm,
    panelWidth: mm(card.w),
  };
}

/** The trimmed card and the sheet in millimetres: what the tests and the print hint read. */
export function sheetMillimetres(format: PrintFormat): {
  sheet: [number, number];
  card: [number, number];
} {
  const g = sheetGeometry(format);
  const toMm = (length: string) =>
    length.endsWith('in') ? parseFloat(length) * 25.4 : parseFloat(length);
  return {
    sheet: [toMm(g.width), toMm(g.height)],
    card: [toMm(g.panelWidth), toMm(g.cardHeight)],
  };
}

export function isCardLayout(value: unknown): value is CardLayout {
  return typeof value === 'string' && (CARD_LAYOUTS as readonly string[]).includes(value);
}

/** US and Canadian sellers buy 4×6 in card stock; everywhere else A6. */
export function defaultLayout(language: string): CardLayout {
  return /-(US|CA|MX|PH)$/i.test(language) ? 'postcard' : 'a6';
}

/** Cards in print order, `perPage` to a sheet; the last sheet may be partly empty. */
export function sheetsOf<T>(cards: readonly T[], layout: CardLayout): T[][] {
  const perPage = CARD_LAYOUT_INFO[layout].perPage;
  const sheets: T[][] = [];
  for (let i = 0; i < cards.length; i += perPage) sheets.push(cards.slice(i, i + perPage));
  return sheets;
}

/** `?ids=a,b,,c` as the API takes it: ids only, no empty ones, in the seller's order. */
export function idsParam(param: string | null): string {
  return (param ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean)
    .join(',');
}
