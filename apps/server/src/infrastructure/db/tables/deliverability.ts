import { sql } from 'drizzle-orm';
import {
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { DnsRecordCheck } from '@thankly/api-contract';
import { users } from './accounts.ts';
import { createdAt } from './columns.ts';
import { orderEmails, shops } from './sending.ts';

/**
 * A domain a seller sends buyer email from, once its records are published. The DKIM key pair is
 * Thankly's own for this row: its selector carries a random part, so two sellers claiming one
 * domain get different records, and only the one who controls its DNS can verify.
 */
export const sendingDomains = pgTable(
  'sending_domains',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    domain: text('domain').notNull(),
    localPart: text('local_part').notNull(),
    dkimSelector: text('dkim_selector').notNull(),
    /** PEM, encrypted with a key derived from APP_SECRET. */
    dkimPrivateKey: text('dkim_private_key').notNull(),
    /** The base64 SubjectPublicKeyInfo published in the DKIM record's p= tag. */
    dkimPublicKey: text('dkim_public_key').notNull(),
    status: text('status', { enum: ['pending', 'verified', 'failing'] })
      .notNull()
      .default('pending'),
    /** The last lookup's findings, per record. */
    records: jsonb('records').$type<DnsRecordCheck[]>().notNull().default([]),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    createdAt: createdAt(),
    /**
     * The seller's branded link host under this domain (links.<domain>), a CNAME to Thankly's
     * link host; null for none. While verified, tracked links and the open pixel of emails From
     * this domain use it instead of APP_URL.
     */
    linkHost: text('link_host'),
    linkStatus: text('link_status', { enum: ['pending', 'verified', 'failing'] }),
    /** The link host's last lookup, as `records` holds the domain's. */
    linkRecords: jsonb('link_records').$type<DnsRecordCheck[]>().notNull().default([]),
    linkCheckedAt: timestamp('link_checked_at', { withTimezone: true }),
    linkVerifiedAt: timestamp('link_verified_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('sending_domains_user_domain_idx').on(t.userId, t.domain),
    index('sending_domains_check_idx').on(t.status, t.lastCheckedAt),
    // Every request on a host other than APP_URL's asks whether it is a verified link host.
    index('sending_domains_link_host_idx').on(t.linkHost),
  ],
);

/**
 * Thankly's own DKIM key for MAIL_FROM's domain when DKIM_PRIVATE_KEY is unset: made once by
 * whichever process starts first and read by every other, so all of them sign with one key.
 * The private key is sealed with APP_SECRET like a seller's.
 */
export const platformDkimKeys = pgTable('platform_dkim_keys', {
  domain: text('domain').primaryKey(),
  selector: text('selector').notNull(),
  /** PEM, encrypted with a key derived from APP_SECRET. */
  privateKey: text('private_key').notNull(),
  createdAt: createdAt(),
});

/**
 * 'blocked': the receiving server refused our relay (a policy or reputation block), not the
 * address. A text column with no check constraint: a new kind needs no migration.
 */
export const MAIL_EVENT_KINDS = ['hard-bounce', 'soft-bounce', 'blocked', 'complaint'] as const;
export const MAIL_EVENT_SOURCES = ['dsn', 'arf', 'sendgrid'] as const;

/**
 * What happened to a sent buyer email afterwards, as a bounce notice, a feedback-loop report or a
 * relay's webhook told it. Unique per source event, so a notice delivered twice counts once.
 */
export const mailEvents = pgTable(
  'mail_events',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    shopId: uuid('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    orderEmailId: uuid('order_email_id').references(() => orderEmails.id, {
      onDelete: 'cascade',
    }),
    kind: text('kind', { enum: MAIL_EVENT_KINDS }).notNull(),
    source: text('source', { enum: MAIL_EVENT_SOURCES }).notNull(),
    /** The source's own id for the event (the notice's Message-ID, the webhook's event id). */
    sourceEventId: text('source_event_id').notNull(),
    recipient: text('recipient').notNull(),
    /** The status code and the receiving server's words, as the seller reads them. */
    reason: text('reason').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('mail_events_source_idx').on(t.source, t.sourceEventId, t.recipient),
    index('mail_events_user_created_idx').on(t.userId, t.createdAt),
    index('mail_events_shop_recipient_idx').on(t.shopId, t.recipient, t.kind),
  ],
);

/**
 * Addresses no shop on Thankly emails any more: a receiving server said the mailbox does not
 * exist (a hard bounce, bounce-reason.ts). Every seller's mail shares the relay's reputation, so
 * a dead address found by one shop is dead for all. Complaints and repeated temporary bounces
 * stay with the shop (`unsubscribes`, `suppressions`). The reason names no shop.
 */
export const platformSuppressions = pgTable('platform_suppressions', {
  email: text('email').primaryKey(),
  reason: text('reason').notNull(),
  createdAt: createdAt(),
});

/** Addresses a shop no longer emails because they bounce (complaints unsubscribe instead). */
export const suppressions = pgTable(
  'suppressions',
  {
    shopId: uuid('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.email] })],
);
