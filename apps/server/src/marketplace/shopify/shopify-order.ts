import { z } from 'zod';
import type { MarketplaceOrder } from '../marketplace-order.ts';
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
  fulfillments: z
    .array(
      z.object({
        tracking_url: z.string().nullish(),
        tracking_urls: z.array(z.string()).nullish(),
      }),
    )
    .nullish(),
  created_at: z.string().nullish(),
  updated_at: z.string().nullish(),
  processed_at: z.string().nullish(),
  discount_codes: z.array(z.object({ code: z.string().nullish() })).nullish(),
});
export type ShopifyOrder = z.infer<typeof shopifyOrderSchema>;

/** Statuses of an order whose money has been taken (refunds come later and are not un-thanked). */
const PAID_STATUSES = new Set(['paid', 'partially_refunded', 'refunded', 'partially_paid']);

const clean = (value: string | null | undefined) => value?.trim() || null;

function isoOr(value: string | null | undefined, fallback: string): string {
  const time = value ? Date.parse(value) : Number.NaN;
  return Number.isNaN(time) ? fallback : new Date(time).toISOString();
}

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
  const tracking = (order.fulfillments ?? [])
    .flatMap((f) => [f.tracking_url, ...(f.tracking_urls ?? [])])
    .map(httpsUrl)
    .find(Boolean);
  const created = isoOr(order.created_at ?? order.processed_at, options.now.toISOString());
  const number = order.order_number ?? order.number;
  return {
    externalId: String(order.id),
    orderNumber:
      clean(order.name) ??
      (number !== null && number !== undefined ? String(number) : String(order.id)),
    // An orders/paid delivery is the payment itself; other topics say so in financial_status.
    isPaid:
      options.topic === 'orders/paid' ||
      PAID_STATUSES.has((order.financial_status ?? '').toLowerCase()),
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
    couponCodes: (order.discount_codes ?? [])
      .map((discount) => clean(discount.code))
      .filter((code): code is string => Boolean(code)),
  };
}
