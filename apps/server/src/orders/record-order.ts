import { and, eq, exists, isNull, lt, or, sql } from 'drizzle-orm';
import { recordAbuseEvent } from '../abuse/abuse-events.ts';
import type { Database } from '../infrastructure/db/database.ts';
import { THANK_YOU_STEP } from '@thankly/api-contract';
import { journeySteps, orderEmails, shops } from '../infrastructure/db/schema.ts';
import { refreshStoredOrder, scheduleFollowUps, stopOrderEmails } from './order-journey.ts';
import { type MarketplaceOrder, paidTime } from './marketplace-order.ts';
import { storableDeep } from '../infrastructure/db/storable-text.ts';
import { buyerAddress } from './buyer-address.ts';
import { SKIP_REASONS } from './skip-reasons.ts';

/** How far a shop's "last order" time must fall behind before a new order moves it. */
const LAST_ORDER_STEP_MS = 60_000;

/**
 * Records what a marketplace says of an order, each time it says it (webhook, poll, a retried
 * delivery). A paid order is recorded once per (shop, marketplace order id), with its thank-you
 * email; seen again, its stored copy is brought up to date and any journey step its progress has
 * reached (shipped, delivered) is scheduled, once. A refunded or cancelled order stops its emails
 * still waiting. Returns whether an email became due, so the sender can be woken.
 *
 * Every marketplace's buyer address enters here. One that is not a single plain address is
 * recorded as skipped, without the address (it may be a list of strangers), and noted for the
 * operator as a refused send: it is what an attempt to relay through Thankly looks like.
 */
export async function recordOrder(
  db: Database,
  shop: { id: string; userId: string },
  received: MarketplaceOrder,
  now: Date,
): Promise<boolean> {
  const order = storableDeep(received);
  if (order.cancelledAt) {
    await stopOrderEmails(db, shop.id, order.externalId, now);
    await refreshStoredOrder(db, shop.id, order);
    return false;
  }
  if (!order.isPaid) return false;
  const raw = order.buyerEmail?.trim() ? order.buyerEmail : null;
  const checked = raw === null ? null : buyerAddress(raw);
  const refused = checked && !checked.ok ? checked.problem : null;
  const stored = refused ? { ...order, buyerEmail: null } : order;
  const buyerName =
    order.buyerName ??
    ([order.buyerFirstName, order.buyerLastName].filter(Boolean).join(' ') || null);
  const recorded = await insertOrder(db, shop, stored, buyerName, refused, now);
  if (recorded.isNew && refused)
    await recordAbuseEvent(
      { db, clock: { now: () => now } },
      shop.userId,
      'refused_send',
      `Order from shop ${shop.id} refused: its buyer address had ${refused}.`,
    );
  const hasNews = recorded.isNew || (await refreshStoredOrder(db, shop.id, stored));
  if (!hasNews || !checked?.ok || recorded.hasJourney === false) return recorded.isNew;
  const due = await scheduleFollowUps(
    db,
    {
      shop,
      order: stored,
      buyerName,
      recipient: checked.address,
      paidAt: paidTime(order),
    },
    now,
  );
  return recorded.isNew || due > 0;
}

/**
 * The buyer's orders with this shop, this one included: the shop's thank-you rows (one per paid
 * order recorded) with the same buyer, counted as the order is recorded. Only this seller's shop
 * is read, so the same marketplace account buying from another seller never counts here. The buyer
 * is known by their marketplace account where it is named (Etsy's buyer_user_id, given even when
 * the address is withheld), else by their address in any case; one known by neither counts as new.
 * The expression is the one of the index order_emails_shop_buyer_key_idx.
 */
function buyerOrderCount(shop: { id: string; userId: string }, order: MarketplaceOrder) {
  if (!order.buyerId?.trim() && !order.buyerEmail?.trim()) return 1;
  const key = sql`coalesce(nullif(${order.buyerId ?? ''}::text, ''), lower(trim(${order.buyerEmail ?? ''}::text)))`;
  return sql<number>`(SELECT count(*)::int + 1 FROM ${orderEmails} earlier
    WHERE earlier.shop_id = ${shop.id} AND earlier.user_id = ${shop.userId}
      AND earlier.step_key = ${THANK_YOU_STEP}
      AND earlier.marketplace_order_id <> ${order.externalId}
      AND coalesce(nullif(earlier."order"->>'buyerId', ''), lower(trim(earlier.buyer_email))) = ${key})`;
}

/**
 * The order's own row, with its thank-you waiting, unless it is there already. A new order also
 * learns here whether its seller has a journey at all (most have none: no second read for them);
 * a known one does not (undefined).
 */
async function insertOrder(
  db: Database,
  shop: { id: string; userId: string },
  order: MarketplaceOrder,
  buyerName: string | null,
  refused: string | null,
  now: Date,
): Promise<{ isNew: boolean; hasJourney: boolean | undefined }> {
  const insert = db
    .insert(orderEmails)
    .values({
      userId: shop.userId,
      shopId: shop.id,
      marketplaceOrderId: order.externalId,
      orderNumber: order.orderNumber,
      buyerName,
      buyerEmail: order.buyerEmail ?? null,
      order,
      buyerOrderCount: buyerOrderCount(shop, order),
      // The app's clock, not the database's: a pause's start is compared with it.
      createdAt: now,
      nextAttemptAt: now,
      ...(refused
        ? {
            status: 'skipped' as const,
            reason: SKIP_REASONS.refusedRecipient(refused),
            decidedAt: now,
          }
        : {}),
    })
    .onConflictDoNothing({
      target: [orderEmails.shopId, orderEmails.marketplaceOrderId, orderEmails.stepKey],
    })
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
  const [row] = await db
    .with(inserted, touched)
    .select({
      id: inserted.id,
      hasJourney: sql<boolean>`EXISTS (SELECT 1 FROM ${journeySteps} WHERE ${journeySteps.userId} = ${shop.userId})`,
    })
    .from(inserted);
  return row
    ? { isNew: true, hasJourney: row.hasJourney }
    : { isNew: false, hasJourney: undefined };
}
