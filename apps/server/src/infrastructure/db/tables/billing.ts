import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { users } from './accounts.ts';

const PROVIDERS = ['stripe', 'demo'] as const;
const PLAN_IDS = ['free', 'growth', 'business'] as const;
const INTERVALS = ['month', 'year'] as const;

/**
 * A seller's customer at a payment provider: made once, reused for every checkout and portal.
 * Sync tickets order concurrent syncs of one customer: a sync takes `sync_requested + 1` before it
 * reads the provider and writes only if no later ticket has written already.
 */
export const billingCustomers = pgTable(
  'billing_customers',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: PROVIDERS }).notNull(),
    customerId: text('customer_id').notNull(),
    syncRequested: bigint('sync_requested', { mode: 'number' }).notNull().default(0),
    syncApplied: bigint('sync_applied', { mode: 'number' }).notNull().default(0),
    syncedAt: timestamp('synced_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.provider] }),
    unique('billing_customers_customer_uq').on(t.provider, t.customerId),
  ],
);

/** What the provider last said about each subscription of our customers (a mirror, not a source). */
export const billingSubscriptions = pgTable(
  'billing_subscriptions',
  {
    provider: text('provider', { enum: PROVIDERS }).notNull(),
    subscriptionId: text('subscription_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    customerId: text('customer_id').notNull(),
    status: text('status').notNull(),
    /** Null when the price is not one of ours. */
    planId: text('plan_id', { enum: PLAN_IDS }),
    interval: text('interval', { enum: INTERVALS }),
    priceId: text('price_id'),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.subscriptionId] }),
    index('billing_subscriptions_user_idx').on(t.userId),
  ],
);

/** Webhook events already handled: a replay of one of these is acknowledged and ignored. */
export const billingEvents = pgTable(
  'billing_events',
  {
    provider: text('provider', { enum: PROVIDERS }).notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    customerId: text('customer_id'),
    processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/**
 * The local demo checkout's own state, standing in for the provider's: its checkout and portal
 * sessions and the subscriptions they make. Only used when no Stripe keys are configured.
 */
export const demoBillingSessions = pgTable('demo_billing_sessions', {
  id: text('id').primaryKey(),
  kind: text('kind', { enum: ['checkout', 'portal'] }).notNull(),
  customerId: text('customer_id').notNull(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Checkout: the price bought. Portal: the price a "switch plan" flow proposes, if any. */
  priceId: text('price_id'),
  status: text('status', { enum: ['open', 'complete', 'expired'] })
    .notNull()
    .default('open'),
  successUrl: text('success_url').notNull(),
  cancelUrl: text('cancel_url').notNull(),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

export const demoBillingSubscriptions = pgTable(
  'demo_billing_subscriptions',
  {
    id: text('id').primaryKey(),
    customerId: text('customer_id').notNull(),
    priceId: text('price_id').notNull(),
    status: text('status', { enum: ['active', 'canceled'] }).notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [index('demo_billing_subscriptions_customer_idx').on(t.customerId)],
);
