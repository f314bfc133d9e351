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

/** The query parameter that carries our own note that a callback was checked before sign-in. */
export const RESUME_PARAM = 'thankly_resume';

function resumeSignature(query: URLSearchParams, appSecret: string, issuedAt: number): string {
  return createHmac('sha256', appSecret)
    .update(`thankly:shopify-callback-resume\n${issuedAt}\n${callbackMessage(query)}`)
    .digest('base64url');
}

/**
 * A callback that arrives in a browser without a session goes to the login page first, and
 * Shopify's 90-second timestamp would be stale by the time it comes back. So Thankly, having
 * checked it, signs the whole query with its own secret and the time of the check; coming back
 * with that ticket stands in for the timestamp (the state stays single use and short lived).
 */
export function createResumeTicket(query: URLSearchParams, appSecret: string, now: Date): string {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return `${issuedAt}.${resumeSignature(query, appSecret, issuedAt)}`;
}

export function isValidResumeTicket(
  query: URLSearchParams,
  ticket: string,
  appSecret: string,
  now: Date,
  maxAgeSeconds: number,
): boolean {
  const [issued, signature] = ticket.split('.');
  const issuedAt = Number(issued);
  if (!signature || !Number.isInteger(issuedAt)) return false;
  const age = now.getTime() / 1000 - issuedAt;
  if (age < -CALLBACK_TOLERANCE_SECONDS || age > maxAgeSeconds) return false;
  return equalStrings(resumeSignature(query, appSecret, issuedAt), signature);
}
