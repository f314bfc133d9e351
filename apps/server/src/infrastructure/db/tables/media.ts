import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { users } from './accounts.ts';

/** Images a seller uploaded, already re-encoded; the bytes live in media storage under storageKey. */
export const media = pgTable(
  'media',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Content-addressed name in storage (hash of the stored bytes plus extension). */
    storageKey: text('storage_key').notNull(),
    /** SHA-256 of the stored bytes, hex: the same image uploaded twice is kept once. */
    sha256: text('sha256').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('media_user_created_idx').on(t.userId, t.createdAt),
    uniqueIndex('media_user_sha256_idx').on(t.userId, t.sha256),
  ],
);

/** A seller's brand kit: one row, every field optional (null = not set). */
export const brandKits = pgTable('brand_kits', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  logoUrl: text('logo_url'),
  primaryColor: text('primary_color'),
  backgroundColor: text('background_color'),
  textColor: text('text_color'),
  fontFamily: text('font_family'),
  signOff: text('sign_off'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
