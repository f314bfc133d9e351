import { sql } from 'drizzle-orm';
import { pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

export const outboxMessages = pgTable('outbox_messages', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  raw: text('raw').notNull(),
  createdAt: createdAt(),
});

/**
 * Every thank-you email the product decided about, one row per order. The sending pipeline owns
 * it; the daily usage line counts its sent rows.
 */
