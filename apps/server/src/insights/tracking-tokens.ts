import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/*
 * Open-pixel and click tokens. The token carries the email's id and, for clicks, the link's
 * original address, and is signed with APP_SECRET: nothing needs storing per link, a token cannot
 * be made up or guessed for another email, and a click token leads only to the address it was
 * signed for (never an open redirect). Tokens signed with a previous secret still read.
 */

const SIGNATURE_BYTES = 16;
const keys = new Map<string, Buffer>();

function signingKey(appSecret: string): Buffer {
  let key = keys.get(appSecret);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', appSecret, 'thankly', 'tracking-links', 32));
    keys.set(appSecret, key);
  }
  return key;
}

function sign(appSecret: string, message: string): Buffer {
  return createHmac('sha256', signingKey(appSecret))
    .update(message)
    .digest()
    .subarray(0, SIGNATURE_BYTES);
}

function signedByAny(keys: readonly string[], message: string, signature: string): boolean {
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== SIGNATURE_BYTES) return false;
  return keys.some((key) => timingSafeEqual(given, sign(key, message)));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A uuid as 22 base64url characters, to keep links short. */
function packId(orderEmailId: string): string {
  return Buffer.from(orderEmailId.replaceAll('-', ''), 'hex').toString('base64url');
}

function unpackId(packed: string): string | null {
  const hex = Buffer.from(packed, 'base64url').toString('hex');
  if (hex.length !== 32) return null;
  const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  return UUID.test(id) && packId(id) === packed ? id : null;
}

const openMessage = (orderEmailId: string) => `open\n${orderEmailId}`;
const clickMessage = (orderEmailId: string, url: string) => `click\n${orderEmailId}\n${url}`;

export function openToken(appSecret: string, orderEmailId: string): string {
  const signature = sign(appSecret, openMessage(orderEmailId)).toString('base64url');
  return `${packId(orderEmailId)}.${signature}`;
}

export function readOpenToken(
  keys: readonly string[],
  token: string,
): { orderEmailId: string } | null {
  const [packed, signature, ...rest] = token.split('.');
  if (!packed || !signature || rest.length > 0) return null;
  const orderEmailId = unpackId(packed);
  if (!orderEmailId || !signedByAny(keys, openMessage(orderEmailId), signature)) return null;
  return { orderEmailId };
}

export function clickToken(appSecret: string, orderEmailId: string, url: string): string {
  const signature = sign(appSecret, clickMessage(orderEmailId, url)).toString('base64url');
  return `${packId(orderEmailId)}.${Buffer.from(url).toString('base64url')}.${signature}`;
}

export function readClickToken(
  keys: readonly string[],
  token: string,
): { orderEmailId: string; url: string } | null {
  const [packed, encodedUrl, signature, ...rest] = token.split('.');
  if (!packed || !encodedUrl || !signature || rest.length > 0) return null;
  const orderEmailId = unpackId(packed);
  if (!orderEmailId) return null;
  const url = Buffer.from(encodedUrl, 'base64url').toString('utf8');
  if (!signedByAny(keys, clickMessage(orderEmailId, url), signature)) return null;
  // Only web addresses were ever signed; checked again so nothing else can be redirected to.
  return /^https?:\/\//i.test(url) ? { orderEmailId, url } : null;
}

export const TRACKING_PATH = '/api/t';

export function openPixelUrl(appUrl: string, token: string): string {
  return `${appUrl}${TRACKING_PATH}/o/${token}.gif`;
}

export function clickUrl(appUrl: string, token: string): string {
  return `${appUrl}${TRACKING_PATH}/c/${token}`;
}
