import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import {
  JOURNEY_STEP_KINDS,
  JOURNEY_TRIGGERS,
  type JourneyConditions,
  type SendWindow,
} from '@thankly/api-contract';
import { users } from './accounts.ts';
import { createdAt } from './columns.ts';
import { templates } from './templates.ts';

/**
 * A seller's follow-up emails, after the thank-you (which is not a row here: it is the selected or
 * dated template, sent at payment). Each order gets at most one email per step: order_emails
 * carries the step's id as its step key.
 */
export const journeySteps = pgTable(
  'journey_steps',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 0 for the first follow-up; the plan's limit counts steps in this order. */
    position: integer('position').notNull(),
    name: text('name').notNull(),
    kind: text('kind', { enum: JOURNEY_STEP_KINDS }).notNull().default('follow-up'),
    /** Null once its template was deleted: the step then skips, saying why, until one is chosen. */
    templateId: uuid('template_id').references(() => templates.id, { onDelete: 'set null' }),
    trigger: text('trigger', { enum: JOURNEY_TRIGGERS }).notNull(),
    delayMinutes: integer('delay_minutes').notNull().default(0),
    conditions: jsonb('conditions').$type<JourneyConditions>().notNull(),
    sendWindow: jsonb('send_window').$type<NonNullable<SendWindow>>(),
    /** Orders whose triggering event came before this are not scheduled for the step. */
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('journey_steps_user_idx').on(t.userId, t.position)],
);
