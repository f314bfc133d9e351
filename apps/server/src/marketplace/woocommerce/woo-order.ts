import { z } from 'zod';
import type { MarketplaceOrder } from '../../orders/marketplace-order.ts';
import { moneyFromDecimal } from '../money.ts';

const personSchema = z
  .object({
    first_name: z.string().nullish(),
    last_name: z.string().nullish(),
    email: z.string().nullish(),
  })
  .nullish();

/** The fields of WooCommerce's REST order (the body of order.* webhooks) that Thankly uses. */
export const wooOrderSchema = z.object({
  id: z.union([z.number().int(), z.string().regex(/^\d+$/)]),
  number: z.union([z.string(), z.number()]).nullish(),
  status: z.string(),
  currency: z.string().nullish(),
  total: z.union([z.string(), z.number()]).nullish(),
  date_created_gmt: z.string().nullish(),
  date_modified_gmt: z.string().nullish(),
  date_paid_gmt: z.string().nullish(),
  date_paid: z.string().nullish(),
  /** Set when the order is marked completed: for a shop that ships, the day it went out. */
  date_completed_gmt: z.string().nullish(),
  billing: personSchema,
  shipping: personSchema,
  line_items: z.array(z.object({ name: z.string().nullish() })).nullish(),
  coupon_lines: z.array(z.object({ code: z.string().nullish() })).nullish(),
  /** Order meta; read only for the Shipment Tracking extension's items. */
  meta_data: z.array(z.object({ key: z.string(), value: z.unknown() })).nullish(),
});
export type WooOrder = z.infer<typeof wooOrderSchema>;

/** Where WooCommerce's Shipment Tracking extension keeps an order's parcels. */
export const SHIPMENT_TRACKING_META_KEY = '_wc_shipment_tracking_items';

/**
 * One parcel as the Shipment Tracking extension stores it. date_shipped is a Unix timestamp (the
 * extension's wc_st_add_tracking_number takes one); custom_tracking_link is the seller's full link
 * for a carrier the extension does not know, and may hold %1$s for the number.
 */
const trackingItemSchema = z.object({
  tracking_number: z.union([z.string(), z.number()]).nullish(),
  tracking_provider: z.string().nullish(),
  custom_tracking_provider: z.string().nullish(),
  custom_tracking_link: z.string().nullish(),
  date_shipped: z.union([z.string(), z.number()]).nullish(),
});
type TrackingItem = z.infer<typeof trackingItemSchema>;

/** wc_get_is_paid_statuses(): money taken, order being fulfilled or done. */
const PAID_STATUSES = new Set(['processing', 'completed']);
/** A paid date on these does not make an order a paid one. */
const NOT_PAID_STATUSES = new Set(['pending', 'failed', 'trash', 'checkout-draft']);
/** Refunded in full, or called off: its follow-up emails stop. */
const CANCELLED_STATUSES = new Set(['refunded', 'cancelled']);

/** WooCommerce's *_gmt dates are UTC without a zone: "2026-09-01T10:15:00". */
export function wooDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const time = Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value}Z`);
  return Number.isNaN(time) ? null : new Date(time);
}

/**
 * Whether the store took the money for the order, now or before: processing or completed, or a
 * paid date on an order that is not pending or failed. A refunded or cancelled order with a paid
 * date was paid (the journey stops its follow-ups by cancelledAt); one without was never paid.
 */
export function isPaidWooOrder(order: WooOrder): boolean {
  const status = order.status.toLowerCase();
  if (PAID_STATUSES.has(status)) return true;
  return Boolean(order.date_paid_gmt ?? order.date_paid) && !NOT_PAID_STATUSES.has(status);
}

/** The Shipment Tracking extension's parcels on the order, when it is installed and used. */
function trackingItems(order: WooOrder): TrackingItem[] {
  const meta = (order.meta_data ?? []).find((m) => m.key === SHIPMENT_TRACKING_META_KEY);
  const parsed = z.array(z.unknown()).safeParse(meta?.value);
  if (!parsed.success) return [];
  return parsed.data.flatMap((item) => {
    const one = trackingItemSchema.safeParse(item);
    return one.success ? [one.data] : [];
  });
}

/** A Unix timestamp (seconds, as a number or digits), else a date the store wrote. */
function shippedDate(value: string | number | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number' || /^\d+$/.test(value)) {
    const seconds = Number(value);
    return seconds > 0 ? new Date(seconds * 1000) : null;
  }
  return wooDate(value);
}

function trackingLink(item: TrackingItem, number: string | null): string | null {
  const link = item.custom_tracking_link?.trim();
  if (!link) return null;
  const filled = number ? link.replaceAll('%1$s', encodeURIComponent(number)) : link;
  try {
    const url = new URL(filled);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}

/** When the order was paid, as well as the store says; for telling orders from before a connect. */
export function wooPaidAt(order: WooOrder): Date | null {
  return wooDate(order.date_paid_gmt) ?? wooDate(order.date_created_gmt);
}

const clean = (value: string | null | undefined) => value?.trim() || null;

/** WooCommerce's order, in the marketplace-neutral shape the pipeline works with. */
export function toMarketplaceOrder(order: WooOrder, now: Date): MarketplaceOrder {
  const person = [order.billing, order.shipping].find(
    (p) => clean(p?.first_name) || clean(p?.last_name),
  );
  const created = wooDate(order.date_created_gmt) ?? now;
  const status = order.status.toLowerCase();
  const modified = wooDate(order.date_modified_gmt);
  // The newest parcel is the one the buyer is waiting for.
  const parcel = trackingItems(order).at(-1);
  const parcelNumber =
    parcel?.tracking_number === null || parcel?.tracking_number === undefined
      ? null
      : String(parcel.tracking_number).trim() || null;
  // Shipped when the seller marks it completed, or as soon as a tracked parcel is on it.
  const shippedAt =
    status === 'completed'
      ? (wooDate(order.date_completed_gmt) ?? shippedDate(parcel?.date_shipped) ?? modified)
      : parcel
        ? (shippedDate(parcel.date_shipped) ?? modified)
        : null;
  return {
    externalId: String(order.id),
    orderNumber:
      clean(order.number === null || order.number === undefined ? null : String(order.number)) ??
      String(order.id),
    isPaid: isPaidWooOrder(order),
    buyerName: null,
    buyerFirstName: clean(person?.first_name),
    buyerLastName: clean(person?.last_name),
    buyerEmail: clean(order.billing?.email),
    createdAt: created.toISOString(),
    updatedAt: (wooDate(order.date_modified_gmt) ?? created).toISOString(),
    // A store can take payment long after the order (a bank transfer): the pause rule needs it.
    paidAt: wooDate(order.date_paid_gmt)?.toISOString() ?? null,
    productTitles: (order.line_items ?? [])
      .map((item) => clean(item.name))
      .filter((name): name is string => Boolean(name)),
    total: moneyFromDecimal(order.total, order.currency),
    // Core WooCommerce keeps no tracking; the Shipment Tracking extension's items are read when
    // present. A known carrier's link is built by the extension from a table we do not have, so
    // only the seller's own custom link becomes the tracking link.
    trackingUrl: parcel ? trackingLink(parcel, parcelNumber) : null,
    trackingNumber: parcelNumber,
    shippedAt: shippedAt?.toISOString() ?? null,
    // WooCommerce reports no delivery.
    deliveredAt: null,
    // The store keeps no separate refund or cancel time on the order: its last change is that.
    cancelledAt: CANCELLED_STATUSES.has(status) ? (modified ?? created).toISOString() : null,
    couponCodes: (order.coupon_lines ?? [])
      .map((coupon) => clean(coupon.code))
      .filter((code): code is string => Boolean(code)),
  };
}
