import { randomUUID } from 'node:crypto';
import type { WooConnect, WooSetup } from '@thankly/api-contract';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { appSecretKeys } from '../../infrastructure/config/app-secret.ts';
import type { MarketplaceContext } from '../marketplace-context.ts';
import { shops } from '../../infrastructure/db/schema.ts';
import { AppError, notFound } from '../../infrastructure/http/errors.ts';
import { defineJob, jobWorker } from '../../infrastructure/jobs/job-queue.ts';
import { recordOrder } from '../../orders/record-order.ts';
import {
  type ShopRow,
  assertShopSlotAvailable,
  findShopByExternalId,
  markDisconnected,
  readShopSecrets,
  saveConnectedShop,
} from '../shops-service.ts';
import { rememberDelivery, wasDelivered } from '../webhook-deliveries.ts';
import { WooApi, WooApiError, type WooApiKeys } from './woo-api.ts';
import type { WooSecrets } from './woo-adapter.ts';
import { isPaidWooOrder, toMarketplaceOrder, wooPaidAt } from './woo-order.ts';
import { createWebhookSecret, isGenuineWooDelivery, isWooPing } from './woo-signature.ts';
import { parseStorableJson } from '../../infrastructure/db/storable-text.ts';

export const WOO_TOPICS = ['order.created', 'order.updated'] as const;
/** Orders paid this long before the store was connected are from before Thankly; not thanked. */
const BEFORE_CONNECT_MARGIN_MS = 10 * 60 * 1000;

export const WOO_RECONNECT_REASON =
  'Thankly now reads every order back from your store before emailing: reconnect this store with a WooCommerce REST API key (Read/Write).';

type Headers = Record<string, string | string[] | undefined>;
const header = (headers: Headers, name: string) => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** The store's address as its identity: lower-case host, no trailing slash, query or fragment. */
export function normaliseStoreUrl(input: string): string {
  const url = new URL(input);
  const path = url.pathname.replace(/\/+$/, '');
  return `${url.protocol}//${url.host.toLowerCase()}${path}`;
}

export function wooDeliveryUrl(appUrl: string, shopId: string): string {
  return `${appUrl}/api/woocommerce/webhook/${shopId}`;
}

/** The store client, with private addresses refused in production. */
export function wooApi(ctx: MarketplaceContext): WooApi {
  return new WooApi({
    allowPrivateHosts: ctx.config.env !== 'production',
    now: () => ctx.clock.now(),
  });
}

const secretsSchema = z.object({
  webhookSecret: z.string().min(1),
  consumerKey: z.string().min(1).optional(),
  consumerSecret: z.string().min(1).optional(),
});

/** The shop's secrets; keys are missing on stores connected before keys were required. */
function secretsOf(ctx: MarketplaceContext, shop: ShopRow) {
  const parsed = secretsSchema.safeParse(readShopSecrets(shop, appSecretKeys(ctx.config)));
  return parsed.success ? parsed.data : null;
}

const keysOf = (secrets: z.infer<typeof secretsSchema>): WooApiKeys | null =>
  secrets.consumerKey && secrets.consumerSecret
    ? { consumerKey: secrets.consumerKey, consumerSecret: secrets.consumerSecret }
    : null;

/**
 * Connects a WooCommerce store with the seller's REST API keys. Reading the store's orders with
 * them proves the seller runs the store (nobody can claim a store they cannot read); then the two
 * order webhooks are created with a secret only Thankly and the store know, and the keys are kept
 * encrypted to read each order back. Failures are told in Thankly's words, never the store's.
 */
export async function connectWooStore(
  ctx: MarketplaceContext,
  userId: string,
  input: WooConnect,
): Promise<{ shop: ShopRow; setup: WooSetup }> {
  const storeUrl = normaliseStoreUrl(input.storeUrl);
  await assertShopSlotAvailable(ctx, userId, { marketplace: 'woocommerce', externalId: storeUrl });
  const keys = { consumerKey: input.consumerKey, consumerSecret: input.consumerSecret };
  const api = wooApi(ctx);
  try {
    await api.checkReadAccess(storeUrl, keys);
  } catch (error) {
    if (error instanceof WooApiError) throw new AppError('invalid', error.message);
    throw error;
  }
  const existing = await findShopByExternalId(ctx.db, 'woocommerce', storeUrl);
  // Refused before any webhook is created in the store; saving checks again under a lock.
  if (existing && existing.userId !== userId)
    throw new AppError('conflict', 'This store is already connected to another Thankly account.');

  const id = existing?.id ?? randomUUID();
  const deliveryUrl = wooDeliveryUrl(ctx.config.appUrl, id);
  // A new secret on every connect: whatever secret an older setup handed out stops working.
  const webhookSecret = createWebhookSecret();
  try {
    for (const topic of WOO_TOPICS)
      await api.createWebhook(storeUrl, keys, {
        name: `Thankly ${topic}`,
        topic,
        deliveryUrl,
        secret: webhookSecret,
      });
  } catch (error) {
    if (error instanceof WooApiError) throw new AppError('invalid', error.message);
    throw error;
  }

  const secrets: WooSecrets = { webhookSecret, ...keys };
  const shop = await saveConnectedShop(
    ctx,
    userId,
    'woocommerce',
    { externalId: storeUrl, name: new URL(storeUrl).host, url: storeUrl, credentials: null },
    { secrets, newShopId: id },
  );
  return { shop, setup: { deliveryUrl, topics: [...WOO_TOPICS] } };
}

/** Where the store delivers, shown again whenever the seller asks (never the secret). */
export function wooSetupFor(ctx: MarketplaceContext, shop: ShopRow): WooSetup {
  if (shop.marketplace !== 'woocommerce' || shop.status !== 'connected')
    throw new AppError('invalid', 'This store is not connected; connect it again.');
  return { deliveryUrl: wooDeliveryUrl(ctx.config.appUrl, shop.id), topics: [...WOO_TOPICS] };
}

export type WooOutcome = { status: 200; handled: string };

/** All a delivery is trusted for: which order to read back from the store. */
const deliverySchema = z.object({
  id: z.union([z.number().int().positive(), z.string().regex(/^\d{1,19}$/)]),
});

/**
 * One delivery to a store's webhook URL. The save-time ping is unsigned and only acknowledged;
 * everything else must carry the store's signature, and even then the body only names an order:
 * the order itself (paid or not, buyer, items) is read back from the store with the seller's keys,
 * so a forged or replayed body sends nothing the store does not confirm. Paid orders are recorded
 * once, whatever the number of deliveries and updates that mention them.
 */
export async function handleWooDelivery(
  ctx: MarketplaceContext,
  shopId: string,
  rawBody: Buffer,
  headers: Headers,
): Promise<WooOutcome> {
  const signature = header(headers, 'x-wc-webhook-signature');
  if (isWooPing(rawBody, signature)) return { status: 200, handled: 'ping' };
  const [shop] = await ctx.db
    .select()
    .from(shops)
    .where(and(eq(shops.id, shopId), eq(shops.marketplace, 'woocommerce')));
  if (!shop) throw notFound('No such store.');
  const secrets = shop.status === 'connected' ? secretsOf(ctx, shop) : null;
  if (!secrets) throw notFound('This store is no longer connected to Thankly.');
  if (!isGenuineWooDelivery(secrets.webhookSecret, rawBody, signature))
    throw new AppError('unauthenticated', 'Invalid webhook signature.');
  const keys = keysOf(secrets);
  if (!keys) {
    // Connected without keys: its secret was handed out, so its deliveries prove nothing.
    await markDisconnected(ctx.db, shop.id, WOO_RECONNECT_REASON);
    return { status: 200, handled: 'reconnect needed' };
  }

  const topic = header(headers, 'x-wc-webhook-topic') ?? '';
  if (!(WOO_TOPICS as readonly string[]).includes(topic))
    return { status: 200, handled: 'ignored' };
  const deliveryId = header(headers, 'x-wc-webhook-delivery-id');
  const ids = deliveryId ? [`delivery:${deliveryId}`] : [];
  if (await wasDelivered(ctx.db, shop.id, ids)) return { status: 200, handled: 'duplicate' };

  let parsed;
  try {
    parsed = deliverySchema.safeParse(parseStorableJson(rawBody.toString('utf8')));
  } catch {
    throw new AppError('invalid', 'The webhook body is not valid JSON.');
  }
  if (!parsed.success)
    throw new AppError('invalid', 'The order in the webhook body is not readable.');
  const orderId = String(parsed.data.id);

  let handled: string;
  try {
    handled = await readBackAndRecord(ctx, shop, keys, orderId);
  } catch (error) {
    if (!(error instanceof StoreUnavailableError)) throw error;
    // WooCommerce does not redeliver: keep asking the store from a retried job instead.
    await ctx.jobs.send(
      wooOrderJob,
      { shopId: shop.id, orderId },
      { startAfter: wooOrderJob.retryDelay },
    );
    handled = 'store unavailable, retrying';
  }
  await rememberDelivery(ctx.db, shop.id, ids, ctx.clock.now());
  return { status: 200, handled };
}

/** The store could not be read (down, timing out): worth asking again later. */
class StoreUnavailableError extends Error {}

/** An order the store announced but could not be read back at the time, asked again with backoff. */
export const wooOrderJob = defineJob({
  name: 'woocommerce-order',
  payload: z.object({ shopId: z.uuid(), orderId: z.string().regex(/^\d{1,19}$/) }),
  retryLimit: 10,
  retryDelay: 60,
  pollingIntervalSeconds: 5,
});

/** The job: read the order back again while the store is still connected with its keys. */
export async function retryWooOrder(ctx: MarketplaceContext, shopId: string, orderId: string) {
  const [shop] = await ctx.db
    .select()
    .from(shops)
    .where(and(eq(shops.id, shopId), eq(shops.marketplace, 'woocommerce')));
  const secrets = shop?.status === 'connected' ? secretsOf(ctx, shop) : null;
  const keys = secrets ? keysOf(secrets) : null;
  if (!shop || !keys) return;
  await readBackAndRecord(ctx, shop, keys, orderId);
}

export const wooOrderWorker = jobWorker(
  wooOrderJob,
  (ctx: MarketplaceContext, { shopId, orderId }) => retryWooOrder(ctx, shopId, orderId),
);

/**
 * Reads one order from the store with the seller's keys and records it if the store says it is
 * paid (after the store was connected). Returns what happened, for the delivery's reply.
 */
async function readBackAndRecord(
  ctx: MarketplaceContext,
  shop: ShopRow,
  keys: WooApiKeys,
  orderId: string,
): Promise<string> {
  let order;
  try {
    order = await wooApi(ctx).getOrder(shop.url ?? shop.externalId, keys, orderId);
  } catch (error) {
    if (!(error instanceof WooApiError)) throw error;
    if (error.failure === 'bad-keys') {
      await markDisconnected(
        ctx.db,
        shop.id,
        'Your store no longer accepts the API keys Thankly was given: reconnect it with a new key.',
      );
      return 'keys revoked';
    }
    throw new StoreUnavailableError(error.message);
  }
  if (!order || String(order.id) !== orderId) return 'not confirmed by the store';
  if (!isPaidWooOrder(order)) return 'not paid';
  const now = ctx.clock.now();
  const paidAt = wooPaidAt(order);
  if (paidAt && paidAt.getTime() < shop.connectedAt.getTime() - BEFORE_CONNECT_MARGIN_MS)
    return 'paid before connecting';
  // A refunded or cancelled order stops its emails still waiting, and is never recorded anew.
  if (!(await recordOrder(ctx.db, shop, toMarketplaceOrder(order, now), now)))
    return 'already recorded';
  ctx.notifyNewOrders();
  return 'recorded';
}
