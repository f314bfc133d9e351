import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Every buyer email's envelope sender names the email it belongs to (VERP): a bounce addressed back
 * to it tells which order bounced without parsing the returned message. The id is signed, so a
 * forged bounce cannot suppress addresses for another order.
 *
 *   bounces+<order email id, 32 hex>.<signature, 16 hex>@<bounce domain>
 */
const LOCAL_PREFIX = 'bounces+';
const SIGNATURE_HEX = 16;

/** The label under a seller's domain that is CNAMEd to the bounce domain (SPF return-path mode). */
export const RETURN_PATH_LABEL = 'thankly-bounces';

function signature(orderEmailId: string, secret: string): string {
  return createHmac('sha256', secret)
    .update(`return-path:${orderEmailId}`)
    .digest('hex')
    .slice(0, SIGNATURE_HEX);
}

/** The return path for one order's email, at `domain` (the bounce domain or the seller's label). */
export function returnPathFor(orderEmailId: string, secret: string, domain: string): string {
  const id = orderEmailId.replace(/-/g, '').toLowerCase();
  return `${LOCAL_PREFIX}${id}.${signature(orderEmailId.toLowerCase(), secret)}@${domain}`;
}

/**
 * The order email a return path was made for, or null when it is not one of ours or its signature
 * does not hold under any of `secrets` (the current APP_SECRET, then those being rotated out).
 */
export function orderEmailIdFromReturnPath(
  address: string,
  secrets: readonly string[],
): string | null {
  const local = address.trim().toLowerCase().split('@')[0] ?? '';
  const match = /^bounces\+([0-9a-f]{32})\.([0-9a-f]{16})$/.exec(local);
  if (!match) return null;
  const hex = match[1]!;
  const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  const given = Buffer.from(match[2]!);
  const holds = secrets.some((secret) =>
    timingSafeEqual(Buffer.from(signature(id, secret)), given),
  );
  return holds ? id : null;
}
