// The seller's activity feed and sending settings, read and written for the sending routes.
import type { ActivityItem, SendingSettings } from '@thankly/api-contract';
import { desc, eq } from 'drizzle-orm';
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

/** The seller's latest orders and what became of each email. */
export async function listActivity(db: Database, userId: string): Promise<ActivityItem[]> {
  const rows = await db
    .select({ email: orderEmails, shopName: shops.name, marketplace: shops.marketplace })
    .from(orderEmails)
    .innerJoin(shops, eq(shops.id, orderEmails.shopId))
    .where(eq(orderEmails.userId, userId))
    .orderBy(desc(orderEmails.createdAt))
    .limit(ACTIVITY_LIMIT);
  return rows.map(({ email, shopName, marketplace }) => ({
    id: email.id,
    shopName,
    marketplace,
    orderNumber: email.orderNumber,
    buyerName: email.buyerName,
    buyerEmail: email.buyerEmail,
    templateName: email.templateName,
    // In flight is still pending to the seller.
    state: email.status === 'sending' ? 'pending' : email.status,
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
    progress: 'paid' as const,
    steps: [],
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
