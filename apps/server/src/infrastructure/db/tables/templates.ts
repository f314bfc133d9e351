import { sql } from 'drizzle-orm';
import { boolean, date, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { TemplateLanguage } from '@thankly/email';
import { createdAt } from './columns.ts';
import { users } from './accounts.ts';

export const templates = pgTable(
  'templates',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    subject: text('subject').notNull().default(''),
    /** The inbox preview line after the subject; may hold tokens. */
    preheader: text('preheader').notNull().default(''),
    /** Sets the email's lang/dir and the footer's words; older templates were English. */
    language: text('language').$type<TemplateLanguage>().notNull().default('en'),
    design: jsonb('design').notNull(),
    html: text('html').notNull(),
    conditionsEnabled: boolean('conditions_enabled').notNull().default(false),
    startDate: date('start_date'),
    endDate: date('end_date'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The template_versions row this content was published as: written in the same transaction
     * as the content, so a sent email can name the version it used. Null only between the
     * insert of a new template and its first version, inside that transaction.
     */
    currentVersionId: uuid('current_version_id'),
  },
  (t) => [index('templates_user_id_idx').on(t.userId)],
);

export const templateSelections = pgTable('template_selections', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  templateId: uuid('template_id')
    .notNull()
    .references(() => templates.id, { onDelete: 'cascade' }),
});

/** One template as it was before a restyle, and the moment the restyle saved it. */
export interface TemplateBeforeRestyle {
  templateId: string;
  design: unknown;
  html: string;
  /** The template's updated_at the restyle wrote: undo leaves a template saved after it alone. */
  restyledAt: string;
}

/**
 * A seller's latest restyle of their templates with the brand kit, kept for its one undo step:
 * each changed template's saved design and HTML as they were. A new restyle replaces it; an undo
 * removes it.
 */
export const brandRestyles = pgTable('brand_restyles', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  userId: uuid('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  before: jsonb('before').$type<TemplateBeforeRestyle[]>().notNull(),
  createdAt: createdAt(),
});
