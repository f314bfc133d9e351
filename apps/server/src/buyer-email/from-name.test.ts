import { describe, expect, test } from 'vitest';
import { NEUTRAL_FROM_NAME, fromDisplayName } from './from-name.ts';

describe('From display names made from shop names', () => {
  test('keep an ordinary name as it is', () => {
    expect(fromDisplayName('Demo Shop')).toBe('Demo Shop');
    expect(fromDisplayName('Κεραμικά της Ελένης')).toBe('Κεραμικά της Ελένης');
    expect(fromDisplayName("Mia's Candles & Co.")).toBe("Mia's Candles & Co.");
  });

  test('drop addresses, angle brackets and host names', () => {
    expect(fromDisplayName('PayPal Support <service@paypal.com>')).toBe('PayPal Support');
    expect(fromDisplayName('"Bank" <a@b>')).toBe('Bank');
    expect(fromDisplayName('Orders from support@amazon.com')).toBe('Orders from');
    expect(fromDisplayName('Visit shop.example.co.uk today')).toBe('Visit today');
    expect(fromDisplayName('https://evil.example/login')).toBe(NEUTRAL_FROM_NAME);
    expect(fromDisplayName('paypal.com')).toBe(NEUTRAL_FROM_NAME);
    expect(fromDisplayName('<>@;')).toBe(NEUTRAL_FROM_NAME);
  });

  test('no line breaks or other control characters survive (no header injection)', () => {
    const name = fromDisplayName('Shop\r\nBcc: victim@example.com\u0000\u202e');
    expect(name).toBe('Shop Bcc');
    expect([...name].some((c) => c < ' ' || c === '\u202e')).toBe(false);
  });

  test('stay short', () => {
    expect(fromDisplayName('A'.repeat(300))).toHaveLength(64);
  });
});
