import { eq } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { orderEmails, shops } from '../db/schema.ts';
import type { MarketplaceOrder } from '../marketplace/marketplace-order.ts';

/**
 * Records a paid order once per (shop, marketplace order id): a webhook and a poll that see the
 * same order, or a retried delivery, insert nothing the second time. Returns whether it was new.
 */
export async function recordPaidOrder(
  db: Database,
  shop: { id: string; userId: string },
  order: MarketplaceOrder,
  now: Date,
): Promise<boolean> {
  if (!order.isPaid) return false;
  const inserted = await db
    .insert(orderEmails)
    .values({
      userId: shop.userId,
      shopId: shop.id,
      marketplaceOrderId: order.externalId,
      orderNumber: order.orderNumber,
      buyerName:
        order.buyerName ??
        ([order.buyerFirstName, order.buyerLastName].filter(Boolean).join(' ') || null),
      buyerEmail: order.buyerEmail?.trim().toLowerCase() || null,
      order,
      nextAttemptAt: now,
    })
    .onConflictDoNothing({ target: [orderEmails.shopId, orderEmails.marketplaceOrderId] })
    .returning({ id: orderEmails.id });
  if (inserted.length > 0)
    await db.update(shops).set({ lastOrderAt: now }).where(eq(shops.id, shop.id));
  return inserted.length > 0;
}
