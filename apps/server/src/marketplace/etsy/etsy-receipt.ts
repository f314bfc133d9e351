import { z } from 'zod';
import type { MarketplaceOrder } from '../marketplace-order.ts';

const etsyMoneySchema = z.object({
  amount: z.number(),
  divisor: z.number(),
  currency_code: z.string(),
});

/** Epoch seconds as Etsy sends them; anything else reads as absent. */
const epochSchema = z.number().nullish().catch(null);

/**
 * The fields of Etsy's ShopReceipt we use; everything else passes by. Shipments, refunds and the
 * transactions' paid/shipped times are from the official OpenAPI document (ShopReceiptShipment:
 * receipt_shipping_id, shipment_notification_timestamp, carrier_name, tracking_code; ShopRefund:
 * created_timestamp). Etsy gives no tracking link and no delivery time on a receipt.
 */
export const etsyReceiptSchema = z.object({
  receipt_id: z.number(),
  name: z.string().nullish(),
  buyer_email: z.string().nullish(),
  status: z.string().nullish(),
  is_paid: z.boolean().nullish(),
  is_shipped: z.boolean().nullish(),
  created_timestamp: z.number().nullish(),
  create_timestamp: z.number().nullish(),
  updated_timestamp: z.number().nullish(),
  update_timestamp: z.number().nullish(),
  grandtotal: etsyMoneySchema.nullish(),
  transactions: z
    .array(
      z.object({
        title: z.string().nullish(),
        paid_timestamp: epochSchema,
        shipped_timestamp: epochSchema,
      }),
    )
    .nullish(),
  shipments: z
    .array(
      z.object({
        tracking_code: z.string().nullish(),
        carrier_name: z.string().nullish(),
        shipment_notification_timestamp: epochSchema,
      }),
    )
    .nullish(),
  refunds: z.array(z.object({ created_timestamp: epochSchema })).nullish(),
});
export type EtsyReceipt = z.infer<typeof etsyReceiptSchema>;

export const etsyReceiptsPageSchema = z.object({
  count: z.number(),
  results: z.array(etsyReceiptSchema),
});

/** Statuses that say the money was taken, whatever happened after (a refund needs a payment). */
const PAID_STATUSES = new Set(['paid', 'completed', 'fully refunded', 'partially refunded']);
/** Statuses after which no follow-up email should go: the order is off, or its money is back. */
const CANCELLED_STATUSES = new Set(['canceled', 'cancelled', 'fully refunded']);

function isoFromUnix(seconds: number | null | undefined): string {
  return new Date((seconds ?? 0) * 1000).toISOString();
}

const latest = (times: Array<number | null | undefined>): number | null =>
  times.reduce<number | null>((max, t) => (t ? Math.max(max ?? 0, t) : max), null);
const earliest = (times: Array<number | null | undefined>): number | null =>
  times.reduce<number | null>((min, t) => (t ? Math.min(min ?? t, t) : min), null);

/** Etsy's receipt, in the marketplace-neutral shape the pipeline works with. */
export function toMarketplaceOrder(receipt: EtsyReceipt): MarketplaceOrder {
  const created = receipt.created_timestamp ?? receipt.create_timestamp;
  const updated = receipt.updated_timestamp ?? receipt.update_timestamp ?? created;
  const status = (receipt.status ?? '').toLowerCase();
  const shipments = receipt.shipments ?? [];
  const transactions = receipt.transactions ?? [];
  // The newest shipment with a code is the parcel the buyer is waiting for (a reshipment replaces).
  const tracked = shipments
    .filter((s) => s.tracking_code?.trim())
    .sort(
      (a, b) => (a.shipment_notification_timestamp ?? 0) - (b.shipment_notification_timestamp ?? 0),
    )
    .at(-1);
  const isShipped = Boolean(receipt.is_shipped) || shipments.length > 0;
  // When it first left: Etsy's note to the buyer, else a transaction's shipped time, else the
  // receipt's own update (a receipt marked shipped without tracking carries no time of its own).
  const shippedAt = isShipped
    ? (earliest(shipments.map((s) => s.shipment_notification_timestamp)) ??
      earliest(transactions.map((t) => t.shipped_timestamp)) ??
      updated)
    : null;
  const cancelledAt = CANCELLED_STATUSES.has(status)
    ? (latest((receipt.refunds ?? []).map((r) => r.created_timestamp)) ?? updated)
    : null;
  return {
    externalId: String(receipt.receipt_id),
    orderNumber: String(receipt.receipt_id),
    // A receipt paid and later cancelled or refunded still was paid: Etsy keeps is_paid and the
    // transactions' paid times. The journey decides what a cancellation means for its emails.
    isPaid:
      Boolean(receipt.is_paid) ||
      PAID_STATUSES.has(status) ||
      transactions.some((t) => Boolean(t.paid_timestamp)),
    buyerName: receipt.name?.trim() || null,
    buyerFirstName: null,
    buyerLastName: null,
    buyerEmail: receipt.buyer_email?.trim() || null,
    createdAt: isoFromUnix(created),
    updatedAt: isoFromUnix(updated),
    productTitles: transactions.map((t) => t.title?.trim() ?? '').filter(Boolean),
    total: receipt.grandtotal
      ? {
          amount: Math.round(receipt.grandtotal.amount),
          divisor: receipt.grandtotal.divisor || 100,
          currency: receipt.grandtotal.currency_code,
        }
      : null,
    // Etsy gives carrier codes, not links; the buyer's purchase page shows the tracking.
    trackingUrl: isShipped ? `https://www.etsy.com/your/purchases/${receipt.receipt_id}` : null,
    trackingNumber: tracked?.tracking_code?.trim() ?? null,
    shippedAt: shippedAt === null ? null : isoFromUnix(shippedAt),
    // Etsy reports no delivery on a receipt (only its order.delivered webhook, which names none).
    deliveredAt: null,
    cancelledAt: cancelledAt === null ? null : isoFromUnix(cancelledAt),
    // Receipts name no coupon code (only discount amounts), so redemptions cannot be told.
    couponCodes: [],
  };
}
