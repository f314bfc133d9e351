// The paper of each card layout in physical units (what the print uses) and in CSS px (what the
// on-screen preview scales from), the seller's remembered choice, and cards grouped into sheets.
import { CARD_LAYOUTS, CARD_LAYOUT_INFO, type CardLayout } from '@thankly/api-contract';

/** CSS px per millimetre: CSS fixes 1in at 96px, for screen and print alike. */
const PX_PER_MM = 96 / 25.4;

export interface SheetGeometry {
  /** The sheet (the printed page) in physical units. */
  width: string;
  height: string;
  /** One card on it; the whole sheet for the 1-up layouts. */
  cardWidth: string;
  cardHeight: string;
  /** The blank edge inside a card, clear of the printer's unprintable rim and the cut. */
  cardMargin: string;
  /** The sheet's width and height in CSS px, to scale the preview. */
  widthPx: number;
  heightPx: number;
}

export const SHEET_GEOMETRY: Record<CardLayout, SheetGeometry> = {
  postcard: {
    width: '4in',
    height: '6in',
    cardWidth: '4in',
    cardHeight: '6in',
    cardMargin: '0.2in',
    widthPx: 4 * 96,
    heightPx: 6 * 96,
  },
  a6: {
    width: '105mm',
    height: '148mm',
    cardWidth: '105mm',
    cardHeight: '148mm',
    cardMargin: '5mm',
    widthPx: 105 * PX_PER_MM,
    heightPx: 148 * PX_PER_MM,
  },
  'a4-4up': {
    width: '210mm',
    height: '297mm',
    cardWidth: '105mm',
    cardHeight: '148.5mm',
    cardMargin: '6mm',
    widthPx: 210 * PX_PER_MM,
    heightPx: 297 * PX_PER_MM,
  },
  'letter-4up': {
    width: '8.5in',
    height: '11in',
    cardWidth: '4.25in',
    cardHeight: '5.5in',
    cardMargin: '0.25in',
    widthPx: 8.5 * 96,
    heightPx: 11 * 96,
  },
};

export function isCardLayout(value: unknown): value is CardLayout {
  return typeof value === 'string' && (CARD_LAYOUTS as readonly string[]).includes(value);
}

const STORAGE_KEY = 'thankly:card-layout';

/** The layout last chosen in this browser; storage may be off (private windows), so it may fail. */
export function rememberedLayout(): CardLayout | null {
  try {
    const stored = window.localStorage.getItem(STORAGE_KEY);
    return isCardLayout(stored) ? stored : null;
  } catch {
    return null;
  }
}

export function rememberLayout(layout: CardLayout): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, layout);
  } catch {
    // Not remembered; the address still carries the choice.
  }
}

/** US and Canadian printers hold Letter paper; everywhere else A4. */
export function defaultLayout(language: string): CardLayout {
  return /-(US|CA|MX|PH)$/i.test(language) ? 'letter-4up' : 'a4-4up';
}

/** ?layout= when it names a layout, else the remembered one, else the paper of the seller's region. */
export function chooseLayout(param: string | null): CardLayout {
  if (isCardLayout(param)) return param;
  return rememberedLayout() ?? defaultLayout(navigator.language);
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
