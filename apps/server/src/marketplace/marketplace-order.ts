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
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  /** When it was paid, where the marketplace says apart from createdAt (WooCommerce). */
  paidAt: z.iso.datetime().nullish(),
  productTitles: z.array(z.string()),
  total: moneySchema.nullable(),
  trackingUrl: z.string().nullable(),
  /** Discount codes the buyer used; orders stored before they were read have none. */
  couponCodes: z.array(z.string()).default([]),
});
/** As adapters write it: an order without couponCodes has none (the schema fills in []). */
export type MarketplaceOrder = z.input<typeof marketplaceOrderSchema>;
