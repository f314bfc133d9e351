import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { users } from './accounts.ts';
import { templates } from './templates.ts';

/**
 * Read-only preview links a seller shares (docs/decisions/022-shared-previews.md). Only the
 * SHA-256 of a link's token is kept: a leaked table opens no preview. A revoked link keeps its row
 * (revoked_at) until the hourly cleanup forgets it with the expired ones; deleting the template or
 * the account deletes its links.
 */
export const sharedPreviews = pgTable(
  'shared_previews',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    templateId: uuid('template_id')
      .notNull()
      .references(() => templates.id, { onDelete: 'cascade' }),
    /** Hex SHA-256 of the token in the link. */
    tokenHash: text('token_hash').notNull().unique(),
    /** Whom the seller made it for; only they see it. */
    label: text('label').notNull().default(''),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('shared_previews_template_idx').on(t.templateId)],
);
