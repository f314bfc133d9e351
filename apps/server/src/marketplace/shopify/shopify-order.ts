import { z } from 'zod';
import type { MarketplaceOrder } from '../../orders/marketplace-order.ts';
import { moneyFromDecimal } from '../money.ts';

const nameSchema = z
  .object({
    first_name: z.string().nullish(),
    last_name: z.string().nullish(),
    name: z.string().nullish(),
  })
  .nullish();

/**
 * The fields of Shopify's REST Order resource (the body of orders/paid) that Thankly uses;
 * everything else passes by. Customer fields arrive empty unless the app has Level 2
 * protected-customer-data access.
 */
export const shopifyOrderSchema = z.object({
  id: z.union([z.number(), z.string().regex(/^\d+$/)]),
  name: z.string().nullish(),
  order_number: z.union([z.number(), z.string()]).nullish(),
  number: z.union([z.number(), z.string()]).nullish(),
  email: z.string().nullish(),
  contact_email: z.string().nullish(),
  customer: z
    .object({
      email: z.string().nullish(),
      first_name: z.string().nullish(),
      last_name: z.string().nullish(),
    })
    .nullish(),
  billing_address: nameSchema,
  shipping_address: nameSchema,
  financial_status: z.string().nullish(),
  total_price: z.union([z.string(), z.number()]).nullish(),
  current_total_price: z.union([z.string(), z.number()]).nullish(),
  currency: z.string().nullish(),
  line_items: z
    .array(z.object({ title: z.string().nullish(), name: z.string().nullish() }))
    .nullish(),
  /**
   * REST Fulfillment: one parcel. shipment_status is the carrier's latest word ("delivered" at the
   * end); status "cancelled", "error" or "failure" means it never went out.
   */
  fulfillments: z
    .array(
      z.object({
        status: z.string().nullish(),
        created_at: z.string().nullish(),
        updated_at: z.string().nullish(),
        shipment_status: z.string().nullish(),
        tracking_number: z.string().nullish(),
        tracking_numbers: z.array(z.string()).nullish(),
        tracking_url: z.string().nullish(),
        tracking_urls: z.array(z.string()).nullish(),
      }),
    )
    .nullish(),
  cancelled_at: z.string().nullish(),
  refunds: z
    .array(z.object({ created_at: z.string().nullish(), processed_at: z.string().nullish() }))
    .nullish(),
  created_at: z.string().nullish(),
  updated_at: z.string().nullish(),
  processed_at: z.string().nullish(),
  discount_codes: z.array(z.object({ code: z.string().nullish() })).nullish(),
});
export type ShopifyOrder = z.infer<typeof shopifyOrderSchema>;

/**
 * Statuses of an order whose money has been taken; a refund needs a payment, so a refunded order
 * was paid (what its refund means for follow-up emails is the journey's to decide, by cancelledAt).
 */
const PAID_STATUSES = new Set(['paid', 'partially_refunded', 'refunded', 'partially_paid']);
/** Fulfillment statuses of a parcel that never went out. */
const FAILED_FULFILMENTS = new Set(['cancelled', 'error', 'failure']);

const clean = (value: string | null | undefined) => value?.trim() || null;

function isoOr(value: string | null | undefined, fallback: string): string {
  return isoOrNull(value) ?? fallback;
}

function isoOrNull(value: string | null | undefined): string | null {
  const time = value ? Date.parse(value) : Number.NaN;
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

const earliestIso = (values: Array<string | null>): string | null =>
  values.filter((v): v is string => v !== null).sort()[0] ?? null;
const latestIso = (values: Array<string | null>): string | null =>
  values
    .filter((v): v is string => v !== null)
    .sort()
    .at(-1) ?? null;

function httpsUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}

/** Shopify's order, in the marketplace-neutral shape the pipeline works with. */
export function toMarketplaceOrder(
  order: ShopifyOrder,
  options: { topic: string; now: Date },
): MarketplaceOrder {
  const person = [order.customer, order.billing_address, order.shipping_address].find(
    (p) => clean(p?.first_name) || clean(p?.last_name),
  );
  const fullName =
    clean(order.billing_address?.name) ?? clean(order.shipping_address?.name) ?? null;
  const fulfillments = order.fulfillments ?? [];
  // Parcels that went out, newest last: the latest one is what the buyer is waiting for.
  const shipped = fulfillments
    .filter((f) => !FAILED_FULFILMENTS.has((f.status ?? '').toLowerCase()))
    // A parcel without its own time went out by the order's last update at the latest.
    .map((f) => ({
      ...f,
      createdAt: isoOrNull(f.created_at) ?? isoOrNull(f.updated_at) ?? isoOrNull(order.updated_at),
    }))
    .sort((a, b) => (a.createdAt ?? '').localeCompare(b.createdAt ?? ''));
  const tracking = [...shipped]
    .reverse()
    .flatMap((f) => [f.tracking_url, ...(f.tracking_urls ?? [])])
    .map(httpsUrl)
    .find(Boolean);
  const trackingNumber = [...shipped]
    .reverse()
    .flatMap((f) => [f.tracking_number, ...(f.tracking_numbers ?? [])])
    .map(clean)
    .find(Boolean);
  // Delivered once every parcel that went out is delivered; Shopify stamps the fulfilment's
  // updated_at when the carrier's "delivered" event arrives, so the latest of those is the time.
  const delivered =
    shipped.length > 0 && shipped.every((f) => f.shipment_status?.toLowerCase() === 'delivered')
      ? latestIso(shipped.map((f) => isoOrNull(f.updated_at) ?? f.createdAt))
      : null;
  const financial = (order.financial_status ?? '').toLowerCase();
  // Cancelled, or its money given back in full: the refund's own time where Shopify lists it.
  const cancelled =
    isoOrNull(order.cancelled_at) ??
    (financial === 'refunded'
      ? (latestIso((order.refunds ?? []).map((r) => isoOrNull(r.processed_at ?? r.created_at))) ??
        isoOrNull(order.updated_at))
      : null);
  const created = isoOr(order.created_at ?? order.processed_at, options.now.toISOString());
  const number = order.order_number ?? order.number;
  return {
    externalId: String(order.id),
    orderNumber:
      clean(order.name) ??
      (number !== null && number !== undefined ? String(number) : String(order.id)),
    // The body's own financial_status decides. Thankly also receives orders/updated, so a signed
    // body of an unpaid order exists and could be replayed under the orders/paid header; only an
    // orders/paid body without any status is taken at its topic's word.
    isPaid: financial ? PAID_STATUSES.has(financial) : options.topic === 'orders/paid',
    buyerName: person ? null : fullName,
    buyerFirstName: clean(person?.first_name),
    buyerLastName: clean(person?.last_name),
    buyerEmail: clean(order.email) ?? clean(order.contact_email) ?? clean(order.customer?.email),
    createdAt: created,
    updatedAt: isoOr(order.updated_at, created),
    productTitles: (order.line_items ?? [])
      .map((item) => clean(item.title) ?? clean(item.name))
      .filter((title): title is string => Boolean(title)),
    total:
      moneyFromDecimal(order.total_price, order.currency) ??
      moneyFromDecimal(order.current_total_price, order.currency),
    trackingUrl: tracking ?? null,
    trackingNumber: trackingNumber ?? null,
    shippedAt: earliestIso(shipped.map((f) => f.createdAt)),
    deliveredAt: delivered,
    cancelledAt: cancelled,
    couponCodes: (order.discount_codes ?? [])
      .map((discount) => clean(discount.code))
      .filter((code): code is string => Boolean(code)),
  };
}
