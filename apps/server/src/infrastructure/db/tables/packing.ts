// Cards at packing time: the seller's print choices, and per order what reached its buyer beside
// the email (the parcel packed with its card; Etsy's purchase message live when it was paid).
import { boolean, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { CARD_LAYOUTS } from '@thankly/api-contract';
import { users } from './accounts.ts';
import { orderEmails } from './sending.ts';

/** The card size, fold, bleed and processing days a seller chose last, on any device. */
export const cardPrintSettings = pgTable('card_print_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  layout: text('layout', { enum: CARD_LAYOUTS }).notNull().default('a6'),
  fold: boolean('fold').notNull().default(false),
  bleed: boolean('bleed').notNull().default(false),
  /** Days from payment to the ship-by day where the marketplace gives none (Shopify, WooCommerce). */
  processingDays: integer('processing_days').notNull().default(3),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One order's thank-you row (the order's own record) and what reached its buyer apart from an email,
 * a card printed or a message: a row exists once either is known.
 */
export const orderReach = pgTable('order_reach', {
  orderEmailId: uuid('order_email_id')
    .primaryKey()
    .references(() => orderEmails.id, { onDelete: 'cascade' }),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The seller packed the parcel with its printed card. Cleared when they take the mark back. */
  packedAt: timestamp('packed_at', { withTimezone: true }),
  /**
   * Etsy's purchase message was live on Etsy when the order was paid (its paid time), for a buyer
   * whose email Etsy withheld: Etsy itself sent them the seller's thank-you.
   */
  purchaseMessageAt: timestamp('purchase_message_at', { withTimezone: true }),
});
