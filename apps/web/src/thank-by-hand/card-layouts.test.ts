import { describe, expect, it } from 'vitest';
import { CARD_LAYOUTS, type CardLayout } from '@thankly/api-contract';
import { formatKey, sheetGeometry, sheetMillimetres } from './card-layouts.ts';
import { paperText } from './print-actions.tsx';

const CARDS: Record<'a6' | 'postcard' | 'a7', [number, number]> = {
  a6: [105, 148],
  postcard: [101.6, 152.4],
  a7: [74, 105],
};

describe('the sheet a card prints on', () => {
  it.each(Object.entries(CARDS))('%s: flat, folded, bled and both', (layout, [w, h]) => {
    const at = (fold: boolean, bleed: boolean) =>
      sheetMillimetres({ layout: layout as CardLayout, fold, bleed });
    expect(at(false, false)).toEqual({ sheet: [w, h], card: [w, h] });
    // Folded: two panels side by side, each the card's size.
    expect(at(true, false).sheet[0]).toBeCloseTo(2 * w, 6);
    expect(at(true, false).sheet[1]).toBeCloseTo(h, 6);
    // Bleed: 3 mm past every trimmed edge; the card is cut back to its own size.
    expect(at(false, true).sheet[0]).toBeCloseTo(w + 6, 6);
    expect(at(false, true).sheet[1]).toBeCloseTo(h + 6, 6);
    expect(at(false, true).card).toEqual([w, h]);
    expect(at(true, true).sheet[0]).toBeCloseTo(2 * w + 6, 6);
    expect(at(true, true).sheet[1]).toBeCloseTo(h + 6, 6);
  });

  it('4×6 in is exactly 4×6 in: 288×432 PDF points', () => {
    const { widthPx, heightPx } = sheetGeometry({ layout: 'postcard', fold: false, bleed: false });
    // 96 CSS px to the inch, 72 points to the inch.
    expect(
      [(widthPx * 72) / 96, (heightPx * 72) / 96].map((v) => Math.round(v * 1000) / 1000),
    ).toEqual([288, 432]);
  });

  it('the 4-up sheets take neither fold nor bleed', () => {
    for (const layout of ['a4-4up', 'letter-4up'] as const) {
      const plain = sheetGeometry({ layout, fold: false, bleed: false });
      expect(sheetGeometry({ layout, fold: true, bleed: true })).toEqual(plain);
      expect(plain).toMatchObject({ fold: false, bleedMm: 0 });
    }
    expect(sheetGeometry({ layout: 'a4-4up', fold: false, bleed: false })).toMatchObject({
      width: '210mm',
      height: '297mm',
    });
  });

  it('every layout has a distinct key per fold and bleed, so cards are fitted again', () => {
    const keys = CARD_LAYOUTS.flatMap((layout) =>
      [false, true].flatMap((fold) =>
        [false, true].map((bleed) => formatKey({ layout, fold, bleed })),
      ),
    );
    expect(new Set(keys).size).toBe(3 * 4 + 2);
  });

  it('names the paper to choose in the print dialog', () => {
    expect(paperText({ layout: 'a6', fold: false, bleed: false })).toBe('A6 card paper');
    expect(paperText({ layout: 'a6', fold: true, bleed: false })).toBe(
      'a 210×148 mm sheet (a folded A6 card)',
    );
    expect(paperText({ layout: 'postcard', fold: false, bleed: true })).toBe(
      'a 107.6×158.4 mm sheet (4×6 in postcard, 101.6×152.4 mm once cut)',
    );
  });
});
