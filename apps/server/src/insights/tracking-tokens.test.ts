import { randomUUID } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { clickToken, openToken, readClickToken, readOpenToken } from './tracking-tokens.ts';

const SECRET = 'a'.repeat(64);
const OLD_SECRET = 'b'.repeat(64);
const id = randomUUID();

describe('open tokens', () => {
  test('read back to the email they were made for, with the current or a previous secret', () => {
    expect(readOpenToken([SECRET], openToken(SECRET, id))).toEqual({ orderEmailId: id });
    expect(readOpenToken([SECRET, OLD_SECRET], openToken(OLD_SECRET, id))).toEqual({
      orderEmailId: id,
    });
  });

  test('are refused when signed with another secret, altered, or made up', () => {
    const token = openToken(SECRET, id);
    expect(readOpenToken([OLD_SECRET], token)).toBeNull();
    const [packed, signature] = token.split('.') as [string, string];
    const otherId = openToken(SECRET, randomUUID()).split('.')[0]!;
    expect(readOpenToken([SECRET], `${otherId}.${signature}`)).toBeNull();
    expect(readOpenToken([SECRET], `${packed}.${'A'.repeat(signature.length)}`)).toBeNull();
    for (const made of ['', '.', 'x.y', `${packed}`, `${token}.extra`, 'not a token'])
      expect(readOpenToken([SECRET], made)).toBeNull();
  });
});

describe('click tokens', () => {
  const url = 'https://shop.example.com/new?utm_source=thankly&x=1';

  test('lead only to the address they were signed for', () => {
    const token = clickToken(SECRET, id, url);
    expect(readClickToken([SECRET], token)).toEqual({ orderEmailId: id, url });
    const [packed, , signature] = token.split('.') as [string, string, string];
    const elsewhere = Buffer.from('https://evil.example.net/').toString('base64url');
    expect(readClickToken([SECRET], `${packed}.${elsewhere}.${signature}`)).toBeNull();
  });

  test('an open token is not a click token, nor the other way round', () => {
    expect(readClickToken([SECRET], openToken(SECRET, id))).toBeNull();
    expect(readOpenToken([SECRET], clickToken(SECRET, id, url))).toBeNull();
  });

  test('never lead anywhere but to a web address', () => {
    expect(readClickToken([SECRET], clickToken(SECRET, id, 'javascript:alert(1)'))).toBeNull();
  });
});
