import { and, countDistinct, eq, gte, isNull, ne, or } from 'drizzle-orm';
import { HEALTH_WINDOW_DAYS } from '@thankly/api-contract';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import type { Database } from '../infrastructure/db/database.ts';
import {
  MAIL_EVENT_KINDS,
  MAIL_EVENT_SOURCES,
  mailEvents,
  orderEmails,
  platformSuppressions,
  shops,
  suppressions,
  unsubscribes,
} from '../infrastructure/db/schema.ts';
import { onEmailBlocked } from './block-retries.ts';
import { pauseIfUnhealthy, windowStart } from './delivery-health.ts';

/** Emails to one address that bounced temporarily, within the health window, before the shop stops. */
export const SOFT_BOUNCED_EMAILS_BEFORE_SUPPRESSION = 3;

/** What a bounce notice, a feedback-loop report or a relay's webhook says happened to one email. */
export const mailEventSchema = z.object({
  orderEmailId: z.uuid(),
  kind: z.enum(MAIL_EVENT_KINDS),
  source: z.enum(MAIL_EVENT_SOURCES),
  // Ids and reasons come from outside: long ones are cut, never refused.
  sourceEventId: z
    .string()
    .trim()
    .min(1)
    .transform((v) => v.slice(0, 300)),
  reason: z
    .string()
    .trim()
    .transform((v) => v.slice(0, 500)),
});
export type MailEvent = z.input<typeof mailEventSchema>;

/**
 * recorded: new, and acted on. duplicate: this notice was already recorded. unknown-order: no sent
 * email has that id (an old order since removed, or a notice about something else).
 */
export type RecordOutcome = 'recorded' | 'duplicate' | 'unknown-order';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

interface SentOrder {
  id: string;
  userId: string;
  shopId: string;
  shopName: string;
  recipient: string;
}

/**
 * The one way a bounce or complaint enters Thankly, whichever way it arrived: recorded once per
 * source event, then the address is suppressed (bounces) or the buyer unsubscribed (complaints),
 * the order shows what happened, and the seller's sending is paused if their rates went too far.
 */
export async function recordMailEvent(
  ctx: Pick<AppContext, 'db' | 'clock' | 'log' | 'config' | 'sendMail'>,
  input: MailEvent,
): Promise<RecordOutcome> {
  const event = mailEventSchema.parse(input);
  const now = ctx.clock.now();
  const outcome = await ctx.db.transaction(async (tx) => {
    const order = await sentOrder(tx, event.orderEmailId);
    if (!order) return { kind: 'unknown-order' as const };
    const inserted = await tx
      .insert(mailEvents)
      .values({
        userId: order.userId,
        shopId: order.shopId,
        orderEmailId: order.id,
        kind: event.kind,
        source: event.source,
        sourceEventId: event.sourceEventId,
        // The address the order went to, whatever the notice calls it: that is what gets suppressed.
        recipient: order.recipient,
        reason: event.reason,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: mailEvents.id });
    if (inserted.length === 0) return { kind: 'duplicate' as const, userId: order.userId };
    if (event.kind === 'hard-bounce') {
      await suppress(tx, order, event.reason, event.reason, now);
      await suppressEverywhere(tx, order.recipient, now);
    } else if (event.kind === 'soft-bounce') await countSoftBounce(tx, order, event.reason, now);
    else if (event.kind === 'complaint') await unsubscribeComplainer(tx, order, now);
    // A block suppresses nothing and counts toward no rate: the buyer's address is fine, and the
    // seller's bounce rate is not theirs to answer for (bounce-reason.ts, classifyBounce). The
    // email is sent again later instead.
    else await onEmailBlocked(tx, order.id, inserted[0]!.id, event.reason, now);
    return { kind: 'recorded' as const, userId: order.userId };
  });
  ctx.log.info(
    {
      orderEmailId: event.orderEmailId,
      kind: event.kind,
      source: event.source,
      outcome: outcome.kind,
    },
    'mail event',
  );
  if (outcome.kind === 'unknown-order') return outcome.kind;
  if (outcome.kind === 'duplicate') {
    // A report delivered again (a relay retrying after we failed to answer) finishes what the
    // first delivery may have left undone: the pause is judged again, and changes nothing twice.
    if (event.kind !== 'blocked') await pauseIfUnhealthy(ctx, outcome.userId);
    return outcome.kind;
  }
  if (event.kind === 'blocked') {
    // The operator's alert: our relay, domain or authentication was refused, which stops every
    // seller's mail to that provider until it is fixed. Listed at GET /api/operator/delivery-blocks.
    ctx.log.warn(
      {
        alert: 'delivery-blocked',
        orderEmailId: event.orderEmailId,
        accountId: outcome.userId,
        source: event.source,
        reason: event.reason,
      },
      'a receiving server blocked our mail (policy or reputation): check the relay, SPF, DKIM and DMARC',
    );
    return outcome.kind;
  }
  await pauseIfUnhealthy(ctx, outcome.userId);
  return outcome.kind;
}

async function sentOrder(tx: Tx, orderEmailId: string): Promise<SentOrder | null> {
  const [row] = await tx
    .select({
      id: orderEmails.id,
      userId: orderEmails.userId,
      shopId: orderEmails.shopId,
      shopName: shops.name,
      buyerEmail: orderEmails.buyerEmail,
    })
    .from(orderEmails)
    .innerJoin(shops, eq(shops.id, orderEmails.shopId))
    .where(and(eq(orderEmails.id, orderEmailId), eq(orderEmails.status, 'sent')));
  if (!row?.buyerEmail) return null;
  return { ...row, recipient: row.buyerEmail.toLowerCase() };
}

/** The shop emails this address no more, and the order shows it bounced. */
async function suppress(
  tx: Tx,
  order: SentOrder,
  suppressionReason: string,
  orderReason: string,
  now: Date,
): Promise<void> {
  await tx
    .insert(suppressions)
    .values({
      shopId: order.shopId,
      email: order.recipient,
      reason: suppressionReason,
      createdAt: now,
    })
    .onConflictDoNothing();
  // An order already marked (reported as spam, or bounced before) keeps what it showed first.
  await tx
    .update(orderEmails)
    .set({ deliveryProblem: 'bounced', deliveryProblemReason: orderReason, deliveryProblemAt: now })
    .where(and(eq(orderEmails.id, order.id), isNull(orderEmails.deliveryProblem)));
}

/**
 * The mailbox does not exist, for any shop: every shop stops emailing it, so one seller's dead
 * address does not go on costing the shared relay's reputation through the others. The reason is
 * the platform's, not the receiving server's words, which could name the first shop's order.
 */
async function suppressEverywhere(tx: Tx, email: string, now: Date): Promise<void> {
  await tx
    .insert(platformSuppressions)
    .values({
      email,
      reason: `a receiving server said so on ${now.toISOString().slice(0, 10)}`,
      createdAt: now,
    })
    .onConflictDoNothing();
}

/**
 * A relay retries a temporary failure itself, and may report each try (a delay warning, SendGrid's
 * `deferred`): those are one email's troubles. An address is given up on when separate emails to
 * it keep failing.
 */
async function countSoftBounce(tx: Tx, order: SentOrder, reason: string, now: Date) {
  const [row] = await tx
    .select({ emails: countDistinct(mailEvents.orderEmailId) })
    .from(mailEvents)
    .where(
      and(
        eq(mailEvents.shopId, order.shopId),
        eq(mailEvents.recipient, order.recipient),
        eq(mailEvents.kind, 'soft-bounce'),
        gte(mailEvents.createdAt, windowStart(now)),
      ),
    );
  const emails = Number(row?.emails ?? 0);
  if (emails < SOFT_BOUNCED_EMAILS_BEFORE_SUPPRESSION) return;
  await suppress(
    tx,
    order,
    `kept bouncing temporarily: ${reason}`,
    `${emails} emails to this address bounced temporarily within ${HEALTH_WINDOW_DAYS} days, so Thankly stopped emailing it. Last reason: ${reason}`,
    now,
  );
}

/** The spam button means "no more": the buyer is unsubscribed from this shop at once. */
async function unsubscribeComplainer(tx: Tx, order: SentOrder, now: Date) {
  await tx
    .insert(unsubscribes)
    .values({ shopId: order.shopId, email: order.recipient, createdAt: now })
    .onConflictDoNothing();
  await tx
    .update(orderEmails)
    .set({
      deliveryProblem: 'complained',
      deliveryProblemReason: `The buyer marked this email as spam, so they were unsubscribed from ${order.shopName}’s emails.`,
      deliveryProblemAt: now,
    })
    .where(
      and(
        eq(orderEmails.id, order.id),
        or(isNull(orderEmails.deliveryProblem), ne(orderEmails.deliveryProblem, 'complained')),
      ),
    );
}
