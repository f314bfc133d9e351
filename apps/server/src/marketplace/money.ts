import type { Money } from '../orders/marketplace-order.ts';

/**
 * A decimal amount as Shopify and WooCommerce send it ("59.99", "1000", "-0.5") in exact minor
 * units: no floating point between the marketplace and the email. Null when it is not a number.
 */
export function moneyFromDecimal(
  value: string | number | null | undefined,
  currency: string | null | undefined,
): Money | null {
  if (value === null || value === undefined || !currency || !/^[A-Za-z]{3}$/.test(currency))
    return null;
  const match = /^(-?)(\d+)(?:\.(\d{1,6}))?$/.exec(String(value).trim());
  if (!match) return null;
  const [, sign, whole, fraction = ''] = match;
  const amount = Number(`${sign}${whole}${fraction}`);
  if (!Number.isSafeInteger(amount)) return null;
  return { amount, divisor: 10 ** fraction.length, currency: currency.toUpperCase() };
}
