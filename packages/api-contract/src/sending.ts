import { type SentVersion, sentVersionSchema } from './template-versions.ts';
import { z } from 'zod';
import { DELIVERY_PROBLEMS, type DeliveryProblem } from './delivery-problems.ts';
import { ORDER_PROGRESS, type OrderProgress } from './order-events.ts';
import {
  CONNECTABLE_MARKETPLACES,
  type ConnectableMarketplaces,
  MARKETPLACES,
  type Marketplace,
} from './marketplaces.ts';
import {
  BY_HAND_REASONS,
  REACH_CHANNELS,
  THANK_BY,
  THANK_CHANNELS,
  type ByHandReason,
  type Reach,
  type ThankBy,
  type ThankChannel,
} from './thank-by-hand.ts';

export * from './marketplaces.ts';

/** A shop that is not the seller's, or an id that names none. */
export const SHOP_NOT_FOUND = 'Shop not found.';

/** A shop a seller connected. GET /api/shops -> { shops: Shop[] } */
export interface Shop {
  id: string;
  marketplace: Marketplace;
  name: string;
  url: string | null;
  /** 'disconnected': the marketplace revoked or expired the grant; statusReason says so. */
  status: 'connected' | 'disconnected';
  statusReason: string | null;
  /** A local stand-in shop, labelled as such in the UI. */
  isDemo: boolean;
  connectedAt: string;
  lastOrderAt: string | null;
  /** 'print': never email this shop's buyers; every order waits for a printed card or a message. */
  thankBy: ThankBy;
}

/** GET /api/shops: the seller's shops, and which marketplaces this server can connect. */
export interface ShopsReply {
  shops: Shop[];
  /**
   * OAuth marketplaces need the operator's app credentials (without Etsy's, "Connect" offers the
   * demo shop); store-key ones (WooCommerce) need only the seller's REST API keys.
   */
  available: ConnectableMarketplaces;
}

export const shopSchema: z.ZodType<Shop> = z.object({
  id: z.string(),
  marketplace: z.enum(MARKETPLACES),
  name: z.string(),
  url: z.string().nullable(),
  status: z.enum(['connected', 'disconnected']),
  statusReason: z.string().nullable(),
  isDemo: z.boolean(),
  connectedAt: z.string(),
  lastOrderAt: z.string().nullable(),
  thankBy: z.enum(THANK_BY),
});

export const shopsReplySchema: z.ZodType<ShopsReply> = z.object({
  shops: z.array(shopSchema),
  available: z.object(
    Object.fromEntries(CONNECTABLE_MARKETPLACES.map((m) => [m, z.boolean()])),
  ) as unknown as z.ZodType<ConnectableMarketplaces>,
});

/**
 * Shopify's rule for a shop's own domain (the myshopify.com one), as @shopify/shopify-api checks
 * it. A seller may type it with https:// or a trailing slash; both are dropped first.
 */
export const SHOPIFY_SHOP_DOMAIN =
  /^[a-zA-Z0-9][a-zA-Z0-9-_]*\.(myshopify\.com|shopify\.com|myshopify\.io|shop\.dev)[/]*$/;

export const shopifyConnectSchema = z.object({
  shop: z
    .string({ error: 'Enter your shop’s myshopify.com address.' })
    .trim()
    .transform((v) => v.replace(/^https?:\/\//i, '').toLowerCase())
    .pipe(
      z
        .string()
        .max(255, 'That shop address is too long.')
        .regex(
          SHOPIFY_SHOP_DOMAIN,
          'Enter your shop’s myshopify.com address, for example your-shop.myshopify.com.',
        )
        .transform((v) => v.replace(/\/+$/, '')),
    ),
});
export type ShopifyConnect = z.output<typeof shopifyConnectSchema>;

const wooKey = (prefix: 'ck_' | 'cs_', label: string) =>
  z
    .string({ error: `Enter the ${label} of a WooCommerce REST API key.` })
    .trim()
    .min(1, `Enter the ${label} of a WooCommerce REST API key.`)
    .max(200, `That ${label} is too long.`)
    .regex(
      new RegExp(`^${prefix}[A-Za-z0-9]{8,}$`),
      `A WooCommerce ${label} starts with ${prefix} followed by letters and digits.`,
    );

/** A WooCommerce store's address as the seller types it; https:// is assumed when left out. */
const wooStoreUrl = z
  .string({ error: 'Enter your store’s address.' })
  .trim()
  .min(1, 'Enter your store’s address.')
  .max(300, 'That address is too long.')
  .transform((v) => (/^[a-z][a-z0-9+.-]*:\/\//i.test(v) ? v : `https://${v}`))
  .pipe(
    z.url({
      protocol: /^https?$/,
      // A name with a dot (shop.example.com), or a local address for trying things out.
      hostname:
        /^(?:(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9-]{2,}|localhost|\d{1,3}(?:\.\d{1,3}){3})$/i,
      error: 'Enter your store’s address, for example https://shop.example.com.',
    }),
  );

/**
 * POST /api/woocommerce/shops: the store's address and a REST API key pair (Read/Write). Thankly
 * reads the store with it to prove the seller runs it, creates the order webhooks, and reads every
 * order back with it before emailing, so a forged delivery sends nothing.
 */
export const wooConnectSchema = z.object({
  storeUrl: wooStoreUrl,
  consumerKey: wooKey('ck_', 'consumer key'),
  consumerSecret: wooKey('cs_', 'consumer secret'),
});
export type WooConnect = z.output<typeof wooConnectSchema>;

/**
 * POST /api/woocommerce/authorize: the store's address only. Thankly answers with the store's own
 * page where its owner approves Thankly (WooCommerce's application authorisation); WooCommerce then
 * creates a Read/Write REST API key and sends it to Thankly itself, so nothing is copied by hand.
 */
export const wooAuthorizeSchema = z.object({ storeUrl: wooStoreUrl });
export type WooAuthorize = z.output<typeof wooAuthorizeSchema>;

/**
 * Where the store delivers order changes, for the seller's information. Thankly creates the
 * webhooks itself; their secret stays with Thankly and the store.
 */
export interface WooSetup {
  deliveryUrl: string;
  topics: string[];
}

/** POST /api/woocommerce/shops -> 201 { shop, setup } */
export interface WooConnectReply {
  shop: Shop;
  setup: WooSetup;
}

export const wooConnectReplySchema: z.ZodType<WooConnectReply> = z.object({
  shop: shopSchema,
  setup: z.object({ deliveryUrl: z.string(), topics: z.array(z.string()) }),
});

/** GET /api/woocommerce/shops/:id/setup */
export const wooSetupReplySchema = z.object({
  setup: z.object({ deliveryUrl: z.string(), topics: z.array(z.string()) }),
});

export const ORDER_EMAIL_STATES = ['pending', 'sent', 'skipped', 'failed'] as const;
export type OrderEmailState = (typeof ORDER_EMAIL_STATES)[number];

/** One follow-up email of an order, as the activity list shows it under the order. */
export const activityStepSchema = z.object({
  id: z.string(),
  stepName: z.string(),
  templateName: z.string().nullable(),
  state: z.enum(ORDER_EMAIL_STATES),
  reason: z.string().nullable(),
  /** When it was decided; for one still pending, when it is due. */
  at: z.string(),
  /** Pending and not yet due: the seller may cancel it (POST /api/activity/:id/cancel). */
  scheduled: z.boolean(),
  /** The template version the email was made from, once it was (links to its read-only view). */
  templateVersion: sentVersionSchema.nullish(),
});
export type ActivityStep = z.output<typeof activityStepSchema>;

/** One order and what Thankly did about it. GET /api/activity -> { items: ActivityItem[] } */
export interface ActivityItem {
  id: string;
  shopName: string;
  marketplace: Marketplace;
  orderNumber: string;
  buyerName: string | null;
  buyerEmail: string | null;
  templateName: string | null;
  /** The template version the thank-you was made from, once it was (links to its read-only view). */
  templateVersion?: SentVersion | null;
  state: OrderEmailState;
  /** Why it was skipped or failed, in words for the seller. */
  reason: string | null;
  /** When it was decided (sent, skipped, failed) or received (pending). */
  at: string;
  /** Set when the order is for a printed card or a marketplace message instead of an email. */
  byHand: ByHandReason | null;
  /** How the buyer was thanked, once they were; null while nothing reached them. */
  thankedBy: ThankChannel | null;
  thankedAt: string | null;
  /** Every channel that reached the buyer, earliest first; empty: not yet. */
  reachedBy: Reach[];
  /** When the parcel was packed with its printed card; null while it is not. */
  packedAt: string | null;
  /** After it was sent: the address bounced, or the buyer marked it as spam; with the reason. */
  deliveryProblem: { kind: DeliveryProblem; reason: string; at: string } | null;
  /** How far the order has come, as its marketplace last reported it. */
  progress: OrderProgress;
  /** The order's follow-up emails (journey steps), first to last; empty without a journey. */
  steps: ActivityStep[];
}

export const activityReplySchema: z.ZodType<{ items: ActivityItem[] }> = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      shopName: z.string(),
      marketplace: z.enum(MARKETPLACES),
      orderNumber: z.string(),
      buyerName: z.string().nullable(),
      buyerEmail: z.string().nullable(),
      templateName: z.string().nullable(),
      templateVersion: sentVersionSchema.nullish(),
      state: z.enum(ORDER_EMAIL_STATES),
      reason: z.string().nullable(),
      at: z.string(),
      byHand: z.enum(BY_HAND_REASONS).nullable(),
      thankedBy: z.enum(THANK_CHANNELS).nullable(),
      thankedAt: z.string().nullable(),
      reachedBy: z.array(z.object({ channel: z.enum(REACH_CHANNELS), at: z.string() })),
      packedAt: z.string().nullable(),
      deliveryProblem: z
        .object({ kind: z.enum(DELIVERY_PROBLEMS), reason: z.string(), at: z.string() })
        .nullable(),
      progress: z.enum(ORDER_PROGRESS),
      steps: z.array(activityStepSchema),
    }),
  ),
});

/** POST /api/shops/:id/demo-order: a demo order, optionally without the buyer's email (as Etsy sends most). */
export const demoOrderSchema = z
  .object({ withoutBuyerEmail: z.boolean().default(false) })
  .default({ withoutBuyerEmail: false });

/** GET/PUT /api/sending/settings */
export const sendingSettingsSchema = z.object({
  couponCode: z
    .string()
    .trim()
    .max(40, 'Please keep the coupon code under 40 characters.')
    .regex(/^[\w-]*$/, 'A coupon code may hold letters, digits, - and _ only.'),
});
export type SendingSettings = z.output<typeof sendingSettingsSchema>;

/** POST /api/shops/:id/demo-order: the order that was announced. */
export const demoOrderReplySchema = z.object({ ok: z.literal(true), orderId: z.string() });

/** GET /api/etsy/connect and POST /api/shopify/connect: where the browser goes to consent. */
export const connectRedirectSchema = z.object({ url: z.string() });
