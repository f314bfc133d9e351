import { z } from 'zod';

/** Money as marketplaces send it: an integer amount of the currency's minor unit. */
export const moneySchema = z.object({
  amount: z.number().int(),
  divisor: z.number().int().positive(),
  currency: z.string().min(3).max(3),
});
export type Money = z.infer<typeof moneySchema>;

/**
 * An order as every marketplace adapter reports it. It is stored with the order's row, so the
 * email can be rendered again from exactly what was seen.
 */
export const marketplaceOrderSchema = z.object({
  externalId: z.string().min(1),
  orderNumber: z.string().min(1),
  isPaid: z.boolean(),
  /** The recipient's full name, when that is all the marketplace gives. */
  buyerName: z.string().nullable(),
  buyerFirstName: z.string().nullable(),
  buyerLastName: z.string().nullable(),
  /** Null when the marketplace withholds it (Etsy does, for most apps). */
  buyerEmail: z.string().nullable(),
  /**
   * The buyer's account on the marketplace, where it names one (Etsy's buyer_user_id): the same
   * buyer is known by it when their email is withheld.
   */
  buyerId: z.string().nullish(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  /** When it was paid, where the marketplace says apart from createdAt (WooCommerce). */
  paidAt: z.iso.datetime().nullish(),
  productTitles: z.array(z.string()),
  total: moneySchema.nullable(),
  trackingUrl: z.string().nullable(),
  /** The carrier's number for the parcel, once it has shipped. */
  trackingNumber: z.string().nullish(),
  /** When the seller shipped it (Etsy's shipment, Shopify's fulfilment, WooCommerce "completed"). */
  shippedAt: z.iso.datetime().nullish(),
  /** When the carrier delivered it, where the marketplace reports that (Shopify, the demo shop). */
  deliveredAt: z.iso.datetime().nullish(),
  /** When it was refunded in full or cancelled: its follow-up emails stop. */
  cancelledAt: z.iso.datetime().nullish(),
  /**
   * When the parcel is due to ship, where the marketplace names it (Etsy's expected_ship_date).
   * Elsewhere the ship-by day is the paid day plus the seller's processing days.
   */
  shipBy: z.iso.datetime().nullish(),
  /** Every item is a download: no parcel, so no card to pack. */
  digitalOnly: z.boolean().nullish(),
  /** Discount codes the buyer used; orders stored before they were read have none. */
  couponCodes: z.array(z.string()).default([]),
});
/** As adapters write it: an order without couponCodes has none (the schema fills in []). */
export type MarketplaceOrder = z.input<typeof marketplaceOrderSchema>;

/** When the order was paid: its paid time where the marketplace gives one, else its own time. */
export function paidTime(order: Pick<MarketplaceOrder, 'paidAt' | 'createdAt'>): Date {
  return new Date(order.paidAt ?? order.createdAt);
}
