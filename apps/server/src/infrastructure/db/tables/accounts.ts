import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

export const users = pgTable(
  'users',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    name: text('name').notNull(),
    /**
     * Stored lower-cased. One verified account per mailbox; unverified accounts may share an
     * address, so registering never reveals whether an address already has an account.
     */
    email: text('email').notNull(),
    /** Set when the owner of `email` followed the link mailed to it; nothing is sent before. */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    passwordHash: text('password_hash').notNull(),
    plan: text('plan', { enum: ['free', 'growth', 'business'] })
      .notNull()
      .default('free'),
    isPaused: boolean('is_paused').notNull().default(false),
    /**
     * The seller's postal address for the footer of every buyer email (commercial-mail laws ask
     * for one); kept once per account, as it belongs to the business, not to one design.
     */
    postalAddress: text('postal_address').notNull().default(''),
    /**
     * The seller's IANA time zone: every time the app shows them, the day their dated templates
     * start and end, and their journey's clock unless the journey names its own. Taken from the
     * browser at sign-up; accounts from before it was kept were given Europe/Athens, the clock the
     * product ran on for everyone until then.
     */
    timeZone: text('time_zone').notNull().default('UTC'),
    /** An operator stopped this account's sending (abuse); the seller cannot lift it. */
    sendingSuspendedAt: timestamp('sending_suspended_at', { withTimezone: true }),
    sendingSuspendedReason: text('sending_suspended_reason'),
    /**
     * Sending stopped automatically: the bounce or complaint rate went past its limit. The reason
     * is the seller's explanation; only an operator lifts it.
     */
    deliveryPausedAt: timestamp('delivery_paused_at', { withTimezone: true }),
    deliveryPausedReason: text('delivery_paused_reason'),
    /** An operator lifted the automatic pause: only bounces and complaints after it can pause again. */
    deliveryPauseLiftedAt: timestamp('delivery_pause_lifted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_verified_email_idx')
      .on(t.email)
      .where(sql`${t.emailVerifiedAt} IS NOT NULL`),
    index('users_email_idx').on(t.email),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    idHash: text('id_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('password_reset_tokens_user_id_idx').on(t.userId)],
);

/**
 * Links mailed to prove an address: `verify_email` confirms the account's own address,
 * `change_email` confirms the new address of an email change (applied only when followed).
 */
export const emailTokens = pgTable(
  'email_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify_email', 'change_email'] }).notNull(),
    /** The address the link was mailed to, lower-cased. */
    email: text('email').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('email_tokens_user_id_idx').on(t.userId)],
);

/** What an operator watches per account: test emails, refused sends, bounces. */
export const ABUSE_EVENT_KINDS = ['test_email', 'refused_send', 'bounce'] as const;

export const abuseEvents = pgTable(
  'abuse_events',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ABUSE_EVENT_KINDS }).notNull(),
    /** Why, in words an operator reads; never a buyer's address. */
    detail: text('detail'),
    createdAt: createdAt(),
  },
  (t) => [index('abuse_events_user_kind_idx').on(t.userId, t.kind, t.createdAt)],
);

/**
 * When the seller's own pause was on: an order that happened inside one of these is never emailed,
 * however late Thankly sees it (a poll after the seller resumed, a webhook retried). An open row
 * (no resumed_at) is the pause in force now.
 */
export const sendingPauses = pgTable(
  'sending_pauses',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    pausedAt: timestamp('paused_at', { withTimezone: true }).notNull(),
    resumedAt: timestamp('resumed_at', { withTimezone: true }),
  },
  (t) => [index('sending_pauses_user_idx').on(t.userId, t.pausedAt)],
);
