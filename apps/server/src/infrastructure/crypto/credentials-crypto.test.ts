import { expect, test } from 'vitest';
import { decryptSecret, encryptSecret } from './credentials-crypto.ts';

const secret = 'a'.repeat(64);

test('round-trips and never stores the plaintext', () => {
  const sealed = encryptSecret('12345678.access-token', secret);
  expect(sealed).not.toContain('access-token');
  expect(decryptSecret(sealed, secret)).toBe('12345678.access-token');
  expect(encryptSecret('same', secret)).not.toBe(encryptSecret('same', secret));
});

test('refuses another key or a tampered value', () => {
  const sealed = encryptSecret('token', secret);
  expect(() => decryptSecret(sealed, 'b'.repeat(64))).toThrow();
  const [v, iv, tag, body] = sealed.split('.');
  const flipped = Buffer.from(body!, 'base64url');
  flipped[0] = flipped[0]! ^ 1;
  expect(() =>
    decryptSecret([v, iv, tag, flipped.toString('base64url')].join('.'), secret),
  ).toThrow();
});

test('opens values sealed with a secret being rotated out, and nothing else', () => {
  const previous = 'p'.repeat(64);
  const sealed = encryptSecret('old-token', previous);
  expect(decryptSecret(sealed, [secret, previous])).toBe('old-token');
  expect(() => decryptSecret(sealed, [secret])).toThrow();
  expect(() => decryptSecret(sealed, [])).toThrow();
});
