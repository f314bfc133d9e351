// The seller's activity feed and sending settings, read and written for the sending routes.
import {
  ORDER_EVENTS,
  ORDER_EVENT_FACTS,
  type Reach,
  type ActivityItem,
  type ActivityStep,
  type OrderProgress,
  type SendingSettings,
  type SentVersion,
  THANK_YOU_STEP,
  UNDELIVERED_PROBLEMS,
} from '@thankly/api-contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../infrastructure/db/database.ts';
import type { ORDER_EMAIL_STATUSES } from '../infrastructure/db/tables/sending.ts';
import { orderEmails, orderReach, sendingSettings, shops } from '../infrastructure/db/schema.ts';

const ACTIVITY_LIMIT = 100;

type OrderEmailStatus = (typeof ORDER_EMAIL_STATUSES)[number];

/** Which channel thanked the buyer, and when: an email, a printed card or a marketplace message. */
/**
 * The email reached the buyer: sent, and not bounced or blocked since (a buyer who marked it as
 * spam did get it). A bounced order is not "Thanked by email": a card or a message still can be.
 */
function emailDelivered(
  email: Pick<typeof orderEmails.$inferSelect, 'status' | 'deliveryProblem'>,
): boolean {
  return (
    email.status === 'sent' &&
    !(email.deliveryProblem !== null && UNDELIVERED_PROBLEMS.includes(email.deliveryProblem))
  );
}

function thanked(
  email: Pick<
    typeof orderEmails.$inferSelect,
    'status' | 'sentAt' | 'cardPrintedAt' | 'messageSentAt' | 'deliveryProblem'
  >,
): Pick<ActivityItem, 'thankedBy' | 'thankedAt'> {
  const [thankedBy, at] = emailDelivered(email)
    ? (['email', email.sentAt] as const)
    : email.cardPrintedAt
      ? (['card', email.cardPrintedAt] as const)
      : email.messageSentAt
        ? (['message', email.messageSentAt] as const)
        : ([null, null] as const);
  return { thankedBy, thankedAt: at?.toISOString() ?? null };
}

/**
 * Every channel that reached the buyer, from what was recorded: the email sent, Etsy's purchase
 * message live when they paid, the printed card, the pasted message. Earliest first.
 */
function reachedBy(
  email: Pick<
    typeof orderEmails.$inferSelect,
    'status' | 'sentAt' | 'cardPrintedAt' | 'messageSentAt' | 'deliveryProblem'
  >,
  purchaseMessageAt: Date | null,
): Reach[] {
  const reached: Array<[Reach['channel'], Date | null]> = [
    ['email', emailDelivered(email) ? email.sentAt : null],
    ['purchase-message', purchaseMessageAt],
    ['card', email.cardPrintedAt],
    ['message', email.messageSentAt],
  ];
  return reached
    .filter((r): r is [Reach['channel'], Date] => r[1] !== null)
    .sort((a, b) => a[1].getTime() - b[1].getTime())
    .map(([channel, at]) => ({ channel, at: at.toISOString() }));
}

/** How far the order has come, from the copy of it the marketplace last sent. */
function progressOf(order: Record<string, unknown>): OrderProgress {
  if (order.cancelledAt) return 'cancelled';
  // The furthest event the order has a time for.
  const reached = [...ORDER_EVENTS].reverse().find((event) => {
    const field = ORDER_EVENT_FACTS[event].orderField;
    return field === null || Boolean(order[field]);
  });
  return reached ?? 'paid';
}

/** In flight is still pending to the seller. */
const stateOf = (status: OrderEmailStatus) => (status === 'sending' ? 'pending' : status);

/** A follow-up email of an order, as the feed's query returns it (JSON: times are text). */
interface FollowUpRow {
  id: string;
  stepName: string | null;
  templateName: string | null;
  templateId: string | null;
  templateVersionId: string | null;
  templateVersion: number | null;
  status: OrderEmailStatus;
  reason: string | null;
  nextAttemptAt: string;
  decidedAt: string | null;
  createdAt: string;
}

function stepOf(email: FollowUpRow, now: Date): ActivityStep {
  const state = stateOf(email.status);
  const due = new Date(email.nextAttemptAt);
  return {
    id: email.id,
    stepName: email.stepName ?? 'Follow-up',
    templateName: email.templateName,
    templateVersion: sentVersionOf(email),
    state,
    reason: email.status === 'pending' ? null : email.reason,
    at: new Date(state === 'pending' ? due : (email.decidedAt ?? email.createdAt)).toISOString(),
    scheduled: email.status === 'pending' && due > now,
  };
}

/** The version an email was made from, when the row recorded one (emails since migration 0029). */
function sentVersionOf(email: {
  templateId: string | null;
  templateVersionId: string | null;
  templateVersion: number | null;
}): SentVersion | null {
  if (!email.templateId || !email.templateVersionId || email.templateVersion === null) return null;
  return {
    templateId: email.templateId,
    versionId: email.templateVersionId,
    number: email.templateVersion,
  };
}

const FOLLOW_UP = 'follow_up';
const followUp = alias(orderEmails, FOLLOW_UP);

/**
 * An order's follow-up emails, first due first, as one JSON array per thank-you row: found by the
 * order's unique index (shop, order), so the feed costs one query however many orders a seller has.
 */
const followUpsOfRow = sql<FollowUpRow[]>`(
  SELECT coalesce(json_agg(json_build_object(
      'id', ${followUp.id}, 'stepName', ${followUp.stepName},
      'templateName', ${followUp.templateName}, 'templateId', ${followUp.templateId},
      'templateVersionId', ${followUp.templateVersionId},
      'templateVersion', ${followUp.templateVersion}, 'status', ${followUp.status},
      'reason', ${followUp.reason}, 'nextAttemptAt', ${followUp.nextAttemptAt},
      'decidedAt', ${followUp.decidedAt}, 'createdAt', ${followUp.createdAt})
    ORDER BY ${followUp.nextAttemptAt}, ${followUp.createdAt}), '[]'::json)
  FROM ${orderEmails} AS ${sql.identifier(FOLLOW_UP)}
  WHERE ${followUp.shopId} = ${orderEmails.shopId}
    AND ${followUp.marketplaceOrderId} = ${orderEmails.marketplaceOrderId}
    AND ${followUp.stepKey} <> ${THANK_YOU_STEP})`;

/** Only what the feed shows of the stored order: how far it has come. */
const progressFields = sql<Record<string, unknown>>`jsonb_build_object(
  'cancelledAt', ${orderEmails.order}->'cancelledAt',
  'deliveredAt', ${orderEmails.order}->'deliveredAt',
  'shippedAt', ${orderEmails.order}->'shippedAt')`;

/** The seller's latest orders, what became of each thank-you, and each order's follow-ups. */
export async function listActivity(
  db: Database,
  userId: string,
  now: Date,
): Promise<ActivityItem[]> {
  const rows = await db
    .select({
      email: {
        id: orderEmails.id,
        orderNumber: orderEmails.orderNumber,
        buyerName: orderEmails.buyerName,
        buyerEmail: orderEmails.buyerEmail,
        templateName: orderEmails.templateName,
        templateId: orderEmails.templateId,
        templateVersionId: orderEmails.templateVersionId,
        templateVersion: orderEmails.templateVersion,
        status: orderEmails.status,
        reason: orderEmails.reason,
        decidedAt: orderEmails.decidedAt,
        createdAt: orderEmails.createdAt,
        sentAt: orderEmails.sentAt,
        byHand: orderEmails.byHand,
        cardPrintedAt: orderEmails.cardPrintedAt,
        messageSentAt: orderEmails.messageSentAt,
        deliveryProblem: orderEmails.deliveryProblem,
        deliveryProblemReason: orderEmails.deliveryProblemReason,
        deliveryProblemAt: orderEmails.deliveryProblemAt,
      },
      progress: progressFields,
      followUps: followUpsOfRow,
      packedAt: orderReach.packedAt,
      purchaseMessageAt: orderReach.purchaseMessageAt,
      shopName: shops.name,
      marketplace: shops.marketplace,
    })
    .from(orderEmails)
    .innerJoin(shops, eq(shops.id, orderEmails.shopId))
    .leftJoin(orderReach, eq(orderReach.orderEmailId, orderEmails.id))
    .where(and(eq(orderEmails.userId, userId), eq(orderEmails.stepKey, THANK_YOU_STEP)))
    // Orders recorded in the same millisecond (one batch of a marketplace's orders) keep one
    // order on every reload: the by-hand lists' order, newest first.
    .orderBy(desc(orderEmails.createdAt), desc(orderEmails.id))
    .limit(ACTIVITY_LIMIT);
  return rows.map(
    ({ email, progress, followUps, packedAt, purchaseMessageAt, shopName, marketplace }) => ({
      id: email.id,
      shopName,
      marketplace,
      orderNumber: email.orderNumber,
      buyerName: email.buyerName,
      buyerEmail: email.buyerEmail,
      templateName: email.templateName,
      templateVersion: sentVersionOf(email),
      state: stateOf(email.status),
      reason: email.status === 'pending' ? null : email.reason,
      at: (email.decidedAt ?? email.createdAt).toISOString(),
      byHand: email.byHand,
      ...thanked(email),
      reachedBy: reachedBy(email, purchaseMessageAt),
      packedAt: packedAt?.toISOString() ?? null,
      deliveryProblem:
        email.deliveryProblem && email.deliveryProblemAt
          ? {
              kind: email.deliveryProblem,
              reason: email.deliveryProblemReason ?? '',
              at: email.deliveryProblemAt.toISOString(),
            }
          : null,
      progress: progressOf(progress),
      steps: followUps.map((step) => stepOf(step, now)),
    }),
  );
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
