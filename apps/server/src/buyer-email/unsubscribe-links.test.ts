import { expect, test } from 'vitest';
import { readUnsubscribeToken, unsubscribeToken } from './unsubscribe-links.ts';

const current = 'c'.repeat(64);
const previous = 'p'.repeat(64);
const shopId = '6f1c2a9e-3b7d-4e8a-9c1f-2d3e4f5a6b7c';

test('reads a link signed with the current secret or one being rotated out', () => {
  const oldLink = unsubscribeToken(previous, shopId, 'Buyer@Example.com');
  expect(readUnsubscribeToken([current, previous], oldLink)).toEqual({
    shopId,
    email: 'buyer@example.com',
  });
  expect(readUnsubscribeToken([current], oldLink)).toBeNull();
});

test('refuses a link whose address or shop was changed', () => {
  const link = unsubscribeToken(current, shopId, 'buyer@example.com');
  const [shop, , signature] = link.split('.');
  const otherAddress = Buffer.from('victim@example.com').toString('base64url');
  expect(readUnsubscribeToken([current], `${shop}.${otherAddress}.${signature}`)).toBeNull();
  expect(
    readUnsubscribeToken([current], link.replace(shopId, shopId.replace('6f', '7f'))),
  ).toBeNull();
  expect(readUnsubscribeToken([current], 'not-a-token')).toBeNull();
});
