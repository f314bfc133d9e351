import { z } from 'zod';
import type { MarketplaceOrder } from '../marketplace-order.ts';

const etsyMoneySchema = z.object({
  amount: z.number(),
  divisor: z.number(),
  currency_code: z.string(),
});

/** The fields of Etsy's ShopReceipt we use; everything else passes by. */
export const etsyReceiptSchema = z.object({
  receipt_id: z.number(),
  name: z.string().nullish(),
  buyer_email: z.string().nullish(),
  status: z.string().nullish(),
  is_paid: z.boolean().nullish(),
  created_timestamp: z.number().nullish(),
  create_timestamp: z.number().nullish(),
  updated_timestamp: z.number().nullish(),
  update_timestamp: z.number().nullish(),
  grandtotal: etsyMoneySchema.nullish(),
  transactions: z.array(z.object({ title: z.string().nullish() })).nullish(),
  shipments: z.array(z.object({ tracking_code: z.string().nullish() })).nullish(),
});
export type EtsyReceipt = z.infer<typeof etsyReceiptSchema>;

export const etsyReceiptsPageSchema = z.object({
  count: z.number(),
  results: z.array(etsyReceiptSchema),
});

const PAID_STATUSES = new Set(['paid', 'completed']);

function isoFromUnix(seconds: number | null | undefined): string {
  return new Date((seconds ?? 0) * 1000).toISOString();
}

/** Etsy's receipt, in the marketplace-neutral shape the pipeline works with. */
export function toMarketplaceOrder(receipt: EtsyReceipt): MarketplaceOrder {
  const created = receipt.created_timestamp ?? receipt.create_timestamp;
  const updated = receipt.updated_timestamp ?? receipt.update_timestamp ?? created;
  const shipped = (receipt.shipments ?? []).some((s) => s.tracking_code);
  return {
    externalId: String(receipt.receipt_id),
    orderNumber: String(receipt.receipt_id),
    isPaid: Boolean(receipt.is_paid) || PAID_STATUSES.has((receipt.status ?? '').toLowerCase()),
    buyerName: receipt.name?.trim() || null,
    buyerFirstName: null,
    buyerLastName: null,
    buyerEmail: receipt.buyer_email?.trim() || null,
    createdAt: isoFromUnix(created),
    updatedAt: isoFromUnix(updated),
    productTitles: (receipt.transactions ?? []).map((t) => t.title?.trim() ?? '').filter(Boolean),
    total: receipt.grandtotal
      ? {
          amount: Math.round(receipt.grandtotal.amount),
          divisor: receipt.grandtotal.divisor || 100,
          currency: receipt.grandtotal.currency_code,
        }
      : null,
    // Etsy gives carrier codes, not links; the buyer's purchase page shows the tracking.
    trackingUrl: shipped ? `https://www.etsy.com/your/purchases/${receipt.receipt_id}` : null,
    // Receipts name no coupon code (only discount amounts), so redemptions cannot be told.
    couponCodes: [],
  };
}
