import { bigint, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { orderEmails } from './sending.ts';
import { createdAt } from './columns.ts';

export const TRACKING_EVENT_KINDS = ['open', 'click'] as const;
/** Who fetched: a person (their mail app, or Gmail's proxy on their behalf), a privacy proxy, or a scanner. */
export const TRACKING_AGENTS = ['person', 'proxy', 'scanner'] as const;

/**
 * Opens (the pixel) and clicks (a rewritten link) of a thank-you email. Every fetch is kept, so
 * unique opens are the emails with at least one person's open, and machines are counted apart.
 */
export const trackingEvents = pgTable(
  'tracking_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderEmailId: uuid('order_email_id')
      .notNull()
      .references(() => orderEmails.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: TRACKING_EVENT_KINDS }).notNull(),
    agent: text('agent', { enum: TRACKING_AGENTS }).notNull(),
    /** The link's original address, for clicks. */
    linkUrl: text('link_url'),
    createdAt: createdAt(),
  },
  (t) => [index('tracking_events_email_idx').on(t.orderEmailId, t.kind, t.agent)],
);
