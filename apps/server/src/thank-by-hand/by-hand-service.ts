// Orders thanked by hand: which wait, the cards of a print batch, and the seller's "printed" and
// "message sent" marks. Like an email, each order is thanked once: the first mark wins.
import {
  type ByHandSummary,
  type CardBatch,
  type CardBatchKind,
  type CardsPrinted,
  MAX_CARDS_PER_BATCH,
  tooManyQrCodes,
  ORDER_NOT_FOUND,
  type MarketplaceMessage,
  type MessageSent,
  type PlanId,
  UNLIMITED,
  getPlan,
} from '@thankly/api-contract';
import { cardQrCodeCount, fitsInQrCode, MAX_QR_CODES_PER_CARD, qrCodeSvg } from '@thankly/email';
import { type SQL, and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { BaseContext } from '../base-context.ts';
import type { Database } from '../infrastructure/db/database.ts';
import { orderEmails, orderReach, shops, users } from '../infrastructure/db/schema.ts';
import { AppError, notFound } from '../infrastructure/http/errors.ts';
import { countedToday } from '../sending/daily-limit.ts';
import { athensDate } from '../infrastructure/time/athens.ts';
import { dateInZone } from '../infrastructure/time/seller-day.ts';
import { readCardSettings } from './packing-service.ts';
import { type ShipByOrder, dueToShip, shipDay } from './ship-by.ts';
import { cardRequest, loadThankYouSource, messageText } from './by-hand-content.ts';
import type { CardRenderer, CardRequest } from './card-renderer.ts';
import { marketplaceOrderUrl } from '../marketplace/registry.ts';

type Ctx = Pick<BaseContext, 'db' | 'clock'>;
type CardCtx = Ctx & { cardRenderer: CardRenderer };
interface Seller {
  id: string;
  plan: PlanId;
  timeZone: string;
}

/** Decided for a card or a message, and neither given yet. */
const waiting = and(
  isNotNull(orderEmails.byHand),
  isNull(orderEmails.cardPrintedAt),
  isNull(orderEmails.messageSentAt),
);

export async function byHandSummary(db: Database, userId: string): Promise<ByHandSummary> {
  return { waiting: await countWaiting(db, userId) };
}

async function countWaiting(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(orderEmails)
    .where(and(eq(orderEmails.userId, userId), waiting));
  return row?.count ?? 0;
}

/** Cards and emails today's limit still has room for; null without a limit. */
async function remainingToday(db: Database, seller: Seller, now: Date): Promise<number | null> {
  const { dailyLimit } = getPlan(seller.plan);
  if (dailyLimit === UNLIMITED) return null;
  return Math.max(0, dailyLimit - (await countedToday(db, seller.id, athensDate(now))));
}

function selectByHandOrders(db: Database, where: SQL | undefined) {
  return db
    .select({
      row: orderEmails,
      shop: {
        name: shops.name,
        url: shops.url,
        marketplace: shops.marketplace,
        externalId: shops.externalId,
      },
      packedAt: orderReach.packedAt,
    })
    .from(orderEmails)
    .innerJoin(shops, eq(shops.id, orderEmails.shopId))
    .leftJoin(orderReach, eq(orderReach.orderEmailId, orderEmails.id))
    .where(where)
    .orderBy(asc(orderEmails.createdAt), asc(orderEmails.id));
}

/** Only what the ship-by day is read from, out of the stored order. */
const shipFields = sql<ShipByOrder>`jsonb_build_object(
  'shipBy', ${orderEmails.order}->'shipBy', 'digitalOnly', ${orderEmails.order}->'digitalOnly',
  'paidAt', ${orderEmails.order}->'paidAt', 'createdAt', ${orderEmails.order}->'createdAt')`;

/**
 * The waiting orders whose parcel ships today or is overdue on the seller's calendar, most overdue
 * first. Parcels already packed, shipped or cancelled need no card now. Read as small rows (the
 * ship-by fields only), since a day is decided per order in the seller's zone.
 */
async function dueToShipToday(
  db: Database,
  seller: Seller,
  processingDays: number,
  today: string,
): Promise<string[]> {
  const candidates = await db
    .select({ id: orderEmails.id, ship: shipFields })
    .from(orderEmails)
    .leftJoin(orderReach, eq(orderReach.orderEmailId, orderEmails.id))
    .where(
      and(
        eq(orderEmails.userId, seller.id),
        waiting,
        isNull(orderReach.packedAt),
        sql`${orderEmails.order}->>'shippedAt' IS NULL`,
        sql`${orderEmails.order}->>'cancelledAt' IS NULL`,
      ),
    )
    .orderBy(asc(orderEmails.createdAt), asc(orderEmails.id));
  return dueToShip(candidates, (c) => shipDay(c.ship, seller.timeZone, processingDays), today).map(
    (c) => c.id,
  );
}

/** The QR code each shop's cards carry to its web address, drawn once per shop. */
function shopQrCodes() {
  const drawn = new Map<string, string | null>();
  return (shop: { name: string; url: string | null }): string | null => {
    if (!shop.url || !fitsInQrCode(shop.url)) return null;
    let svg = drawn.get(shop.url);
    if (svg === undefined) {
      svg = qrCodeSvg(shop.url, `QR code to ${shop.name}: ${shop.url}`);
      drawn.set(shop.url, svg);
    }
    return svg;
  };
}

/**
 * The cards of a print batch. Chosen orders (ids) may include cards printed before, to print them
 * again; every one must be the seller's and for thanking by hand. Without ids: the orders waiting,
 * oldest first, as many as today's limit has room for.
 */
export async function cardBatch(
  ctx: CardCtx,
  seller: Seller,
  { ids, batch = 'waiting' }: { ids?: string[]; batch?: CardBatchKind } = {},
): Promise<CardBatch> {
  const { db } = ctx;
  const now = ctx.clock.now();
  const today = dateInZone(now, seller.timeZone);
  const [waitingCount, remaining, settings, withheld] = await Promise.all([
    countWaiting(db, seller.id),
    remainingToday(db, seller, now),
    readCardSettings(db, seller.id),
    hasWithheldAddresses(db, seller.id),
  ]);
  const due = await dueToShipToday(db, seller, settings.processingDays, today);
  const mine = and(eq(orderEmails.userId, seller.id), isNotNull(orderEmails.byHand));
  let found;
  if (ids) {
    const wanted = new Set(ids);
    found = await selectByHandOrders(db, and(mine, inArray(orderEmails.id, [...wanted])));
    if (found.length < wanted.size) throw notFound(ORDER_NOT_FOUND);
    // Thanked by a message already: a card would thank the buyer twice.
    found = found.filter(({ row }) => row.messageSentAt === null);
  } else if (batch === 'ship-today') {
    const room = Math.min(MAX_CARDS_PER_BATCH, remaining ?? MAX_CARDS_PER_BATCH);
    const chosen = due.slice(0, room);
    const rows =
      chosen.length === 0
        ? []
        : await selectByHandOrders(db, and(mine, waiting, inArray(orderEmails.id, chosen)));
    // In the batch's own order: most overdue first.
    found = chosen.flatMap((id) => rows.filter((r) => r.row.id === id));
  } else {
    const room = Math.min(MAX_CARDS_PER_BATCH, remaining ?? MAX_CARDS_PER_BATCH);
    found = room === 0 ? [] : await selectByHandOrders(db, and(mine, waiting)).limit(room);
  }
  const source = await loadThankYouSource(
    db,
    seller,
    found.map((f) => f.row),
    now,
  );
  const requests = found.map(({ row, shop }) => cardRequest(source, row, shop));
  checkQrCodes(requests);
  const html = await ctx.cardRenderer.render(requests);
  const qrOf = shopQrCodes();
  return {
    cards: found.map(({ row, shop, packedAt }, index) => {
      const ship = shipDay(row.order as ShipByOrder, seller.timeZone, settings.processingDays);
      const firstName = requests[index]!.values['customer-first-name'];
      return {
        orderId: row.id,
        orderNumber: row.orderNumber,
        shopName: shop.name,
        buyerName: row.buyerName,
        templateName: requests[index]!.template.name,
        html: html[index]!,
        cardPrintedAt: row.cardPrintedAt?.toISOString() ?? null,
        shipBy: ship?.day ?? null,
        shipBySource: ship?.source ?? null,
        packedAt: packedAt?.toISOString() ?? null,
        firstName: typeof firstName === 'string' && firstName.trim() ? firstName.trim() : null,
        shopUrl: shop.url,
        shopQr: qrOf(shop),
      };
    }),
    waiting: waitingCount,
    heldForLimit: remaining === null ? 0 : Math.max(0, waitingCount - remaining),
    remainingToday: remaining,
    today,
    toShip: due.length,
    addressesWithheld: withheld,
  };
}

/**
 * Etsy keeps buyers' addresses from apps like Thankly (since October 2024 for sellers who connect
 * one): a card cannot be posted to them, only packed in the parcel.
 */
async function hasWithheldAddresses(db: Database, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: shops.id })
    .from(shops)
    // The demo shop stands in for Etsy, its orders without an email for Etsy's.
    .where(and(eq(shops.userId, userId), inArray(shops.marketplace, ['etsy', 'demo'])))
    .limit(1);
  return row !== undefined;
}

/** A template with more buttons than a card has room for QR codes is the seller's to trim. */
function checkQrCodes(requests: readonly CardRequest[]): void {
  const checked = new Set<string>();
  for (const { template } of requests) {
    if (checked.has(template.id)) continue;
    checked.add(template.id);
    const count = cardQrCodeCount(template.design);
    if (count > MAX_QR_CODES_PER_CARD)
      throw new AppError('invalid', tooManyQrCodes(template.name, count, MAX_QR_CODES_PER_CARD));
  }
}

/**
 * The seller confirms these cards printed well. Each card takes a slot of today's limit, decided
 * under the lock on the seller's row as emails are; all of them fit, or none is marked. Orders
 * thanked already (a card printed before, or a message) stay as they were.
 */
export async function markCardsPrinted(
  ctx: Ctx,
  seller: Seller,
  orderIds: string[],
): Promise<CardsPrinted> {
  const ids = [...new Set(orderIds)];
  const now = ctx.clock.now();
  const today = athensDate(now);
  return ctx.db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, seller.id)).for('update');
    const rows = await tx
      .select({
        id: orderEmails.id,
        byHand: orderEmails.byHand,
        cardPrintedAt: orderEmails.cardPrintedAt,
        messageSentAt: orderEmails.messageSentAt,
      })
      .from(orderEmails)
      .where(and(eq(orderEmails.userId, seller.id), inArray(orderEmails.id, ids)));
    if (rows.length < ids.length || rows.some((r) => r.byHand === null))
      throw notFound(ORDER_NOT_FOUND);
    const toMark = rows.filter((r) => r.cardPrintedAt === null && r.messageSentAt === null);
    const plan = getPlan(seller.plan);
    if (plan.dailyLimit !== UNLIMITED && toMark.length > 0) {
      const room = Math.max(0, plan.dailyLimit - (await countedToday(tx, seller.id, today)));
      if (toMark.length > room)
        throw new AppError(
          'forbidden',
          `Today’s limit of ${plan.dailyLimit} thank-yous on the ${plan.name} plan has room for ${room} more, and these are ${toMark.length} cards. Mark them tomorrow, or upgrade your plan for a higher limit.`,
        );
    }
    const marked =
      toMark.length === 0
        ? []
        : await tx
            .update(orderEmails)
            .set({ cardPrintedAt: now, countedDay: today })
            .where(
              and(
                inArray(
                  orderEmails.id,
                  toMark.map((r) => r.id),
                ),
                waiting,
              ),
            )
            .returning({ id: orderEmails.id });
    return { marked: marked.length, alreadyThanked: ids.length - marked.length };
  });
}

async function findByHandOrder(db: Database, userId: string, orderId: string) {
  const [found] = await selectByHandOrders(
    db,
    and(eq(orderEmails.id, orderId), eq(orderEmails.userId, userId), isNotNull(orderEmails.byHand)),
  );
  if (!found) throw notFound(ORDER_NOT_FOUND);
  return found;
}

/** The order's thank-you as text to paste into the marketplace's messages, and where to paste it. */
export async function marketplaceMessage(
  ctx: Ctx,
  seller: Seller,
  orderId: string,
): Promise<MarketplaceMessage> {
  const { row, shop } = await findByHandOrder(ctx.db, seller.id, orderId);
  const source = await loadThankYouSource(ctx.db, seller, [row], ctx.clock.now());
  return {
    orderId: row.id,
    marketplace: shop.marketplace,
    text: messageText(source, row, shop),
    orderUrl: marketplaceOrderUrl(shop, row.marketplaceOrderId),
  };
}

/** The seller sent the thank-you through the marketplace. Messages do not count against the limit. */
export async function markMessageSent(
  ctx: Ctx,
  seller: Seller,
  orderId: string,
): Promise<MessageSent> {
  const now = ctx.clock.now();
  const [marked] = await ctx.db
    .update(orderEmails)
    .set({ messageSentAt: now })
    .where(and(eq(orderEmails.id, orderId), eq(orderEmails.userId, seller.id), waiting))
    .returning({ messageSentAt: orderEmails.messageSentAt });
  if (marked) return { thankedBy: 'message', thankedAt: now.toISOString() };
  const { row } = await findByHandOrder(ctx.db, seller.id, orderId);
  const [channel, at] = row.cardPrintedAt
    ? ['a printed card', row.cardPrintedAt]
    : ['a marketplace message', row.messageSentAt!];
  throw new AppError(
    'conflict',
    // The day on the seller's own clock, as every date the app shows them.
    `This buyer was already thanked with ${channel} on ${new Intl.DateTimeFormat('en', {
      dateStyle: 'medium',
      timeZone: seller.timeZone,
    }).format(at)}.`,
  );
}
