import { integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './accounts.ts';
import { templates } from './templates.ts';

/**
 * The editor's autosaved work, apart from the published template that sending reads: one draft per
 * template, and one per seller for a template never published (`template_key` 'new', no
 * `template_id`). `revision` goes up by one on each save; a save names the revision it started
 * from and is refused when the draft has moved on (docs/decisions/019-template-drafts.md).
 */
export const templateDrafts = pgTable(
  'template_drafts',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The template's id as text, or 'new'. */
    templateKey: text('template_key').notNull(),
    /** Deleting the template deletes its draft. */
    templateId: uuid('template_id').references(() => templates.id, { onDelete: 'cascade' }),
    /** name, subject, preheader, language, design (sanitised) and sendConditions, as typed. */
    content: jsonb('content').notNull(),
    revision: integer('revision').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('template_drafts_user_key_idx').on(t.userId, t.templateKey)],
);
