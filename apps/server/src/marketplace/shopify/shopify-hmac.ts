import { createHmac, timingSafeEqual } from 'node:crypto';

/** Shopify sends the seller back within this many seconds of signing the callback. */
export const CALLBACK_TOLERANCE_SECONDS = 90;

type Headers = Record<string, string | string[] | undefined>;

export function headerValue(headers: Headers, name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

function equalStrings(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * The message Shopify signs on an OAuth callback: every query parameter but `hmac` and
 * `signature`, sorted by name, URL-encoded as URLSearchParams does with spaces as %20.
 */
export function callbackMessage(query: URLSearchParams): string {
  const entries = [...query.entries()]
    .filter(([key]) => key !== 'hmac' && key !== 'signature')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return new URLSearchParams(entries).toString().replace(/\+/g, '%20');
}

/**
 * Checks an OAuth callback came from Shopify: a hex HMAC-SHA256 of the sorted query with the app
 * secret, signed no more than 90 seconds from now.
 */
export function isGenuineCallback(query: URLSearchParams, apiSecret: string, now: Date): boolean {
  const hmac = query.get('hmac');
  const timestamp = Number(query.get('timestamp'));
  if (!hmac || !Number.isFinite(timestamp)) return false;
  if (Math.abs(now.getTime() / 1000 - timestamp) > CALLBACK_TOLERANCE_SECONDS) return false;
  const expected = createHmac('sha256', apiSecret).update(callbackMessage(query)).digest('hex');
  return equalStrings(expected, hmac.toLowerCase());
}

/** A webhook delivery is Shopify's when X-Shopify-Hmac-Sha256 is base64(HMAC-SHA256(raw body)). */
export function isGenuineWebhook(rawBody: Buffer, headers: Headers, apiSecret: string): boolean {
  const signature = headerValue(headers, 'x-shopify-hmac-sha256');
  if (!signature) return false;
  const expected = createHmac('sha256', apiSecret).update(rawBody).digest('base64');
  return equalStrings(expected, signature);
}
