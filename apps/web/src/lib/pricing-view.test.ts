import { describe, expect, it } from 'vitest';
import { PLANS, type Plan } from '@thankly/api-contract/catalog';
import { yearlyPricesNote } from './pricing-view.ts';

const paid = PLANS.filter((p) => p.priceMonthly > 0);

function withPrices(prices: Record<string, [number, number]>): Plan[] {
  return PLANS.map((p) => {
    const [priceMonthly, priceYearly] = prices[p.id] ?? [p.priceMonthly, p.priceYearly];
    return { ...p, priceMonthly, priceYearly };
  });
}

describe('yearlyPricesNote', () => {
  it('names every paid plan with its yearly price from the catalogue, and not the free plan', () => {
    const note = yearlyPricesNote();
    expect(paid.length).toBeGreaterThan(0);
    for (const plan of paid) expect(note).toContain(`${plan.name} $${plan.priceYearly} a year`);
    expect(note).not.toContain('Starter');
    expect(note).not.toMatch(/may include a discount/);
  });

  it('says how many months paying yearly saves, as the catalogue prices it', () => {
    const months = (paid[0]!.priceMonthly * 12 - paid[0]!.priceYearly) / paid[0]!.priceMonthly;
    expect(yearlyPricesNote()).toBe(
      `Paid yearly: ${paid.map((p) => `${p.name} $${p.priceYearly} a year`).join(', ')}. That’s ${months} months free.`,
    );
  });

  it('follows the catalogue when its prices change', () => {
    const note = yearlyPricesNote(withPrices({ growth: [10, 110], business: [20, 220] }));
    expect(note).toBe(
      'Paid yearly: Growth $110 a year, Business $220 a year. That’s 1 month free.',
    );
  });

  it('counts whole months free when every plan saves the same, otherwise the best percent', () => {
    const note = yearlyPricesNote(withPrices({ growth: [10, 100], business: [20, 200] }));
    expect(note).toBe(
      'Paid yearly: Growth $100 a year, Business $200 a year. That’s 2 months free.',
    );
    const uneven = yearlyPricesNote(withPrices({ growth: [10, 100], business: [20, 230] }));
    expect(uneven).toBe(
      'Paid yearly: Growth $100 a year, Business $230 a year. That saves up to 17%.',
    );
  });

  it('promises no saving when yearly costs the same as twelve months', () => {
    expect(yearlyPricesNote(withPrices({ growth: [10, 120], business: [20, 240] }))).toBe(
      'Paid yearly: Growth $120 a year, Business $240 a year.',
    );
  });
});
