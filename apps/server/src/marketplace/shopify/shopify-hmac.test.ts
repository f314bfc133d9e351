import { createHmac } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { callbackMessage, isGenuineCallback, isGenuineWebhook } from './shopify-hmac.ts';

const secret = 'hush';
const now = new Date('2026-09-01T10:00:00Z');
const timestamp = String(now.getTime() / 1000);

function signed(params: Record<string, string>) {
  const query = new URLSearchParams(params);
  query.set('hmac', createHmac('sha256', secret).update(callbackMessage(query)).digest('hex'));
  return query;
}

describe('Shopify callback HMAC', () => {
  test('signs the sorted query without hmac and signature, with spaces as %20', () => {
    const query = new URLSearchParams('state=a b&code=x&hmac=zz&signature=y&shop=s.myshopify.com');
    expect(callbackMessage(query)).toBe('code=x&shop=s.myshopify.com&state=a%20b');
  });

  test('accepts a fresh, genuine callback and refuses a changed, stale or unsigned one', () => {
    const good = signed({ code: 'c', shop: 's.myshopify.com', state: 'st', timestamp, host: 'h' });
    expect(isGenuineCallback(good, secret, now)).toBe(true);
    const changed = new URLSearchParams(good);
    changed.set('shop', 'evil.myshopify.com');
    expect(isGenuineCallback(changed, secret, now)).toBe(false);
    expect(isGenuineCallback(good, 'other', now)).toBe(false);
    expect(isGenuineCallback(good, secret, new Date(now.getTime() + 91_000))).toBe(false);
    const unsigned = new URLSearchParams(good);
    unsigned.delete('hmac');
    expect(isGenuineCallback(unsigned, secret, now)).toBe(false);
  });
});

describe('Shopify webhook HMAC', () => {
  test('is base64 HMAC-SHA256 of the raw bytes', () => {
    const body = Buffer.from('{"id":1,"note":"caf\u00e9"}');
    const header = createHmac('sha256', secret).update(body).digest('base64');
    expect(isGenuineWebhook(body, { 'x-shopify-hmac-sha256': header }, secret)).toBe(true);
    expect(
      isGenuineWebhook(Buffer.from('{"id":2}'), { 'x-shopify-hmac-sha256': header }, secret),
    ).toBe(false);
    expect(isGenuineWebhook(body, {}, secret)).toBe(false);
    expect(isGenuineWebhook(body, { 'x-shopify-hmac-sha256': 'short' }, secret)).toBe(false);
  });
});
