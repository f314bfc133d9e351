// Whether Etsy's purchase message thanked a buyer whose email Etsy withheld: recorded in order_reach
// as the order is set aside for thanking by hand (sending/order-outcomes.ts), told only from
// Thankly's records of the message (purchase_messages), never guessed.
import { eq } from 'drizzle-orm';
import type { Database } from '../../infrastructure/db/database.ts';
import { orderReach, purchaseMessages, shops } from '../../infrastructure/db/schema.ts';

/**
 * Called as an order is set aside for thanking by hand: when the buyer's email was withheld on
 * Etsy and the shop's purchase message was live on Etsy at the moment the order was paid, Etsy
 * itself sent the buyer the seller's thank-you, and that is recorded. "Live" only where Thankly's
 * records show it: the texts Thankly last saved (or, changed on Etsy, the ones it found there) were
 * on Etsy before the payment and are not empty. A message saved after the payment proves nothing
 * about the one before, so nothing is recorded then: never a guess.
 */
export async function recordPurchaseMessageReach(
  db: Database,
  row: { id: string; userId: string; shopId: string; buyerEmail: string | null; order: unknown },
): Promise<void> {
  if (row.buyerEmail) return;
  const order = row.order as { paidAt?: string | null; createdAt?: string; digitalOnly?: boolean };
  const paid = order.paidAt ?? order.createdAt;
  if (!paid) return;
  const paidAt = new Date(paid);
  if (Number.isNaN(paidAt.getTime())) return;
  const [found] = await db
    .select({ message: purchaseMessages, marketplace: shops.marketplace })
    .from(purchaseMessages)
    .innerJoin(shops, eq(shops.id, purchaseMessages.shopId))
    .where(eq(purchaseMessages.shopId, row.shopId));
  if (!found || found.marketplace !== 'etsy') return;
  const text = liveTextAt(found.message, paidAt, order.digitalOnly === true);
  if (!text) return;
  await db
    .insert(orderReach)
    .values({ orderEmailId: row.id, userId: row.userId, purchaseMessageAt: paidAt })
    .onConflictDoUpdate({ target: orderReach.orderEmailId, set: { purchaseMessageAt: paidAt } });
}

type PurchaseMessageRow = typeof purchaseMessages.$inferSelect;

/** The purchase message Etsy showed a buyer who paid at `paidAt`, when the records prove it. */
export function liveTextAt(
  row: PurchaseMessageRow,
  paidAt: Date,
  digitalOnly: boolean,
): string | null {
  const pick = (physical: string | null, digital: string | null) =>
    (digitalOnly ? digital : physical)?.trim() || null;
  if (row.changedOnEtsyAt) {
    // Changed on Etsy: Etsy's texts were there when Thankly noticed, and earlier is unknown.
    return row.changedOnEtsyAt <= paidAt ? pick(row.etsyMessage, row.etsyDigitalMessage) : null;
  }
  if (row.lastPushedAt) {
    return row.lastPushedAt <= paidAt ? pick(row.pushedMessage, row.pushedDigitalMessage) : null;
  }
  // Never saved from Thankly: the texts it read from Etsy, as they were when it looked.
  return row.checkedAt && row.checkedAt <= paidAt ? pick(row.message, row.digitalMessage) : null;
}
