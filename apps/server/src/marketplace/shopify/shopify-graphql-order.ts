import { z } from 'zod';
import type { ShopifyOrder } from './shopify-order.ts';

/**
 * One order read back through the GraphQL Admin API (the REST Admin API is legacy for new public
 * apps since April 2025), for the topics whose bodies Thankly does not trust: only their order id
 * is used, and the order is read with the shop's own token, which sees no other shop's orders.
 * Field names are the GraphQL Order, Fulfillment (createdAt, updatedAt, deliveredAt, status,
 * trackingInfo { number url company }) and Refund (createdAt) objects; the answer is turned into
 * the REST Order shape the webhook bodies have, so one mapping serves both.
 */
export const SHOPIFY_ORDER_QUERY = `query ThanklyOrderDetails($id: ID!) {
  order(id: $id) {
    id
    legacyResourceId
    name
    email
    createdAt
    updatedAt
    processedAt
    cancelledAt
    displayFinancialStatus
    customer { firstName lastName }
    billingAddress { firstName lastName name }
    shippingAddress { firstName lastName name }
    totalPriceSet { shopMoney { amount currencyCode } }
    discountCodes
    lineItems(first: 100) { nodes { title name } }
    fulfillments(first: 50) {
      status
      createdAt
      updatedAt
      deliveredAt
      trackingInfo(first: 10) { number url }
    }
    refunds(first: 50) { createdAt }
  }
}`;

const nameSchema = z
  .object({
    firstName: z.string().nullish(),
    lastName: z.string().nullish(),
    name: z.string().nullish(),
  })
  .nullish();

const graphqlOrderSchema = z.object({
  id: z.string(),
  legacyResourceId: z.union([z.string().regex(/^\d+$/), z.number()]),
  name: z.string().nullish(),
  email: z.string().nullish(),
  createdAt: z.string().nullish(),
  updatedAt: z.string().nullish(),
  processedAt: z.string().nullish(),
  cancelledAt: z.string().nullish(),
  displayFinancialStatus: z.string().nullish(),
  customer: nameSchema,
  billingAddress: nameSchema,
  shippingAddress: nameSchema,
  totalPriceSet: z
    .object({ shopMoney: z.object({ amount: z.string(), currencyCode: z.string() }) })
    .nullish(),
  discountCodes: z.array(z.string()).nullish(),
  lineItems: z
    .object({
      nodes: z.array(z.object({ title: z.string().nullish(), name: z.string().nullish() })),
    })
    .nullish(),
  fulfillments: z
    .array(
      z.object({
        status: z.string().nullish(),
        createdAt: z.string().nullish(),
        updatedAt: z.string().nullish(),
        deliveredAt: z.string().nullish(),
        trackingInfo: z
          .array(z.object({ number: z.string().nullish(), url: z.string().nullish() }))
          .nullish(),
      }),
    )
    .nullish(),
  refunds: z.array(z.object({ createdAt: z.string().nullish() })).nullish(),
});

export const shopifyOrderDataSchema = z.object({ order: graphqlOrderSchema.nullable() });
export type ShopifyGraphqlOrder = z.infer<typeof graphqlOrderSchema>;

const person = (p: z.infer<typeof nameSchema>) =>
  p ? { first_name: p.firstName, last_name: p.lastName, name: p.name } : null;

/** The GraphQL order in the REST Order shape (enum values lower-cased, as REST spells them). */
export function restShapeOf(order: ShopifyGraphqlOrder): ShopifyOrder {
  return {
    id: String(order.legacyResourceId),
    name: order.name,
    email: order.email,
    customer: order.customer
      ? { first_name: order.customer.firstName, last_name: order.customer.lastName }
      : null,
    billing_address: person(order.billingAddress),
    shipping_address: person(order.shippingAddress),
    financial_status: order.displayFinancialStatus?.toLowerCase() ?? null,
    total_price: order.totalPriceSet?.shopMoney.amount ?? null,
    currency: order.totalPriceSet?.shopMoney.currencyCode ?? null,
    line_items: order.lineItems?.nodes ?? [],
    fulfillments: (order.fulfillments ?? []).map((f) => ({
      status: f.status?.toLowerCase() ?? null,
      created_at: f.createdAt,
      // GraphQL names the delivery time itself, where REST has only the last update.
      updated_at: f.deliveredAt ?? f.updatedAt,
      shipment_status: f.deliveredAt ? 'delivered' : null,
      tracking_numbers: (f.trackingInfo ?? []).flatMap((t) => (t.number ? [t.number] : [])),
      tracking_urls: (f.trackingInfo ?? []).flatMap((t) => (t.url ? [t.url] : [])),
    })),
    cancelled_at: order.cancelledAt,
    refunds: (order.refunds ?? []).map((r) => ({ created_at: r.createdAt })),
    created_at: order.createdAt,
    updated_at: order.updatedAt,
    processed_at: order.processedAt,
    discount_codes: (order.discountCodes ?? []).map((code) => ({ code })),
  };
}
