import { and, eq, inArray, or, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { MarketplaceContext } from '../marketplace-context.ts';
import { orderEmails, shops, unsubscribes, users } from '../../infrastructure/db/schema.ts';
import { AppError } from '../../infrastructure/http/errors.ts';
import { escapeHtml } from '@thankly/email';
import { orderNotificationJob } from '../ingest.ts';
import { markDisconnected, type ShopRow, startConnect } from '../shops-service.ts';
import { findShopOfDelivery, rememberDelivery } from '../webhook-deliveries.ts';
import { headerValue, isGenuineWebhook } from './shopify-hmac.ts';
import { shopifyPaidOrderJob } from './shopify-paid-order-job.ts';
import { shopifyOrderSchema } from './shopify-order.ts';
import {
  deliveryMismatch,
  isOrderChangeTopic,
  isShopifyWebhookTopic,
  orderIdOfChange,
} from './shopify-topics.ts';
import { parseStorableJson } from '../../infrastructure/db/storable-text.ts';

type Headers = Record<string, string | string[] | undefined>;

/** What the webhook route answers: Shopify wants 2xx for anything it should not send again. */
export type WebhookOutcome =
  | { status: 200; body: { ok: true; handled: string } }
  | { status: 400 | 401; body: { error: string } };

const ok = (handled: string): WebhookOutcome => ({ status: 200, body: { ok: true, handled } });
const refuse = (status: 400 | 401, error: string): WebhookOutcome => ({ status, body: { error } });

/** Starts a Shopify install for the shop the seller named: the URL of its admin's consent page. */
export async function startShopifyConnect(
  ctx: MarketplaceContext,
  userId: string,
  shop: string,
): Promise<string> {
  const adapter = ctx.marketplaces.shopify;
  if (!adapter) throw new AppError('unavailable', 'Shopify is not set up on this server.');
  return startConnect(ctx, adapter, userId, shop);
}

const customerSchema = z.object({
  id: z.union([z.number(), z.string()]).nullish(),
  email: z.string().nullish(),
  phone: z.string().nullish(),
});
const orderIdsSchema = z.array(z.union([z.number(), z.string()])).nullish();
const dataRequestSchema = z.object({
  shop_domain: z.string(),
  customer: customerSchema,
  orders_requested: orderIdsSchema,
  data_request: z.object({ id: z.union([z.number(), z.string()]) }).nullish(),
});
const customerRedactSchema = z.object({
  shop_domain: z.string(),
  customer: customerSchema,
  orders_to_redact: orderIdsSchema,
});
const shopRedactSchema = z.object({ shop_domain: z.string() });

/**
 * One Shopify delivery, verified on its raw bytes with the app secret: orders/paid queues the
 * order to be recorded, the order-change topics (fulfilled, updated, cancelled, refunded) have the
 * order read again, app/uninstalled disconnects the shop, and the three privacy topics answer or
 * erase what Thankly holds. Retries and duplicates (same event or webhook id) are acknowledged unprocessed.
 */
export async function handleShopifyWebhook(
  ctx: MarketplaceContext,
  rawBody: Buffer,
  headers: Headers,
): Promise<WebhookOutcome> {
  const config = ctx.config.shopify;
  if (!config) return refuse(401, 'Shopify is not set up on this server.');
  if (!isGenuineWebhook(rawBody, headers, config.apiSecret))
    return refuse(401, 'Invalid webhook signature.');
  const topic = headerValue(headers, 'x-shopify-topic');
  const domain = headerValue(headers, 'x-shopify-shop-domain')?.toLowerCase();
  if (!topic || !domain) return refuse(400, 'Missing X-Shopify-Topic or X-Shopify-Shop-Domain.');
  // A signed body under a topic or shop header it was not sent with is a replay: refused before
  // anything is looked up or changed. A 4xx rather than a quiet 200, because Shopify itself never
  // sends such a delivery, so its retries never follow one; and should our check ever misjudge a
  // genuine delivery, Shopify's retries and failure reports make that visible instead of silently
  // dropping an order or a privacy request.
  if (!isShopifyWebhookTopic(topic)) return refuse(400, 'Thankly does not handle this topic.');
  let payload: unknown;
  try {
    payload = parseStorableJson(rawBody.toString('utf8'));
  } catch {
    return refuse(400, 'The webhook body is not valid JSON.');
  }
  const mismatch = deliveryMismatch(topic, payload, domain);
  if (mismatch) return refuse(400, mismatch);

  const ids = [
    headerValue(headers, 'x-shopify-event-id') &&
      `event:${headerValue(headers, 'x-shopify-event-id')}`,
    headerValue(headers, 'x-shopify-webhook-id') &&
      `webhook:${headerValue(headers, 'x-shopify-webhook-id')}`,
  ].filter((id): id is string => Boolean(id));
  const found = await findShopOfDelivery(ctx.db, {
    marketplace: 'shopify',
    externalId: domain,
    deliveryIds: ids,
  });
  if (!found) return ok('unknown shop');
  const { shop } = found;
  if (found.isDuplicate) return ok('duplicate');

  const now = ctx.clock.now();
  let outcome: WebhookOutcome;
  if (isOrderChangeTopic(topic)) {
    outcome = await announceOrderChange(ctx, shop, orderIdOfChange(topic, payload));
    if (outcome.status === 200) await rememberDelivery(ctx.db, shop.id, ids, now);
    return outcome;
  }
  switch (topic) {
    case 'orders/paid':
      // Remembered by the job once it has recorded the order.
      return queuePaidOrder(ctx, shop, payload, ids, now);
    case 'app/uninstalled':
      await markDisconnected(ctx.db, shop.id, 'Thankly was uninstalled from this Shopify store.');
      outcome = ok('uninstalled');
      break;
    case 'customers/data_request':
      outcome = await reportCustomerData(ctx, shop, payload, domain);
      break;
    case 'customers/redact':
      outcome = await redactCustomer(ctx, shop, payload, domain);
      break;
    case 'shop/redact': {
      const parsed = shopRedactSchema.safeParse(payload);
      if (!parsed.success || parsed.data.shop_domain.toLowerCase() !== domain)
        return refuse(400, 'The shop/redact body does not name this shop.');
      // Everything Thankly holds for the shop goes with it: orders, emails, unsubscribes.
      await ctx.db.delete(shops).where(eq(shops.id, shop.id));
      return ok('shop redacted');
    }
  }
  if (outcome.status === 200) await rememberDelivery(ctx.db, shop.id, ids, now);
  return outcome;
}

/**
 * orders/paid is answered as soon as the order is queued. The check that the order is the shop's
 * asks Shopify, which can be slow or rate-limited in a sale's rush; the queue absorbs the rush and
 * retries, and Shopify gets its 200 at once instead of retrying deliveries we were slow to answer.
 */
async function queuePaidOrder(
  ctx: MarketplaceContext,
  shop: ShopRow,
  payload: unknown,
  deliveryIds: string[],
  now: Date,
): Promise<WebhookOutcome> {
  if (shop.status !== 'connected') return ok('shop disconnected');
  const parsed = shopifyOrderSchema.safeParse(payload);
  if (!parsed.success) return refuse(400, 'The order in the webhook body is not readable.');
  await ctx.jobs.send(shopifyPaidOrderJob, {
    shopId: shop.id,
    receivedAt: now.toISOString(),
    deliveryIds,
    order: parsed.data,
  });
  return ok('order queued');
}

/**
 * An order of the shop moved on: announced like an Etsy webhook or a demo order, so the same job
 * reads it again with the shop's token (an order of another shop reads as none) and records it.
 */
async function announceOrderChange(
  ctx: MarketplaceContext,
  shop: ShopRow,
  orderId: string | null,
): Promise<WebhookOutcome> {
  if (orderId === null) return refuse(400, 'The webhook body names no order.');
  if (shop.status !== 'connected') return ok('shop disconnected');
  await ctx.jobs.send(orderNotificationJob, { shopId: shop.id, orderId });
  return ok('order change queued');
}

/** order_emails rows of one buyer of a shop: by their email, or by the orders Shopify names. */
function buyerRows(shopId: string, email: string | null, orderIds: string[]): SQL | undefined {
  const matches = [
    email ? eq(orderEmails.buyerEmail, email) : undefined,
    orderIds.length > 0 ? inArray(orderEmails.marketplaceOrderId, orderIds) : undefined,
  ].filter((m): m is SQL => m !== undefined);
  if (matches.length === 0) return undefined;
  return and(eq(orderEmails.shopId, shopId), or(...matches));
}

/**
 * customers/data_request: Shopify asks, for the store owner, what Thankly holds about a buyer.
 * The answer goes to the seller by email, since it is theirs to pass on.
 */
async function reportCustomerData(
  ctx: MarketplaceContext,
  shop: ShopRow,
  payload: unknown,
  domain: string,
): Promise<WebhookOutcome> {
  const parsed = dataRequestSchema.safeParse(payload);
  if (!parsed.success || parsed.data.shop_domain.toLowerCase() !== domain)
    return refuse(400, 'The data request body does not name this shop.');
  const email = parsed.data.customer.email?.trim().toLowerCase() || null;
  const orderIds = (parsed.data.orders_requested ?? []).map(String);
  const where = buyerRows(shop.id, email, orderIds);
  const rows = where
    ? await ctx.db
        .select({
          orderNumber: orderEmails.orderNumber,
          buyerName: orderEmails.buyerName,
          buyerEmail: orderEmails.buyerEmail,
          status: orderEmails.status,
          createdAt: orderEmails.createdAt,
          sentAt: orderEmails.sentAt,
        })
        .from(orderEmails)
        .where(where)
    : [];
  const unsubscribed = email
    ? (
        await ctx.db
          .select()
          .from(unsubscribes)
          .where(and(eq(unsubscribes.shopId, shop.id), eq(unsubscribes.email, email)))
      ).length > 0
    : false;
  const [owner] = await ctx.db.select().from(users).where(eq(users.id, shop.userId));
  if (!owner) return ok('no owner');

  const who = email ?? `customer ${String(parsed.data.customer.id ?? 'unknown')}`;
  const lines = [
    `Shopify asked, on behalf of a customer of ${shop.name}, for the data Thankly holds about ${who}` +
      (parsed.data.data_request?.id ? ` (request ${String(parsed.data.data_request.id)}).` : '.'),
    '',
    rows.length === 0 ? 'Thankly holds no orders of this customer.' : `Orders (${rows.length}):`,
    ...rows.map(
      (r) =>
        `- Order ${r.orderNumber}, received ${r.createdAt.toISOString()}: buyer ${r.buyerName ?? '(no name)'} <${r.buyerEmail ?? 'no email'}>, thank-you email ${r.status}${r.sentAt ? ` on ${r.sentAt.toISOString()}` : ''}.`,
    ),
    '',
    unsubscribed
      ? 'This customer unsubscribed from your shop’s thank-you emails; Thankly keeps their address only to honour that.'
      : 'This customer has not unsubscribed.',
    '',
    'Thankly keeps each order’s buyer name, email address, order number, products, total and tracking link, to send and show the thank-you email. Pass this on to the customer as Shopify’s request requires.',
  ];
  const text = lines.join('\n');
  await ctx.sendMail({
    to: owner.email,
    subject: `Customer data request from Shopify for ${shop.name}`,
    text,
    html: `<pre style="font-family:inherit;white-space:pre-wrap">${escapeHtml(text)}</pre>`,
  });
  return ok('data request answered');
}

/** customers/redact: erase a buyer's orders, emails and unsubscribe from this shop. */
async function redactCustomer(
  ctx: MarketplaceContext,
  shop: ShopRow,
  payload: unknown,
  domain: string,
): Promise<WebhookOutcome> {
  const parsed = customerRedactSchema.safeParse(payload);
  if (!parsed.success || parsed.data.shop_domain.toLowerCase() !== domain)
    return refuse(400, 'The redact body does not name this shop.');
  const email = parsed.data.customer.email?.trim().toLowerCase() || null;
  const where = buyerRows(shop.id, email, (parsed.data.orders_to_redact ?? []).map(String));
  if (where) await ctx.db.delete(orderEmails).where(where);
  if (email)
    await ctx.db
      .delete(unsubscribes)
      .where(and(eq(unsubscribes.shopId, shop.id), eq(unsubscribes.email, email)));
  return ok('customer redacted');
}
