import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { OrderNotification } from '../marketplace-adapter.ts';
import { parseStorableJson } from '../../infrastructure/db/storable-text.ts';

/** Deliveries older or newer than this are refused, so a captured one cannot be replayed later. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * Etsy's events that change what a receipt says about the order: each only points at the receipt,
 * which is read again. order.delivered is left out: a receipt carries no delivery time, so reading
 * it again would learn nothing.
 */
export const ETSY_ORDER_EVENTS = ['order.paid', 'order.shipped', 'order.canceled'] as const;

const payloadSchema = z.object({
  event_type: z.string(),
  resource_url: z.string(),
  shop_id: z.union([z.number(), z.string()]),
});

const header = (headers: Record<string, string | string[] | undefined>, name: string) => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** Standard Webhooks signature: HMAC-SHA256 over `id.timestamp.body`, base64, key from the whsec_ secret. */
export function signEtsyWebhook(
  secret: string,
  id: string,
  timestamp: number,
  body: string,
): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
}

export function verifyEtsyWebhook(
  secret: string,
  rawBody: string,
  headers: Record<string, string | string[] | undefined>,
  now: Date,
): OrderNotification | null {
  const id = header(headers, 'webhook-id');
  const timestamp = Number(header(headers, 'webhook-timestamp'));
  const signatures = header(headers, 'webhook-signature');
  if (!id || !Number.isFinite(timestamp) || !signatures) return null;
  if (Math.abs(now.getTime() / 1000 - timestamp) > WEBHOOK_TOLERANCE_SECONDS) return null;

  const expected = Buffer.from(signEtsyWebhook(secret, id, timestamp, rawBody));
  const matches = signatures.split(' ').some((entry) => {
    const candidate = Buffer.from(entry.replace(/^v1,/, ''));
    return candidate.length === expected.length && timingSafeEqual(candidate, expected);
  });
  if (!matches) return null;

  let parsed: z.infer<typeof payloadSchema>;
  try {
    parsed = payloadSchema.parse(parseStorableJson(rawBody));
  } catch {
    return null;
  }
  if (!(ETSY_ORDER_EVENTS as readonly string[]).includes(parsed.event_type)) return null;
  const receipt = /\/receipts\/(\d+)\/?$/.exec(parsed.resource_url)?.[1];
  if (!receipt) return null;
  return { shopExternalId: String(parsed.shop_id), orderId: receipt };
}
