import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A new webhook secret for a store: long, random, and free of characters HTML would escape. */
export function createWebhookSecret(): string {
  return randomBytes(24).toString('base64url');
}

/** X-WC-Webhook-Signature: base64(HMAC-SHA256(secret, the exact body bytes)). */
export function signWooDelivery(secret: string, body: Buffer | string): string {
  return createHmac('sha256', secret).update(body).digest('base64');
}

export function isGenuineWooDelivery(
  secret: string,
  body: Buffer,
  signature: string | undefined,
): boolean {
  if (!signature) return false;
  const expected = Buffer.from(signWooDelivery(secret, body));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** WooCommerce's unsigned ping when a webhook is saved: `webhook_id=<id>`, form-encoded. */
export function isWooPing(body: Buffer, signature: string | undefined): boolean {
  return !signature && /^webhook_id=\d+$/.test(body.toString('utf8').trim());
}
