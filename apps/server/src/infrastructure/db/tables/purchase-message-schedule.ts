import { sql } from 'drizzle-orm';
import { date, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { shops } from './sending.ts';

/**
 * Dated Etsy purchase messages (e.g. a holiday message from 1 to 31 December): from the start of
 * `start_date` to the end of `end_date`, on the seller's own calendar, Etsy holds these texts instead
 * of the shop's regular ones (purchase_messages). Ranges follow the template schedule's rules: paid
 * plans only; where ranges overlap, the latest start wins.
 */
export const purchaseMessageSchedule = pgTable(
  'purchase_message_schedule',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    shopId: uuid('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    /** As the seller wrote them, tokens and all; an empty one keeps the regular text for its kind. */
    message: text('message').notNull().default(''),
    digitalMessage: text('digital_message').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('purchase_message_schedule_shop_id_idx').on(t.shopId)],
);
