import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { TemplateLanguage } from '@thankly/email';
import { TEMPLATE_VERSION_KINDS } from '@thankly/api-contract';
import { users } from './accounts.ts';
import { createdAt } from './columns.ts';
import { templates } from './templates.ts';

/**
 * Every publish of a template, as buyers got it from then on: the newest TEMPLATE_VERSIONS_KEPT
 * per template are kept (docs/decisions/021-template-versions.md). `templates.current_version_id`
 * names the one that is live; sent emails record which one they used (order_emails).
 */
export const templateVersions = pgTable(
  'template_versions',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    templateId: uuid('template_id')
      .notNull()
      .references(() => templates.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 1, 2, 3… per template, never reused: what the seller reads as "Version 12". */
    number: integer('number').notNull(),
    /** How it came to be: a Save, a restore of an older version, a brand restyle or its undo. */
    kind: text('kind', { enum: TEMPLATE_VERSION_KINDS }).notNull(),
    /** For a restore: the number of the version it copied. */
    restoredFrom: integer('restored_from'),
    /** For a restore: the version that was live before it, which its undo makes live again. */
    replacedVersionId: uuid('replaced_version_id'),
    /**
     * For a restore: the unpublished draft it set aside (its content and revision), which its undo
     * brings back. Null when there was none.
     */
    replacedDraft: jsonb('replaced_draft').$type<{ content: unknown; revision: number }>(),
    /** For a restore that was undone: when. */
    undoneAt: timestamp('undone_at', { withTimezone: true }),
    /** Who published it, as the account read then (an account's later change of name stays out). */
    authorName: text('author_name').notNull(),
    authorEmail: text('author_email').notNull(),
    name: text('name').notNull(),
    subject: text('subject').notNull(),
    preheader: text('preheader').notNull(),
    language: text('language').$type<TemplateLanguage>().notNull(),
    design: jsonb('design').notNull(),
    html: text('html').notNull(),
    conditionsEnabled: boolean('conditions_enabled').notNull(),
    startDate: date('start_date'),
    endDate: date('end_date'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('template_versions_template_number_idx').on(t.templateId, t.number),
    index('template_versions_user_idx').on(t.userId),
  ],
);
