import { and, asc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { MarketplaceContext } from './marketplace-context.ts';
import { shops } from '../infrastructure/db/schema.ts';
import { defineJob } from '../infrastructure/jobs/job-queue.ts';
import {
  BudgetExhaustedError,
  GrantRevokedError,
  RateLimitedError,
} from './marketplace-adapter.ts';
import { connectedShopCounts, fittedPollSeconds } from './poll-schedule.ts';
import { type ShopRow, withShopAccess } from './shops-service.ts';
import { checkPurchaseMessageAtPoll } from './etsy/purchase-message-service.ts';
import { createSemaphore } from '../infrastructure/concurrency/semaphore.ts';
import { recordOrder } from '../orders/record-order.ts';
import { loggableError } from '../infrastructure/http/loggable-error.ts';

/** A marketplace told us an order changed (webhook, demo): fetch it and record it if paid. */
export const orderNotificationJob = defineJob({
  name: 'marketplace-order',
  payload: z.object({ shopId: z.uuid(), orderId: z.string().min(1).max(64) }),
  retryLimit: 8,
  retryDelay: 15,
  pollingIntervalSeconds: 1,
  batchSize: 10,
  // Each job waits on its marketplace: run together, with two batches at once, a shop whose calls
  // hang (each is given up after a timeout) holds back no other shop's buyers.
  batchRunsTogether: true,
  concurrentBatches: 2,
});

/**
 * Every minute: poll the shops whose turn it is, for orders a webhook may have missed. A safety net:
 * each worker process also checks for due shops every few seconds (poll-loop.ts), so a shop is
 * polled at its interval, not at the next whole minute.
 */
export const pollShopsJob = defineJob({
  name: 'marketplace-poll',
  payload: z.object({}).passthrough(),
  retryLimit: 0,
  retryDelay: 60,
  pollingIntervalSeconds: 10,
});

/** Polls this many due shops per run; the rest wait for the next run, seconds later. */
const SHOPS_PER_POLL = 50;
/**
 * A claimed shop is not due again for this long, however short its interval: a poll that pages
 * through many receipts, each call allowed 15 s, is never polled a second time beside itself.
 * The poll's end sets the real next time.
 */
const CLAIM_SECONDS = 120;
/** Shops polled at the same time by one worker. */
const SHOPS_POLLED_AT_ONCE = 4;
/** Re-read a little of the past each poll: orders updated in the same second as the cursor. */
const CURSOR_OVERLAP_SECONDS = 60;

export async function ingestOrderNotification(
  ctx: MarketplaceContext,
  shopId: string,
  orderId: string,
): Promise<void> {
  const [shop] = await ctx.db.select().from(shops).where(eq(shops.id, shopId));
  if (!shop || shop.status !== 'connected') return;
  const adapter = ctx.marketplaces.get(shop.marketplace);
  if (!adapter) return;
  try {
    const order = await withShopAccess(ctx, adapter, shop, (access) =>
      adapter.fetchOrder(access, orderId),
    );
    if (order && (await recordOrder(ctx.db, shop, order, ctx.clock.now()))) ctx.notifyNewOrders();
  } catch (error) {
    // A revoked grant is recorded on the shop; retrying cannot help.
    if (error instanceof GrantRevokedError) return;
    throw error;
  }
}

export async function pollShop(
  ctx: MarketplaceContext,
  shop: ShopRow,
  intervalSeconds = ctx.config.etsy.pollSeconds,
): Promise<void> {
  const adapter = ctx.marketplaces.get(shop.marketplace);
  if (!adapter) return;
  const now = ctx.clock.now();
  let nextPollAt = new Date(now.getTime() + intervalSeconds * 1000);
  try {
    const since = Math.max(0, shop.pollCursor - CURSOR_OVERLAP_SECONDS);
    const { orders, nextCursor, unreadable } = await withShopAccess(ctx, adapter, shop, (access) =>
      adapter.listChangedOrders(access, since),
    );
    for (const problem of unreadable ?? [])
      ctx.log.warn(
        { shopId: shop.id, problem },
        'an order the marketplace listed could not be read',
      );
    let added = 0;
    let cursor = nextCursor;
    // Each order on its own: one that cannot be recorded must not keep the others out. The cursor
    // stays at it, so the next poll tries it again (a passing database hiccup heals itself).
    for (const order of orders) {
      try {
        if (await recordOrder(ctx.db, shop, order, now)) added++;
      } catch (error) {
        cursor = Math.min(cursor, Math.floor(Date.parse(order.updatedAt) / 1000));
        ctx.log.error(
          { err: loggableError(error), shopId: shop.id, marketplaceOrderId: order.externalId },
          'recording a polled order failed',
        );
      }
    }
    if (added > 0) ctx.notifyNewOrders();
    await ctx.db
      .update(shops)
      .set({ pollCursor: Math.max(shop.pollCursor, cursor), nextPollAt })
      .where(eq(shops.id, shop.id));
    // A purchase message the seller changed on Etsy is noticed here, and never written over.
    await checkPurchaseMessageAtPoll(ctx, shop);
    return;
  } catch (error) {
    if (error instanceof GrantRevokedError) return;
    if (error instanceof RateLimitedError) {
      nextPollAt = new Date(now.getTime() + Math.max(error.retryAfterSeconds, 60) * 1000);
    } else if (error instanceof BudgetExhaustedError) {
      // Today's requests are spent; try again once the budget day has turned.
      nextPollAt = new Date(
        Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1),
      );
    } else {
      ctx.log.error({ err: loggableError(error), shopId: shop.id }, 'polling a shop failed');
    }
  }
  await ctx.db.update(shops).set({ nextPollAt }).where(eq(shops.id, shop.id));
}

/**
 * Polls the shops whose turn has come. Each is claimed by moving its next poll time forward first,
 * so workers polling at once never poll the same shop twice.
 */
export async function pollDueShops(ctx: MarketplaceContext): Promise<void> {
  const now = ctx.clock.now();
  const due = ctx.db
    .select({ id: shops.id })
    .from(shops)
    .where(and(eq(shops.status, 'connected'), lte(shops.nextPollAt, now)))
    .orderBy(asc(shops.nextPollAt))
    .limit(SHOPS_PER_POLL)
    .for('update', { skipLocked: true });
  const claimed = await ctx.db
    .update(shops)
    .set({
      nextPollAt: new Date(
        now.getTime() + Math.max(CLAIM_SECONDS, ctx.config.etsy.pollSeconds) * 1000,
      ),
    })
    .where(inArray(shops.id, due))
    .returning();
  if (claimed.length === 0) return;
  const intervals = await pollIntervals(ctx);
  // A few shops at a time: one whose calls hang (each gives up after a timeout) holds back the
  // shops polled beside it by one call at most, not the whole run.
  const polling = createSemaphore(SHOPS_POLLED_AT_ONCE);
  await Promise.all(
    claimed.map((shop) => polling(() => pollShop(ctx, shop, intervals.get(shop.marketplace)))),
  );
}

/**
 * Each marketplace's poll interval now: ETSY_POLL_SECONDS, stretched for Etsy when its shops
 * polled that often would spend more than the polls' share of the app's daily request budget.
 */
export async function pollIntervals(ctx: MarketplaceContext): Promise<Map<string, number>> {
  const { pollSeconds, dailyRequestBudget } = ctx.config.etsy;
  const counts = await connectedShopCounts(ctx.db);
  const intervals = new Map<string, number>();
  for (const marketplace of counts.keys()) intervals.set(marketplace, pollSeconds);
  const etsyShops = counts.get('etsy');
  if (etsyShops)
    intervals.set('etsy', fittedPollSeconds({ pollSeconds, dailyRequestBudget }, etsyShops));
  return intervals;
}

/**
 * At start, a shorter ETSY_POLL_SECONDS than before applies at once: polls already scheduled
 * further out than the new interval are brought forward into it, each to its own moment so that
 * they do not all fall due together (a longer one applies from each shop's next poll on, as each
 * poll schedules the next).
 */
export async function applyPollInterval(ctx: MarketplaceContext): Promise<void> {
  const now = ctx.clock.now();
  const { pollSeconds } = ctx.config.etsy;
  const latest = new Date(now.getTime() + pollSeconds * 1000);
  await ctx.db
    .update(shops)
    .set({
      nextPollAt: sql`${now.toISOString()}::timestamptz + random() * ${pollSeconds} * interval '1 second'`,
    })
    .where(and(eq(shops.status, 'connected'), gt(shops.nextPollAt, latest)));
}
