// The seller's activity feed and sending settings, read and written for the sending routes.
import {
  type ActivityItem,
  type ActivityStep,
  type OrderProgress,
  type SendingSettings,
  THANK_YOU_STEP,
} from '@thankly/api-contract';
import { and, asc, desc, eq, inArray, ne } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { orderEmails, sendingSettings, shops } from '../db/schema.ts';

const ACTIVITY_LIMIT = 100;

/** Which channel thanked the buyer, and when: an email, a printed card or a marketplace message. */
function thanked(
  email: typeof orderEmails.$inferSelect,
): Pick<ActivityItem, 'thankedBy' | 'thankedAt'> {
  const [thankedBy, at] =
    email.status === 'sent'
      ? (['email', email.sentAt] as const)
      : email.cardPrintedAt
        ? (['card', email.cardPrintedAt] as const)
        : email.messageSentAt
          ? (['message', email.messageSentAt] as const)
          : ([null, null] as const);
  return { thankedBy, thankedAt: at?.toISOString() ?? null };
}

/** How far the order has come, from the copy of it the marketplace last sent. */
function progressOf(order: unknown): OrderProgress {
  const said = (order ?? {}) as Record<string, unknown>;
  if (said.cancelledAt) return 'cancelled';
  if (said.deliveredAt) return 'delivered';
  if (said.shippedAt) return 'shipped';
  return 'paid';
}

/** In flight is still pending to the seller. */
const stateOf = (email: typeof orderEmails.$inferSelect) =>
  email.status === 'sending' ? 'pending' : email.status;

/** An order's follow-up emails, first due first, by the order they belong to. */
async function followUpsOf(
  db: Database,
  userId: string,
  orders: Array<typeof orderEmails.$inferSelect>,
  now: Date,
): Promise<Map<string, ActivityStep[]>> {
  const byOrder = new Map<string, ActivityStep[]>();
  if (orders.length === 0) return byOrder;
  const rows = await db
    .select()
    .from(orderEmails)
    .where(
      and(
        eq(orderEmails.userId, userId),
        // Shop and order first: the order's unique index finds its rows without reading the
        // seller's others.
        inArray(orderEmails.shopId, [...new Set(orders.map((o) => o.shopId))]),
        inArray(
          orderEmails.marketplaceOrderId,
          orders.map((o) => o.marketplaceOrderId),
        ),
        ne(orderEmails.stepKey, THANK_YOU_STEP),
      ),
    )
    .orderBy(asc(orderEmails.nextAttemptAt), asc(orderEmails.createdAt));
  for (const email of rows) {
    const key = `${email.shopId}/${email.marketplaceOrderId}`;
    const state = stateOf(email);
    const scheduled = email.status === 'pending' && email.nextAttemptAt > now;
    const step: ActivityStep = {
      id: email.id,
      stepName: email.stepName ?? 'Follow-up',
      templateName: email.templateName,
      state,
      reason: email.status === 'pending' ? null : email.reason,
      at: (state === 'pending'
        ? email.nextAttemptAt
        : (email.decidedAt ?? email.createdAt)
      ).toISOString(),
      scheduled,
    };
    byOrder.set(key, [...(byOrder.get(key) ?? []), step]);
  }
  return byOrder;
}

/** The seller's latest orders, what became of each thank-you, and each order's follow-ups. */
export async function listActivity(
  db: Database,
  userId: string,
  now: Date,
): Promise<ActivityItem[]> {
  const rows = await db
    .select({ email: orderEmails, shopName: shops.name, marketplace: shops.marketplace })
    .from(orderEmails)
    .innerJoin(shops, eq(shops.id, orderEmails.shopId))
    .where(and(eq(orderEmails.userId, userId), eq(orderEmails.stepKey, THANK_YOU_STEP)))
    .orderBy(desc(orderEmails.createdAt))
    .limit(ACTIVITY_LIMIT);
  const followUps = await followUpsOf(
    db,
    userId,
    rows.map((r) => r.email),
    now,
  );
  return rows.map(({ email, shopName, marketplace }) => ({
    id: email.id,
    shopName,
    marketplace,
    orderNumber: email.orderNumber,
    buyerName: email.buyerName,
    buyerEmail: email.buyerEmail,
    templateName: email.templateName,
    state: stateOf(email),
    reason: email.status === 'pending' ? null : email.reason,
    at: (email.decidedAt ?? email.createdAt).toISOString(),
    byHand: email.byHand,
    ...thanked(email),
    deliveryProblem:
      email.deliveryProblem && email.deliveryProblemAt
        ? {
            kind: email.deliveryProblem,
            reason: email.deliveryProblemReason ?? '',
            at: email.deliveryProblemAt.toISOString(),
          }
        : null,
    progress: progressOf(email.order),
    steps: followUps.get(`${email.shopId}/${email.marketplaceOrderId}`) ?? [],
  }));
}

export async function readSendingSettings(db: Database, userId: string): Promise<SendingSettings> {
  const [row] = await db.select().from(sendingSettings).where(eq(sendingSettings.userId, userId));
  return { couponCode: row?.couponCode ?? '' };
}

export async function saveSendingSettings(
  db: Database,
  userId: string,
  { couponCode }: SendingSettings,
): Promise<SendingSettings> {
  await db
    .insert(sendingSettings)
    .values({ userId, couponCode })
    .onConflictDoUpdate({ target: sendingSettings.userId, set: { couponCode } });
  return { couponCode };
}
