import { and, eq, exists, isNull, lt, or } from 'drizzle-orm';
import { recordAbuseEvent } from '../abuse/abuse-events.ts';
import type { Database } from '../db/database.ts';
import { orderEmails, shops } from '../db/schema.ts';
import type { MarketplaceOrder } from '../marketplace/marketplace-order.ts';
import { buyerAddress } from './buyer-address.ts';
import { SKIP_REASONS } from './skip-reasons.ts';

/** How far a shop's "last order" time must fall behind before a new order moves it. */
const LAST_ORDER_STEP_MS = 60_000;

/**
 * Records a paid order once per (shop, marketplace order id): a webhook and a poll that see the
 * same order, or a retried delivery, insert nothing the second time. Returns whether it was new.
 *
 * Every marketplace's buyer address enters here. One that is not a single plain address is
 * recorded as skipped, without the address (it may be a list of strangers), and noted for the
 * operator as a refused send: it is what an attempt to relay through Thankly looks like.
 */
export async function recordPaidOrder(
  db: Database,
  shop: { id: string; userId: string },
  received: MarketplaceOrder,
  now: Date,
): Promise<boolean> {
  if (!received.isPaid) return false;
  const order = withoutNulCharacters(received);
  const raw = order.buyerEmail?.trim() ? order.buyerEmail : null;
  const checked = raw === null ? null : buyerAddress(raw);
  const refused = checked && !checked.ok ? checked.problem : null;
  const insert = db
    .insert(orderEmails)
    .values({
      userId: shop.userId,
      shopId: shop.id,
      marketplaceOrderId: order.externalId,
      orderNumber: order.orderNumber,
      buyerName:
        order.buyerName ??
        ([order.buyerFirstName, order.buyerLastName].filter(Boolean).join(' ') || null),
      buyerEmail: checked?.ok ? checked.address : null,
      order: refused ? { ...order, buyerEmail: null } : order,
      nextAttemptAt: now,
      ...(refused
        ? {
            status: 'skipped' as const,
            reason: SKIP_REASONS.refusedRecipient(refused),
            decidedAt: now,
          }
        : {}),
    })
    .onConflictDoNothing({ target: [orderEmails.shopId, orderEmails.marketplaceOrderId] })
    .returning({ id: orderEmails.id });
  // One statement: the shop's last order moves only when the order is new, and a busy shop's
  // webhooks each make one round trip here rather than two. It moves by the minute at most (the
  // dashboard shows it to the minute), so a burst of one shop's orders does not queue on that
  // shop's row, each waiting for the last one's update to commit.
  const inserted = db.$with('inserted').as(insert);
  const touched = db.$with('touched').as(
    db
      .update(shops)
      .set({ lastOrderAt: now })
      .where(
        and(
          eq(shops.id, shop.id),
          exists(db.select().from(inserted)),
          or(
            isNull(shops.lastOrderAt),
            lt(shops.lastOrderAt, new Date(now.getTime() - LAST_ORDER_STEP_MS)),
          ),
        ),
      )
      .returning({ id: shops.id }),
  );
  const rows = await db.with(inserted, touched).select({ id: inserted.id }).from(inserted);
  if (rows.length === 0) return false;
  if (refused)
    await recordAbuseEvent(
      { db, clock: { now: () => now } },
      shop.userId,
      'refused_send',
      `Order from shop ${shop.id} refused: its buyer address had ${refused}.`,
    );
  return true;
}

/**
 * PostgreSQL stores no NUL character, in text or in JSON: an order carrying one (a name typed with
 * it into a store) would fail to be recorded on every try. It never means anything, so it goes.
 */
function withoutNulCharacters<T>(value: T): T {
  if (typeof value === 'string') return value.replaceAll('\0', '') as T;
  if (Array.isArray(value)) return value.map(withoutNulCharacters) as T;
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [key, withoutNulCharacters(inner)]),
    ) as T;
  return value;
}
