// Cards at packing time: the seller's print choices and the "packed" mark per order. The record that
// Etsy's purchase message reached a buyer whose email Etsy withheld is
// marketplace/etsy/purchase-message-reach.ts.
import {
  type CardPrintSettings,
  DEFAULT_CARD_PRINT_SETTINGS,
  type MarkPacked,
  type Packed,
  ORDER_NOT_FOUND,
  type PlanId,
} from '@thankly/api-contract';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { BaseContext } from '../base-context.ts';
import type { Database } from '../infrastructure/db/database.ts';
import { cardPrintSettings, orderEmails, orderReach } from '../infrastructure/db/schema.ts';
import { notFound } from '../infrastructure/http/errors.ts';
import { markCardsPrinted } from './by-hand-service.ts';

type Ctx = Pick<BaseContext, 'db' | 'clock'>;
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
