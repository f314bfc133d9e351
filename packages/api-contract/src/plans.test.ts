import { describe, expect, test } from 'vitest';
import {
  PLANS,
  hasPaidFeatures,
  matchPlan,
  shopLimitMessage,
  yearlyDiscountPercent,
} from './plans.ts';

describe('matchPlan reads ?plan= by case-insensitive prefix', () => {
  test.each([
    ['Growth', 'growth'],
    ['gro', 'growth'],
    ['BUSINESS', 'business'],
    ['bus', 'business'],
    ['Starter', 'free'],
    ['free', 'free'],
    ['', 'free'],
    [null, 'free'],
    ['enterprise', 'free'],
  ])('%s -> %s', (input, plan) => expect(matchPlan(input)).toBe(plan));
});

test('the plan table is the spec section 9', () => {
  expect(
    PLANS.map((p) => [
      p.id,
      p.name,
      p.priceMonthly,
      p.dailyLimit,
      p.tempLimit,
      p.conditionalSending,
    ]),
  ).toEqual([
    ['free', 'Starter', 0, 5, 1, false],
    ['growth', 'Growth', 9, 100, 20, true],
    ['business', 'Business', 19, -1, 100, true],
  ]);
  expect(PLANS.map((p) => p.prioritySupport)).toEqual([false, false, true]);
});

test('each plan connects a bounded number of shops', () => {
  expect(PLANS.map((p) => p.shopLimit)).toEqual([1, 3, 10]);
  expect(shopLimitMessage(PLANS[0]!)).toBe(
    'Your Starter plan connects up to 1 shop - upgrade your plan to connect more, or disconnect a shop first.',
  );
});

test('yearly billing is discounted for paid plans', () => {
  expect(PLANS.map(yearlyDiscountPercent)).toEqual([0, 17, 17]);
});

describe('paid features (spec section 4)', () => {
  test.each([
    [{ planId: 'free' as const, dailyLimit: 5, tempLimit: 1 }, false],
    [{ planId: 'growth' as const, dailyLimit: 100, tempLimit: 20 }, true],
    [{ planId: 'business' as const, dailyLimit: -1, tempLimit: 100 }, true],
    [{ planId: 'free' as const, dailyLimit: -1, tempLimit: 1 }, true],
    [{ planId: 'free' as const, dailyLimit: 5, tempLimit: 3 }, true],
    [{ planId: 'free' as const, dailyLimit: 5, tempLimit: 2 }, false],
  ])('%j -> %s', (stats, expected) => expect(hasPaidFeatures(stats)).toBe(expected));
});
