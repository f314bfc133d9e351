import { sql } from 'drizzle-orm';
import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt } from './columns.ts';

export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    raw: text('raw').notNull(),
    /**
     * The account this mail belongs to (its own product mail) or was sent on behalf of (test and
     * buyer emails); the only seller who may read it. Null: the operator's alone.
     */
    accountId: uuid('account_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('outbox_messages_account_idx').on(t.accountId, t.createdAt)],
);

/**
 * Every thank-you email the product decided about, one row per order. The sending pipeline owns
 * it; the daily usage line counts its sent rows.
 */
