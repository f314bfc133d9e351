import { ORDER_NOT_FOUND, type DemoOrderEvent } from '@thankly/api-contract';
import { and, eq } from 'drizzle-orm';
import type { MarketplaceContext } from '../marketplace-context.ts';
import { demoOrders, orderEmails, shops } from '../../infrastructure/db/schema.ts';
import { AppError, notFound } from '../../infrastructure/http/errors.ts';
import { orderNotificationJob } from '../ingest.ts';
import { type MarketplaceOrder, marketplaceOrderSchema } from '../../orders/marketplace-order.ts';

/** The demo carrier's address: a reserved .example host, so no link of a demo email goes anywhere. */
export const DEMO_CARRIER_URL = 'https://track.demo-carrier.example/parcels/';

/** What the seller reads when an event does not fit where the order is. */
export const DEMO_EVENT_MESSAGES = {
  refunded: 'This order was refunded, so it can no longer ship or be delivered.',
  alreadyShipped: 'This order has already shipped.',
  alreadyDelivered: 'This order has already been delivered.',
  alreadyRefunded: 'This order has already been refunded.',
} as const;

/** A parcel number that says what it is: DEMO and ten digits from the demo order's id. */
export function demoTrackingNumber(demoOrderId: number): string {
  return `DEMO${String(demoOrderId).padStart(10, '0').slice(-10)}`;
}

/**
 * Moves the demo receipt on as a marketplace would, or says why the event does not fit. Delivered
 * before shipped ships it at the same moment (a parcel that arrived went out), so a seller trying
 * a "delivered" step needs one click; an order refunded in full neither ships nor arrives later,
 * and each event happens once (409 with the reason otherwise).
 */
export function applyDemoEvent(
  receipt: MarketplaceOrder,
  event: DemoOrderEvent,
  demoOrderId: number,
  at: string,
): MarketplaceOrder {
  const next: MarketplaceOrder = { ...receipt, updatedAt: at };
  if (event === 'refunded') {
    if (receipt.cancelledAt) throw new AppError('conflict', DEMO_EVENT_MESSAGES.alreadyRefunded);
    return { ...next, cancelledAt: at };
  }
  if (receipt.cancelledAt) throw new AppError('conflict', DEMO_EVENT_MESSAGES.refunded);
  if (event === 'shipped' && receipt.shippedAt)
    throw new AppError('conflict', DEMO_EVENT_MESSAGES.alreadyShipped);
  if (event === 'delivered' && receipt.deliveredAt)
    throw new AppError('conflict', DEMO_EVENT_MESSAGES.alreadyDelivered);
  const trackingNumber = receipt.trackingNumber ?? demoTrackingNumber(demoOrderId);
  const shipped: MarketplaceOrder = {
    ...next,
    shippedAt: receipt.shippedAt ?? at,
    trackingNumber,
    trackingUrl: receipt.trackingUrl ?? `${DEMO_CARRIER_URL}${trackingNumber}`,
  };
  return event === 'delivered' ? { ...shipped, deliveredAt: at } : shipped;
}

/**
 * POST /api/orders/:id/demo-event: `orderEmailId` is a row of the signed-in seller whose shop is a
 * connected demo shop (anything else is the same 404, so no other seller's order can be told
 * apart from none). The demo receipt moves on, its updated time forward, and the order is
 * announced exactly as a new demo order is: the marketplace-order job reads it back and records it.
 */
export async function recordDemoOrderEvent(
  ctx: MarketplaceContext,
  userId: string,
  orderEmailId: string,
  event: DemoOrderEvent,
): Promise<void> {
  const [found] = await ctx.db
    .select({
      shopId: shops.id,
      shopExternalId: shops.externalId,
      orderId: orderEmails.marketplaceOrderId,
    })
    .from(orderEmails)
    .innerJoin(shops, eq(shops.id, orderEmails.shopId))
    .where(
      and(
        eq(orderEmails.id, orderEmailId),
        eq(orderEmails.userId, userId),
        eq(shops.userId, userId),
        eq(shops.marketplace, 'demo'),
        eq(shops.status, 'connected'),
      ),
    );
  const demoOrderId = Number(found?.orderId);
  if (!found || !Number.isSafeInteger(demoOrderId)) throw notFound(ORDER_NOT_FOUND);

  await ctx.db.transaction(async (tx) => {
    // Locked, so two events for one order at once apply one after the other.
    const [row] = await tx
      .select()
      .from(demoOrders)
      .where(
        and(eq(demoOrders.id, demoOrderId), eq(demoOrders.shopExternalId, found.shopExternalId)),
      )
      .for('update');
    if (!row) throw notFound(ORDER_NOT_FOUND);
    // Strictly later than the last change, even on a clock that stands still: polling and the
    // record of the order both go by this time.
    const at = new Date(Math.max(ctx.clock.now().getTime(), row.updatedAt.getTime() + 1));
    const receipt = applyDemoEvent(
      marketplaceOrderSchema.parse(row.receipt),
      event,
      demoOrderId,
      at.toISOString(),
    );
    await tx
      .update(demoOrders)
      .set({ receipt, updatedAt: at })
      .where(eq(demoOrders.id, demoOrderId));
  });
  await ctx.jobs.send(orderNotificationJob, { shopId: found.shopId, orderId: String(demoOrderId) });
}
