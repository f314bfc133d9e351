import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { MarketplaceContext } from '../marketplace-context.ts';
import { shops } from '../../infrastructure/db/schema.ts';
import { defineJob, jobWorker } from '../../infrastructure/jobs/job-queue.ts';
import { recordOrder } from '../../orders/record-order.ts';
import { GrantRevokedError } from '../marketplace-adapter.ts';
import { type ShopRow, withShopAccess } from '../shops-service.ts';
import { rememberDelivery } from '../webhook-deliveries.ts';
import { type ShopifyOrder, shopifyOrderSchema, toMarketplaceOrder } from './shopify-order.ts';

/**
 * A paid order Shopify delivered, to be recorded once Shopify confirms it is the shop's. Only
 * the fields Thankly maps are kept (the schema's output), with the time it was delivered.
 */
export const shopifyPaidOrderJob = defineJob({
  name: 'shopify-paid-order',
  payload: z.object({
    shopId: z.uuid(),
    receivedAt: z.iso.datetime(),
    /** The delivery's event and webhook ids, remembered once the order is recorded. */
    deliveryIds: z.array(z.string().max(300)).max(2),
    order: shopifyOrderSchema,
  }),
  retryLimit: 8,
  retryDelay: 15,
  pollingIntervalSeconds: 1,
  batchSize: 10,
  // Each job waits on Shopify; recording is idempotent, so jobs of one batch may overlap.
  batchRunsTogether: true,
});

/**
 * The job: records a delivered paid order if it is the shop's. An order body names no shop, and
 * the shop header is not signed: a genuine order of one shop replayed for another would email
 * that other shop's template to the first shop's buyer. The shop's own token sees only its own
 * orders. (Shopify down: the job fails and is retried.)
 */
export async function recordPaidOrder(
  ctx: MarketplaceContext,
  job: z.output<typeof shopifyPaidOrderJob.payload>,
): Promise<void> {
  const [shop] = await ctx.db
    .select()
    .from(shops)
    .where(and(eq(shops.id, job.shopId), eq(shops.marketplace, 'shopify')));
  if (!shop) return;
  const receivedAt = new Date(job.receivedAt);
  await recordIfShops(ctx, shop, job.order, receivedAt);
  await rememberDelivery(ctx.db, shop.id, job.deliveryIds, receivedAt);
}

async function recordIfShops(
  ctx: MarketplaceContext,
  shop: ShopRow,
  delivered: ShopifyOrder,
  receivedAt: Date,
): Promise<void> {
  const adapter = ctx.marketplaces.shopify;
  if (!adapter || shop.status !== 'connected') return;
  const orderId = String(delivered.id);
  try {
    const isShops = await withShopAccess(ctx, adapter, shop, (access) =>
      adapter.isOrderOfShop(shop.externalId, access.accessToken ?? '', orderId),
    );
    if (!isShops) {
      ctx.log.warn({ shopId: shop.id, orderId }, 'a delivered Shopify order is not the shop’s');
      return;
    }
  } catch (error) {
    // A revoked grant is recorded on the shop; retrying cannot help.
    if (error instanceof GrantRevokedError) return;
    throw error;
  }
  const order = toMarketplaceOrder(delivered, { topic: 'orders/paid', now: receivedAt });
  if (await recordOrder(ctx.db, shop, order, receivedAt)) ctx.notifyNewOrders();
}

export const shopifyPaidOrderWorker = jobWorker(shopifyPaidOrderJob, recordPaidOrder);
