// Cards at packing time: the seller's print choices, the "packed" mark per order, and the record
// that Etsy's purchase message reached a buyer whose email Etsy withheld.
import {
  type CardPrintSettings,
  DEFAULT_CARD_PRINT_SETTINGS,
  type MarkPacked,
  type Packed,
  ORDER_NOT_FOUND,
  type PlanId,
} from '@thankly/api-contract';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/database.ts';
import {
  cardPrintSettings,
  orderEmails,
  orderReach,
  purchaseMessages,
  shops,
} from '../db/schema.ts';
import { notFound } from '../http/errors.ts';
import { markCardsPrinted } from './by-hand-service.ts';

type Ctx = Pick<AppContext, 'db' | 'clock'>;
interface Seller {
  id: string;
  plan: PlanId;
  timeZone: string;
}

export async function readCardSettings(db: Database, userId: string): Promise<CardPrintSettings> {
  const [row] = await db
    .select({
      layout: cardPrintSettings.layout,
      fold: cardPrintSettings.fold,
      bleed: cardPrintSettings.bleed,
      processingDays: cardPrintSettings.processingDays,
    })
    .from(cardPrintSettings)
    .where(eq(cardPrintSettings.userId, userId));
  return row ?? DEFAULT_CARD_PRINT_SETTINGS;
}

export async function saveCardSettings(
  ctx: Ctx,
  userId: string,
  settings: CardPrintSettings,
): Promise<CardPrintSettings> {
  const values = { ...settings, updatedAt: ctx.clock.now() };
  await ctx.db
    .insert(cardPrintSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: cardPrintSettings.userId, set: values });
  return settings;
}

/**
 * Packed (or not) with its card. Every order must be the seller's and thanked by hand, or nothing
 * changes (404). Packing an order whose card was not marked printed marks it printed first, under
 * the same daily limit; an order thanked by a message keeps that, and may be packed all the same.
 */
export async function markPacked(
  ctx: Ctx,
  seller: Seller,
  { orderIds, packed }: MarkPacked,
): Promise<Packed> {
  const ids = [...new Set(orderIds)];
  const found = await ctx.db
    .select({ id: orderEmails.id })
    .from(orderEmails)
    .where(
      and(
        eq(orderEmails.userId, seller.id),
        inArray(orderEmails.id, ids),
        isNotNull(orderEmails.byHand),
      ),
    );
  if (found.length < ids.length) throw notFound(ORDER_NOT_FOUND);
  if (!packed) {
    await ctx.db
      .update(orderReach)
      .set({ packedAt: null })
      .where(and(eq(orderReach.userId, seller.id), inArray(orderReach.orderEmailId, ids)));
    return { orderIds: ids, packedAt: null };
  }
  // Refused as a whole when today's limit has no room for the cards not marked printed yet.
  await markCardsPrinted(ctx, seller, ids);
  const now = ctx.clock.now();
  await ctx.db
    .insert(orderReach)
    .values(ids.map((orderEmailId) => ({ orderEmailId, userId: seller.id, packedAt: now })))
    .onConflictDoUpdate({
      target: orderReach.orderEmailId,
      // Packed already: it keeps the time it was first packed.
      set: { packedAt: sql`coalesce(${orderReach.packedAt}, excluded.packed_at)` },
    });
  return { orderIds: ids, packedAt: now.toISOString() };
}

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
