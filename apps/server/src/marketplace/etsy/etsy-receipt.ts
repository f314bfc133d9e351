import { z } from 'zod';
import type { MarketplaceOrder } from '../../orders/marketplace-order.ts';

const etsyMoneySchema = z.object({
  amount: z.number(),
  divisor: z.number(),
  currency_code: z.string(),
});

/** Epoch seconds as Etsy sends them; anything else reads as absent. */
const epochSchema = z.number().nullish().catch(null);
/** A field read when it has the documented type, and as absent when it has not. */
const lenient = <S extends z.ZodType>(schema: S) => schema.nullish().catch(null);

/**
 * The fields of Etsy's ShopReceipt we use; everything else passes by. Shipments, refunds and the
 * transactions' paid/shipped times are from the official OpenAPI document (ShopReceiptShipment:
 * receipt_shipping_id, shipment_notification_timestamp, carrier_name, tracking_code; ShopRefund:
 * created_timestamp). Etsy gives no tracking link and no delivery time on a receipt.
 *
 * Only the receipt id is required. Any other field that breaks the contract (a grand total with a
 * null amount has been seen) reads as absent, so one odd receipt costs its buyer a detail of the
 * email, never the email, and never the shop's other orders.
 */
export const etsyReceiptSchema = z.object({
  receipt_id: z.number(),
  name: lenient(z.string()),
  buyer_email: lenient(z.string()),
  buyer_user_id: lenient(z.number()),
  status: lenient(z.string()),
  is_paid: lenient(z.boolean()),
  is_shipped: lenient(z.boolean()),
  created_timestamp: lenient(z.number()),
  create_timestamp: lenient(z.number()),
  updated_timestamp: lenient(z.number()),
  update_timestamp: lenient(z.number()),
  grandtotal: lenient(etsyMoneySchema),
  transactions: lenient(
    z.array(
      z.object({
        title: lenient(z.string()),
        paid_timestamp: epochSchema,
        shipped_timestamp: epochSchema,
        // ShopReceiptTransaction: "The date & time of the expected ship date, in epoch seconds."
        expected_ship_date: epochSchema,
        is_digital: lenient(z.boolean()),
      }),
    ),
  ),
  shipments: lenient(
    z.array(
      z.object({
        tracking_code: lenient(z.string()),
        carrier_name: lenient(z.string()),
        shipment_notification_timestamp: epochSchema,
      }),
    ),
  ),
  refunds: lenient(z.array(z.object({ created_timestamp: epochSchema }))),
});
export type EtsyReceipt = z.infer<typeof etsyReceiptSchema>;

/** A page of receipts: each is read on its own, so one unreadable receipt leaves the rest. */
export const etsyReceiptsPageSchema = z.object({
  count: z.number(),
  results: z.array(z.unknown()),
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

function etsyUserId(id: number | null | undefined): string | null {
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? String(id) : null;
}

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
  const paidAt = earliest(transactions.map((t) => t.paid_timestamp));
  // The parcel goes when its first physical item is due; downloads ship nothing.
  const physical = transactions.filter((t) => t.is_digital !== true);
  const shipBy = earliest(physical.map((t) => t.expected_ship_date));
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
    // An account number as Etsy gives them; anything else (a fraction, a number too large to
    // name one account exactly) names no one, and the buyer is known by their address alone.
    buyerId: etsyUserId(receipt.buyer_user_id),
    createdAt: isoFromUnix(created),
    updatedAt: isoFromUnix(updated),
    // When the buyer paid, which can be long after the receipt was made (a payment that cleared
    // later): pausing and journeys go by this time, as for the other marketplaces.
    paidAt: paidAt === null ? null : isoFromUnix(paidAt),
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
    shipBy: shipBy === null ? null : isoFromUnix(shipBy),
    digitalOnly: transactions.length > 0 && physical.length === 0,
    // Receipts name no coupon code (only discount amounts), so redemptions cannot be told.
    couponCodes: [],
  };
}
