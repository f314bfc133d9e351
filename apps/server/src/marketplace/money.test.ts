import { describe, expect, test } from 'vitest';
import { moneyFromDecimal } from './money.ts';

describe('moneyFromDecimal', () => {
  test('keeps the amount exact in minor units', () => {
    expect(moneyFromDecimal('59.99', 'usd')).toEqual({
      amount: 5999,
      divisor: 100,
      currency: 'USD',
    });
    expect(moneyFromDecimal('1000', 'JPY')).toEqual({ amount: 1000, divisor: 1, currency: 'JPY' });
    expect(moneyFromDecimal('12.500', 'KWD')).toEqual({
      amount: 12500,
      divisor: 1000,
      currency: 'KWD',
    });
    expect(moneyFromDecimal(7.5, 'EUR')).toEqual({ amount: 75, divisor: 10, currency: 'EUR' });
  });

  test('gives nothing for what is not an amount in a currency', () => {
    expect(moneyFromDecimal('abc', 'USD')).toBeNull();
    expect(moneyFromDecimal('1e5', 'USD')).toBeNull();
    expect(moneyFromDecimal('10.00', null)).toBeNull();
    expect(moneyFromDecimal('10.00', 'dollars')).toBeNull();
    expect(moneyFromDecimal(null, 'USD')).toBeNull();
  });
});
