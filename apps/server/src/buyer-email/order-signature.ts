import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signature that makes an order email's id in a return path or a Message-ID ours: only the
 * server, holding APP_SECRET, can make one, so a report quoting an id it could not have seen signed
 * (an order id read from a shared link, say) names nothing.
 */

/** 64 bits: far past guessing, short enough for an address's local part. */
export const ORDER_SIGNATURE_HEX = 16;

/** What was signed: a return path's signature does not stand in for a Message-ID's, or back. */
export type SignedField = 'return-path' | 'message-id';

export function orderEmailSignature(field: SignedField, orderEmailId: string, secret: string) {
  return createHmac('sha256', secret)
    .update(`${field}:${orderEmailId.toLowerCase()}`)
    .digest('hex')
    .slice(0, ORDER_SIGNATURE_HEX);
}

/**
 * Whether `signature` was made for this id under any of `secrets` (the current APP_SECRET, then
 * those being rotated out, as appSecretKeys lists them).
 */
export function isSignedOrderEmail(
  field: SignedField,
  orderEmailId: string,
  signature: string,
  secrets: readonly string[],
): boolean {
  const given = Buffer.from(signature.toLowerCase());
  if (given.length !== ORDER_SIGNATURE_HEX) return false;
  return secrets.some((secret) =>
    timingSafeEqual(Buffer.from(orderEmailSignature(field, orderEmailId, secret)), given),
  );
}

/** A uuid written as 32 hex digits (as in a return path) with its dashes back. */
export function uuidFromHex(hex: string): string {
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
