import { describe, expect, test } from 'vitest';
import { buyerAddress } from './buyer-address.ts';

describe('the one address an order may be emailed to', () => {
  test('a plain address, trimmed of spaces and lower-cased', () => {
    expect(buyerAddress('  Iris.Moreau+shop@Example.COM ')).toEqual({
      ok: true,
      address: 'iris.moreau+shop@example.com',
    });
  });

  test('lists, names, line breaks, spaces and overlong text are refused, with why', () => {
    const cases: Array<[string, string]> = [
      ['a@x.com, b@y.com', 'several addresses'],
      ['a@x.com;b@y.com', 'several addresses'],
      ['a@x.com@y.com', 'several addresses'],
      ['Eve <a@x.com>', 'a display name'],
      ['<a@x.com>', 'a display name'],
      ['a@x.com\r\nBcc: b@y.com', 'control characters'],
      ['a@x.com\n', 'control characters'],
      ['a@x.com\u0000', 'control characters'],
      ['a@x.com\u2028b@y.com', 'control characters'],
      ['a @x.com', 'spaces'],
      ['a@x.com\u00a0', 'spaces'],
      [`${'a'.repeat(245)}@example.com`, 'too long'],
      ['not-an-address', 'not an address'],
      ['a@localhost', 'not an address'],
      ['', 'not an address'],
    ];
    for (const [raw, problem] of cases)
      expect(buyerAddress(raw), JSON.stringify(raw)).toEqual({ ok: false, problem });
  });
});
