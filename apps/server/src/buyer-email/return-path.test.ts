import { describe, expect, test } from 'vitest';
import { orderEmailIdFromReturnPath, returnPathFor } from './return-path.ts';

const ID = '0b6f3a52-4d8e-4f7e-9a51-2b1f0c9e8d11';

describe('VERP return paths', () => {
  test('name the order email they were made for, at the given domain', () => {
    const address = returnPathFor(ID, 'secret-a', 'bounces.example.com');
    expect(address).toMatch(
      /^bounces\+0b6f3a524d8e4f7e9a512b1f0c9e8d11\.[0-9a-f]{16}@bounces\.example\.com$/,
    );
    expect(orderEmailIdFromReturnPath(address, ['secret-a'])).toBe(ID);
  });

  test('are read whatever the case a relay wrote them back in', () => {
    const address = returnPathFor(ID, 'secret-a', 'thankly-bounces.shop.example');
    expect(orderEmailIdFromReturnPath(address.toUpperCase(), ['secret-a'])).toBe(ID);
  });

  test('hold under a secret being rotated out, and under no other', () => {
    const address = returnPathFor(ID, 'old-secret', 'b.example');
    expect(orderEmailIdFromReturnPath(address, ['new-secret', 'old-secret'])).toBe(ID);
    expect(orderEmailIdFromReturnPath(address, ['new-secret'])).toBeNull();
  });

  test('refuse a forged signature, another order id under a real signature, and strangers', () => {
    const address = returnPathFor(ID, 'secret-a', 'b.example');
    const signatureAt = address.indexOf('.') + 1;
    const flipped = address[signatureAt] === '0' ? '1' : '0';
    const forged = address.slice(0, signatureAt) + flipped + address.slice(signatureAt + 1);
    expect(orderEmailIdFromReturnPath(forged, ['secret-a'])).toBeNull();
    const otherOrder = address.replace('0b6f3a52', '0b6f3a53');
    expect(orderEmailIdFromReturnPath(otherOrder, ['secret-a'])).toBeNull();
    for (const stranger of ['postmaster@b.example', 'bounces+xyz@b.example', '', '@', 'bounces+@'])
      expect(orderEmailIdFromReturnPath(stranger, ['secret-a'])).toBeNull();
  });
});
