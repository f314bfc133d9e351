import { z } from 'zod';
import type { MarketplaceOrder } from '../marketplace-order.ts';
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
  billing: personSchema,
  shipping: personSchema,
  line_items: z.array(z.object({ name: z.string().nullish() })).nullish(),
  coupon_lines: z.array(z.object({ code: z.string().nullish() })).nullish(),
});
export type WooOrder = z.infer<typeof wooOrderSchema>;

/** wc_get_is_paid_statuses(): money taken, order being fulfilled or done. */
const PAID_STATUSES = new Set(['processing', 'completed']);
/** A paid date on these does not make an order one to thank for. */
const NOT_PAID_STATUSES = new Set([
  'pending',
  'failed',
  'cancelled',
  'refunded',
  'trash',
  'checkout-draft',
]);

/** WooCommerce's *_gmt dates are UTC without a zone: "2026-09-01T10:15:00". */
export function wooDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const time = Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value}Z`);
  return Number.isNaN(time) ? null : new Date(time);
}

export function isPaidWooOrder(order: WooOrder): boolean {
  const status = order.status.toLowerCase();
  if (PAID_STATUSES.has(status)) return true;
  return Boolean(order.date_paid_gmt ?? order.date_paid) && !NOT_PAID_STATUSES.has(status);
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
    // Core WooCommerce keeps no tracking numbers; shipment plugins each do it their own way.
    trackingUrl: null,
    couponCodes: (order.coupon_lines ?? [])
      .map((coupon) => clean(coupon.code))
      .filter((code): code is string => Boolean(code)),
  };
}
