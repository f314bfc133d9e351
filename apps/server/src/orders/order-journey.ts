import { THANK_YOU_STEP, getPlan } from '@thankly/api-contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../infrastructure/db/database.ts';
import {
  journeySteps,
  orderEmails,
  sendingSettings,
  shops,
  users,
} from '../infrastructure/db/schema.ts';
import type { MarketplaceOrder } from './marketplace-order.ts';
import { marketplaceOrderEvents } from './marketplace-order-events.ts';
import { JOURNEY_SKIP_REASONS } from './journey-skip-reasons.ts';
import { type JourneyStepRow, followUpPlan } from './step-schedule.ts';

/** An order as it is being recorded: its shop, and the checked address its emails may go to. */
export interface RecordedOrder {
  shop: { id: string; userId: string };
  order: MarketplaceOrder;
  buyerName: string | null;
  recipient: string;
  paidAt: Date;
}

/**
 * Adds a row for each follow-up of the order whose moment is now known (it was paid, shipped,
 * delivered), and a skipped one, saying why, for each it is clear now will not be sent (its
 * marketplace never reports the step's event, or the plan no longer includes the step). A step
 * that already has its row keeps it: seeing an order again, by webhook or by poll, records nothing
 * twice. Returns how many rows are already due.
 */
export async function scheduleFollowUps(
  db: Database,
  recorded: RecordedOrder,
  now: Date,
): Promise<number> {
  const { shop, order } = recorded;
  const steps = await db
    .select({
      step: journeySteps,
      plan: users.plan,
      timeZone: sendingSettings.timeZone,
      sellerTimeZone: users.timeZone,
      marketplace: shops.marketplace,
    })
    .from(journeySteps)
    .innerJoin(users, eq(users.id, journeySteps.userId))
    .innerJoin(shops, eq(shops.id, shop.id))
    .leftJoin(sendingSettings, eq(sendingSettings.userId, journeySteps.userId))
    .where(eq(journeySteps.userId, shop.userId))
    .orderBy(asc(journeySteps.position));
  const [first] = steps;
  if (!first) return 0;
  const { times, skips } = followUpPlan({
    steps: steps.map((s) => s.step),
    order,
    paidAt: recorded.paidAt,
    shopId: shop.id,
    // A journey never saved with a zone of its own follows the seller's.
    timeZone: first.timeZone ?? first.sellerTimeZone,
    plan: getPlan(first.plan),
    marketplace: marketplaceOrderEvents(first.marketplace),
  });
  if (times.length === 0 && skips.length === 0) return 0;
  // A follow-up greets the buyer as the order's thank-you does ([order-count], [welcome-back]).
  const buyerOrderCount = sql<number | null>`(SELECT thank_you.buyer_order_count
    FROM ${orderEmails} thank_you WHERE thank_you.shop_id = ${shop.id}
      AND thank_you.marketplace_order_id = ${order.externalId}
      AND thank_you.step_key = ${THANK_YOU_STEP})`;
  const row = (step: JourneyStepRow, eventAt: Date) => ({
    userId: shop.userId,
    shopId: shop.id,
    marketplaceOrderId: order.externalId,
    stepKey: step.id,
    stepName: step.name,
    eventAt,
    orderNumber: order.orderNumber,
    buyerName: recorded.buyerName,
    buyerEmail: recorded.recipient,
    order,
    buyerOrderCount,
    createdAt: now,
  });
  const inserted = await db
    .insert(orderEmails)
    .values([
      ...times.map(({ step, dueAt, eventAt }) => ({
        ...row(step, eventAt),
        status: 'pending' as const,
        reason: null,
        decidedAt: null,
        nextAttemptAt: dueAt,
      })),
      ...skips.map(({ step, reason, eventAt }) => ({
        ...row(step, eventAt),
        status: 'skipped' as const,
        reason,
        decidedAt: now,
        nextAttemptAt: now,
      })),
    ])
    .onConflictDoNothing()
    .returning({ dueAt: orderEmails.nextAttemptAt, status: orderEmails.status });
  return inserted.filter((r) => r.status === 'pending' && r.dueAt <= now).length;
}

/**
 * A refunded or cancelled order: every email of it still waiting is skipped, saying why. One
 * already handed to a worker goes on (it may be at the mail server this moment).
 */
export async function stopOrderEmails(
  db: Database,
  shopId: string,
  marketplaceOrderId: string,
  now: Date,
): Promise<void> {
  await db
    .update(orderEmails)
    .set({ status: 'skipped', reason: JOURNEY_SKIP_REASONS.orderCancelled, decidedAt: now })
    .where(
      and(
        eq(orderEmails.shopId, shopId),
        eq(orderEmails.marketplaceOrderId, marketplaceOrderId),
        eq(orderEmails.status, 'pending'),
      ),
    );
}

/**
 * Keeps the order's own row (the thank-you's) showing the order as the marketplace last described
 * it: the activity list reads its progress there. Returns whether anything changed, so a repeated
 * delivery of the same order stops here, and so does an older copy arriving late (webhooks come
 * in any order, and a poll may read a cached page): it must not take a shipped order back to paid,
 * nor schedule steps for an order cancelled since.
 */
export async function refreshStoredOrder(
  db: Database,
  shopId: string,
  order: MarketplaceOrder,
): Promise<boolean> {
  const changed = await db
    .update(orderEmails)
    .set({ order })
    .where(
      and(
        eq(orderEmails.shopId, shopId),
        eq(orderEmails.marketplaceOrderId, order.externalId),
        eq(orderEmails.stepKey, THANK_YOU_STEP),
        sql`${orderEmails.order} IS DISTINCT FROM ${JSON.stringify(order)}::jsonb`,
        sql`(${orderEmails.order}->>'updatedAt')::timestamptz <= ${order.updatedAt}::timestamptz`,
      ),
    )
    .returning({ id: orderEmails.id });
  return changed.length > 0;
}
