import { randomUUID } from 'node:crypto';
import type { WooConnect, WooSetup } from '@thankly/api-contract';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { shops } from '../../db/schema.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { recordPaidOrder } from '../../sending/record-order.ts';
import { encryptSecret } from '../credentials-crypto.ts';
import { type ShopRow, readShopSecrets } from '../shops-service.ts';
import { rememberDelivery, wasDelivered } from '../webhook-deliveries.ts';
import { WooApi, WooHttpError } from './woo-api.ts';
import type { WooSecrets } from './woo-adapter.ts';
import { isPaidWooOrder, toMarketplaceOrder, wooOrderSchema, wooPaidAt } from './woo-order.ts';
import { createWebhookSecret, isGenuineWooDelivery, isWooPing } from './woo-signature.ts';

export const WOO_TOPICS = ['order.created', 'order.updated'] as const;
/** Orders paid this long before the store was connected are from before Thankly; not thanked. */
const BEFORE_CONNECT_MARGIN_MS = 10 * 60 * 1000;

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

function secretsOf(ctx: AppContext, shop: ShopRow): WooSecrets | null {
  const secrets = readShopSecrets(shop, ctx.config.appSecret) as Partial<WooSecrets> | null;
  return secrets?.webhookSecret ? { webhookSecret: secrets.webhookSecret } : null;
}

/**
 * Connects a WooCommerce store by its address: a webhook secret of its own (kept encrypted) and,
 * when the seller gives REST API keys, the two order webhooks created in the store for them. The
 * keys are used for that call only and not stored. Reconnecting keeps a live secret, so webhooks
 * set up by hand go on working.
 */
export async function connectWooStore(
  ctx: AppContext,
  userId: string,
  input: WooConnect,
): Promise<{ shop: ShopRow; setup: WooSetup }> {
  const storeUrl = normaliseStoreUrl(input.storeUrl);
  const [existing] = await ctx.db
    .select()
    .from(shops)
    .where(and(eq(shops.marketplace, 'woocommerce'), eq(shops.externalId, storeUrl)));
  if (existing && existing.userId !== userId)
    throw new AppError('conflict', 'This store is already connected to another Thankly account.');

  const id = existing?.id ?? randomUUID();
  const secret =
    (existing?.status === 'connected' && existing && secretsOf(ctx, existing)?.webhookSecret) ||
    createWebhookSecret();
  const deliveryUrl = wooDeliveryUrl(ctx.config.appUrl, id);
  const automatic = Boolean(input.consumerKey && input.consumerSecret);
  if (input.consumerKey && input.consumerSecret) {
    const api = new WooApi({
      allowPrivateHosts: ctx.config.env !== 'production',
      now: () => ctx.clock.now(),
    });
    try {
      for (const topic of WOO_TOPICS)
        await api.createWebhook(
          storeUrl,
          { consumerKey: input.consumerKey, consumerSecret: input.consumerSecret },
          { name: `Thankly ${topic}`, topic, deliveryUrl, secret },
        );
    } catch (error) {
      if (!(error instanceof WooHttpError)) throw error;
      throw new AppError(
        'invalid',
        error.status === 401 || error.status === 403
          ? `The store did not accept those API keys (${error.message}). Check they have Read/Write permission, or leave them out and set the webhooks up by hand.`
          : `Could not create the webhooks in your store: ${error.message}`,
      );
    }
  }

  const host = new URL(storeUrl).host;
  const values = {
    name: host,
    url: storeUrl,
    status: 'connected' as const,
    statusReason: null,
    credentials: encryptSecret(JSON.stringify({ webhookSecret: secret }), ctx.config.appSecret),
    tokenExpiresAt: null,
  };
  const [shop] = existing
    ? await ctx.db.update(shops).set(values).where(eq(shops.id, id)).returning()
    : await ctx.db
        .insert(shops)
        .values({
          ...values,
          id,
          userId,
          marketplace: 'woocommerce',
          externalId: storeUrl,
          pollCursor: Math.floor(ctx.clock.now().getTime() / 1000),
        })
        .returning();
  return { shop: shop!, setup: { deliveryUrl, secret, topics: [...WOO_TOPICS], automatic } };
}

/** The setup a seller pastes into WooCommerce, shown again whenever they ask. */
export function wooSetupFor(ctx: AppContext, shop: ShopRow): WooSetup {
  const secrets = shop.status === 'connected' ? secretsOf(ctx, shop) : null;
  if (shop.marketplace !== 'woocommerce' || !secrets)
    throw new AppError('invalid', 'This store is not connected; connect it again for a new setup.');
  return {
    deliveryUrl: wooDeliveryUrl(ctx.config.appUrl, shop.id),
    secret: secrets.webhookSecret,
    topics: [...WOO_TOPICS],
    automatic: false,
  };
}

export type WooOutcome = { status: 200; handled: string };

/**
 * One delivery to a store's webhook URL. The save-time ping is unsigned and only acknowledged;
 * everything else must carry the store's signature. Paid orders (processing, completed, or a paid
 * date) are recorded once, whatever the number of deliveries and updates that mention them.
 */
export async function handleWooDelivery(
  ctx: AppContext,
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

  const topic = header(headers, 'x-wc-webhook-topic') ?? '';
  if (!(WOO_TOPICS as readonly string[]).includes(topic))
    return { status: 200, handled: 'ignored' };
  const deliveryId = header(headers, 'x-wc-webhook-delivery-id');
  const ids = deliveryId ? [`delivery:${deliveryId}`] : [];
  if (await wasDelivered(ctx.db, shop.id, ids)) return { status: 200, handled: 'duplicate' };

  let parsed;
  try {
    parsed = wooOrderSchema.safeParse(JSON.parse(rawBody.toString('utf8')));
  } catch {
    throw new AppError('invalid', 'The webhook body is not valid JSON.');
  }
  if (!parsed.success)
    throw new AppError('invalid', 'The order in the webhook body is not readable.');
  const now = ctx.clock.now();
  let handled = 'not paid';
  if (isPaidWooOrder(parsed.data)) {
    const paidAt = wooPaidAt(parsed.data);
    if (paidAt && paidAt.getTime() < shop.connectedAt.getTime() - BEFORE_CONNECT_MARGIN_MS) {
      handled = 'paid before connecting';
    } else if (await recordPaidOrder(ctx.db, shop, toMarketplaceOrder(parsed.data, now), now)) {
      ctx.notifyNewOrders();
      handled = 'recorded';
    } else {
      handled = 'already recorded';
    }
  }
  await rememberDelivery(ctx.db, shop.id, ids, now);
  return { status: 200, handled };
}
