import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  BY_HAND_REASONS,
  DEFAULT_REDEMPTION_WINDOW_DAYS,
  DELIVERY_PROBLEMS,
  MARKETPLACES,
  THANK_BY,
  THANK_YOU_STEP,
} from '@thankly/api-contract';
import { users } from './accounts.ts';
import { createdAt } from './columns.ts';

/** A marketplace shop a seller connected. One Thankly account per shop. */
export const shops = pgTable(
  'shops',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    marketplace: text('marketplace', { enum: MARKETPLACES }).notNull(),
    /** The marketplace's own shop id (Shopify: the myshopify.com domain; WooCommerce: the store URL). */
    externalId: text('external_id').notNull(),
    name: text('name').notNull(),
    url: text('url'),
    status: text('status', { enum: ['connected', 'disconnected'] })
      .notNull()
      .default('connected'),
    statusReason: text('status_reason'),
    /** 'print': this shop's buyers are never emailed; every order waits for a card or a message. */
    thankBy: text('thank_by', { enum: THANK_BY }).notNull().default('email'),
    /**
     * Encrypted with a key derived from APP_SECRET: OAuth tokens (Etsy, Shopify), or a WooCommerce
     * store's webhook secret. Cleared when the shop is disconnected.
     */
    credentials: text('credentials'),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
    /** A worker refreshing the tokens holds this until it is done: refresh tokens rotate, so one at a time. */
    refreshLockedUntil: timestamp('refresh_locked_until', { withTimezone: true }),
    /**
     * The OAuth scopes the seller approved at the last connect, space-separated. Null for shops
     * connected before Thankly recorded them (Etsy shops then had transactions_r and shops_r).
     */
    grantedScopes: text('granted_scopes'),
    /** Orders changed at or after this unix time are still to be polled. */
    pollCursor: bigint('poll_cursor', { mode: 'number' }).notNull().default(0),
    nextPollAt: timestamp('next_poll_at', { withTimezone: true }).notNull().defaultNow(),
    connectedAt: createdAt(),
    lastOrderAt: timestamp('last_order_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('shops_marketplace_external_idx').on(t.marketplace, t.externalId),
    index('shops_user_idx').on(t.userId),
    index('shops_poll_idx').on(t.status, t.nextPollAt),
  ],
);

/**
 * An Etsy shop's purchase message (Etsy's sale_message and digital_sale_message), as the seller
 * wrote it in Thankly and as Thankly last saved it on Etsy. When Etsy's text no longer matches
 * what Thankly saved there, the seller changed it on Etsy: Etsy's version is kept here until the
 * seller chooses, and Thankly never writes over it unasked.
 */
export const purchaseMessages = pgTable('purchase_messages', {
  shopId: uuid('shop_id')
    .primaryKey()
    .references(() => shops.id, { onDelete: 'cascade' }),
  /** As the seller wrote it, tokens and all. */
  message: text('message').notNull().default(''),
  digitalMessage: text('digital_message').notNull().default(''),
  /** The texts Etsy accepted at the last save, tokens filled in; null before the first save. */
  pushedMessage: text('pushed_message'),
  pushedDigitalMessage: text('pushed_digital_message'),
  lastPushedAt: timestamp('last_pushed_at', { withTimezone: true }),
  /** Etsy's texts when they differ from the pushed ones (changed on Etsy); null when they match. */
  etsyMessage: text('etsy_message'),
  etsyDigitalMessage: text('etsy_digital_message'),
  changedOnEtsyAt: timestamp('changed_on_etsy_at', { withTimezone: true }),
  /** When Etsy's texts were last compared with the pushed ones. */
  checkedAt: timestamp('checked_at', { withTimezone: true }),
  /**
   * Whose texts Thankly last put on Etsy: a dated entry of purchase_message_schedule, or null for
   * the regular ones. A scheduled switch is due while this differs from the entry in effect today.
   */
  liveScheduleId: uuid('live_schedule_id'),
  /** Failed scheduled switches in a row, and when the next try may go (backing off). */
  switchFailures: integer('switch_failures').notNull().default(0),
  switchRetryAt: timestamp('switch_retry_at', { withTimezone: true }),
  /** Why the last scheduled switch did not happen, in the seller's words; null once it did. */
  switchProblem: text('switch_problem'),
  /** One worker at a time switches a shop's message: it holds the switch until this instant. */
  switchLeaseUntil: timestamp('switch_lease_until', { withTimezone: true }),
});

/** A pending OAuth authorisation: single use, short lived, bound to the seller who started it. */
export const oauthStates = pgTable('oauth_states', {
  stateHash: text('state_hash').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  marketplace: text('marketplace', { enum: MARKETPLACES }).notNull(),
  codeVerifier: text('code_verifier').notNull(),
  /** Marketplaces connected by address (Shopify): the shop the state was issued for. */
  shopDomain: text('shop_domain'),
  /**
   * WooCommerce: the REST API key the store sent for this state, sealed with APP_SECRET. It waits
   * here until the seller's own browser comes back, and only then is the store connected.
   */
  receivedKeys: text('received_keys'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

export const ORDER_EMAIL_STATUSES = ['pending', 'sending', 'sent', 'skipped', 'failed'] as const;

/**
 * Every paid order Thankly saw and what became of its emails: one row per (shop, marketplace
 * order, journey step). The thank-you step's row is the order's own record (activity, insights,
 * cards); each follow-up step adds a row when its moment is known, due at `next_attempt_at`. The
 * unique key is what makes an order emailed at most once per step.
 */
export const orderEmails = pgTable(
  'order_emails',
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
    marketplaceOrderId: text('marketplace_order_id').notNull(),
    /** THANK_YOU_STEP, or the id of the journey step this email is for. */
    stepKey: text('step_key').notNull().default(THANK_YOU_STEP),
    /** A follow-up step's name when it was scheduled, so the activity list reads after it is removed. */
    stepName: text('step_name'),
    /**
     * When the order event behind a follow-up happened (shipped, delivered…): sending must have
     * been on then, as at payment for the thank-you. Null for the thank-you (its paid time).
     */
    eventAt: timestamp('event_at', { withTimezone: true }),
    orderNumber: text('order_number').notNull(),
    buyerName: text('buyer_name'),
    buyerEmail: text('buyer_email'),
    /** The order as the marketplace described it, normalised: the source of the tokens. */
    order: jsonb('order').notNull(),
    /**
     * How many orders this buyer had placed with the shop when this one was recorded, this one
     * included ([order-count], [welcome-back]). Null for orders recorded before it was counted.
     */
    buyerOrderCount: integer('buyer_order_count'),
    status: text('status', { enum: ORDER_EMAIL_STATUSES }).notNull().default('pending'),
    reason: text('reason'),
    templateId: uuid('template_id'),
    templateName: text('template_name'),
    /** The version of the template the email was made from, and its number (template_versions). */
    templateVersionId: uuid('template_version_id'),
    templateVersion: integer('template_version'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /** Set just before the message is handed to SMTP: past this point a retry could duplicate it. */
    smtpStartedAt: timestamp('smtp_started_at', { withTimezone: true }),
    /** The Athens day whose daily limit this email counts against, while it does. */
    countedDay: date('counted_day'),
    messageId: text('message_id'),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /**
     * Set when the order gets no email but a printed card or a marketplace message instead: the
     * buyer's address was withheld, or the shop is set to print. The status stays 'skipped'.
     */
    byHand: text('by_hand', { enum: BY_HAND_REASONS }),
    /** The seller confirmed the order's card came out of the printer. */
    cardPrintedAt: timestamp('card_printed_at', { withTimezone: true }),
    /** The seller said they sent the thank-you through the marketplace's messages. */
    messageSentAt: timestamp('message_sent_at', { withTimezone: true }),
    /**
     * The seller asked, after a pause, to thank this order that the pause held back: the pause no
     * longer stops it (set once; the row's own status keeps it to one email).
     */
    thankedAfterPauseAt: timestamp('thanked_after_pause_at', { withTimezone: true }),
    /** After it was sent: its address bounced for good, or the buyer reported it as spam. */
    deliveryProblem: text('delivery_problem', { enum: DELIVERY_PROBLEMS }),
    deliveryProblemReason: text('delivery_problem_reason'),
    deliveryProblemAt: timestamp('delivery_problem_at', { withTimezone: true }),
    /**
     * A receiving server blocked this email (a policy or reputation block of the relay, not the
     * buyer's address): how many times it was sent again for that, and when it is next due. Null
     * while no retry waits; one worker at a time takes a due retry by clearing it.
     */
    blockRetries: integer('block_retries').notNull().default(0),
    blockRetryAt: timestamp('block_retry_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('order_emails_shop_order_step_idx').on(t.shopId, t.marketplaceOrderId, t.stepKey),
    index('order_emails_dispatch_idx').on(t.status, t.nextAttemptAt),
    index('order_emails_block_retry_idx')
      .on(t.blockRetryAt)
      .where(sql`block_retry_at IS NOT NULL`),
    index('order_emails_user_counted_idx').on(t.userId, t.countedDay),
    index('order_emails_user_sent_idx').on(t.userId, t.sentAt),
    // The activity feed and Insights read a seller's thank-you rows newest first. With the step
    // in the index, PostgreSQL walks it in order even before it has statistics on a new seller.
    index('order_emails_user_step_created_idx').on(t.userId, t.stepKey, t.createdAt),
    // Insights: a later order's email to the same buyer, or the shop's latest email before it.
    index('order_emails_shop_buyer_sent_idx')
      .on(t.shopId, sql`lower(${t.buyerEmail})`, t.sentAt)
      .where(sql`status = 'sent'`),
    // Returning buyers: a shop's earlier orders from the same buyer (see buyerKey in record-order).
    index('order_emails_shop_buyer_key_idx').on(
      t.shopId,
      sql`coalesce(nullif(${t.order}->>'buyerId', ''), lower(trim(${t.buyerEmail})))`,
    ),
    index('order_emails_shop_sent_idx')
      .on(t.shopId, t.sentAt)
      .where(sql`status = 'sent'`),
    index('order_emails_by_hand_waiting_idx')
      .on(t.userId, t.createdAt)
      .where(sql`by_hand IS NOT NULL AND card_printed_at IS NULL AND message_sent_at IS NULL`),
  ],
);

/**
 * Webhook deliveries already handled, per shop (Shopify's event and webhook ids, WooCommerce's
 * delivery id): a retried or duplicated delivery is acknowledged without being processed again.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    shopId: uuid('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    deliveryId: text('delivery_id').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.shopId, t.deliveryId] }),
    index('webhook_deliveries_received_idx').on(t.receivedAt),
  ],
);

/** Buyers who asked a shop never to email them again. */
export const unsubscribes = pgTable(
  'unsubscribes',
  {
    shopId: uuid('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.email] })],
);

/** Per-seller sending settings: the [coupon-code] value, open/click tracking, the journey's time zone. */
export const sendingSettings = pgTable('sending_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  couponCode: text('coupon_code').notNull().default(''),
  /**
   * The journey's own time zone, once the seller saves a journey: follow-up send windows are its
   * local hours. Null: the journey follows the seller's time zone (users.time_zone).
   */
  timeZone: text('time_zone'),
  /** On unless the seller turns it off; a seller without a row tracks too. */
  trackingEnabled: boolean('tracking_enabled').notNull().default(true),
  /** Insights: a coupon order is a redemption of an email to its buyer sent this many days before. */
  redemptionWindowDays: integer('redemption_window_days')
    .notNull()
    .default(DEFAULT_REDEMPTION_WINDOW_DAYS),
});

/** Requests made to a marketplace's API per day, against the app's daily quota. */
export const apiBudgets = pgTable(
  'api_budgets',
  {
    provider: text('provider').notNull(),
    day: date('day').notNull(),
    used: integer('used').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.provider, t.day] })],
);

/** The demo marketplace's own orders: the stand-in for a marketplace's receipts. */
export const demoOrders = pgTable(
  'demo_orders',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    shopExternalId: text('shop_external_id').notNull(),
    receipt: jsonb('receipt').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('demo_orders_shop_idx').on(t.shopExternalId, t.updatedAt)],
);
