// A receiving server that blocks our relay (its IP's or domain's reputation, SPF, DKIM, DMARC)
// refuses Thankly, not the buyer: once the operator has fixed the cause, or the provider has
// lifted the block, the same email goes through. So a blocked email is sent again later, a few
// times, and the seller sees it waiting, then sent again or given up on (decision 025).
import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import type { Database } from '../infrastructure/db/database.ts';
import { mailEvents, orderEmails } from '../infrastructure/db/schema.ts';
import { loggableError } from '../infrastructure/http/loggable-error.ts';
import { DeliveryUnconfirmedError } from '../infrastructure/mail/hand-over-transport.ts';
import type { MailMessage } from '../infrastructure/mail/mailer.ts';
import { defineJob } from '../infrastructure/jobs/job-queue.ts';
import { composeOrderEmail } from '../sending/compose-order-email.ts';
import { type OrderEmailRow, decideResend } from '../sending/decide-order.ts';
import { DesignCache } from '../sending/design-cache.ts';
import { SKIP_REASONS, withoutFullStop } from '../orders/skip-reasons.ts';
import { UnsendableOrderError } from '../orders/unsendable-order.ts';

/**
 * How long each try waits after a block: fixing DNS records or a relay's reputation takes hours,
 * and a provider's temporary block lifts within a day. Past the last one Thankly stops.
 */
export const BLOCK_RETRY_DELAYS_HOURS = [1, 4, 12] as const;

const HOUR_MS = 3_600_000;

/** Due retries one run sends at most: the next run, a minute later, takes the rest. */
const MAX_RETRIES_PER_RUN = 200;

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export const blockRetryJob = defineJob({
  name: 'block-retries',
  payload: z.object({}).passthrough(),
  // A failed run is not repeated: the schedule runs it again within a minute.
  retryLimit: 0,
  retryDelay: 60,
  pollingIntervalSeconds: 10,
});

/** What the seller reads in Recent orders under "Blocked". */
export const BLOCK_REASONS = {
  waiting: (reason: string, hours: number) =>
    `A mail provider refused Thankly’s mail, not this buyer’s address (${clause(reason)}). Thankly will send it again in ${hours === 1 ? 'an hour' : `${hours} hours`}.`,
  gaveUp: (reason: string, retries: number) =>
    `A mail provider refused Thankly’s mail, not this buyer’s address (${clause(reason)}). Thankly sent it again ${retries === 1 ? 'once' : `${retries} times`} and has stopped trying.`,
  notSentAgain: (reason: string, why: string) =>
    `A mail provider refused Thankly’s mail, not this buyer’s address (${clause(reason)}). Thankly did not send it again: ${why}`,
};

/** A receiving server's words inside our sentence: without their own full stop. */
function clause(reason: string): string {
  return withoutFullStop(reason) || 'no reason given';
}

/**
 * A block of a sent email was just recorded (mail-events.ts, in its transaction): the order shows
 * "Blocked", and a retry is scheduled, or, past the last one, the order shows that Thankly gave
 * up. Only the first block reported after the email's latest send counts: another report of the
 * same refusal (the relay's and the listener's, or one delivered late) must not send it twice.
 */
export async function onEmailBlocked(
  tx: Tx,
  orderEmailId: string,
  eventId: string,
  reason: string,
  now: Date,
): Promise<void> {
  const [row] = await tx
    .select({
      blockRetries: orderEmails.blockRetries,
      blockRetryAt: orderEmails.blockRetryAt,
      deliveryProblem: orderEmails.deliveryProblem,
      earlierBlock: sql<boolean>`EXISTS (SELECT 1 FROM ${mailEvents} WHERE ${mailEvents.orderEmailId} = ${orderEmails.id} AND ${mailEvents.kind} = 'blocked' AND ${mailEvents.id} <> ${eventId} AND ${mailEvents.createdAt} >= coalesce(${orderEmails.smtpStartedAt}, ${orderEmails.sentAt}))`,
    })
    .from(orderEmails)
    .where(and(eq(orderEmails.id, orderEmailId), eq(orderEmails.status, 'sent')))
    .for('update');
  if (!row || row.blockRetryAt !== null || row.earlierBlock) return;
  // A bounce or a complaint says more than a block: the order keeps showing it, and is not sent.
  if (row.deliveryProblem !== null && row.deliveryProblem !== 'blocked') return;
  await tx
    .update(orderEmails)
    .set(afterBlock(row.blockRetries, reason, now))
    .where(eq(orderEmails.id, orderEmailId));
}

/** The next try after the `retries`-th resend was blocked, or, past the last one, giving up. */
function afterBlock(retries: number, reason: string, now: Date) {
  const hours = BLOCK_RETRY_DELAYS_HOURS[retries];
  return {
    blockRetryAt: hours === undefined ? null : new Date(now.getTime() + hours * HOUR_MS),
    ...blocked(
      hours === undefined
        ? BLOCK_REASONS.gaveUp(reason, retries)
        : BLOCK_REASONS.waiting(reason, hours),
      now,
    ),
  };
}

/** The order's "Blocked" problem as Recent orders shows it. */
function blocked(reason: string, now: Date) {
  return {
    deliveryProblem: 'blocked' as const,
    deliveryProblemReason: reason,
    deliveryProblemAt: now,
  };
}

/**
 * Sends the blocked emails whose retry is due, one at a time: each is taken (its retry cleared and
 * counted) in a statement of its own before it is sent, so no two workers send it, and a crash
 * after the taking sends it at most once. Returns how many were taken.
 */
export async function retryBlockedEmails(
  ctx: Pick<AppContext, 'db' | 'config' | 'mailer' | 'log'>,
  now: Date,
): Promise<number> {
  const designs = new DesignCache();
  let taken = 0;
  while (taken < MAX_RETRIES_PER_RUN) {
    const row = await takeDueRetry(ctx.db, now);
    if (!row) break;
    taken += 1;
    await resend(ctx, row, designs, now);
  }
  return taken;
}

async function takeDueRetry(db: Database, now: Date): Promise<OrderEmailRow | undefined> {
  const due = db
    .select({ id: orderEmails.id })
    .from(orderEmails)
    .where(and(lte(orderEmails.blockRetryAt, now), eq(orderEmails.status, 'sent')))
    .orderBy(orderEmails.blockRetryAt)
    .limit(1)
    .for('update', { skipLocked: true });
  const [row] = await db
    .update(orderEmails)
    .set({ blockRetryAt: null, blockRetries: sql`${orderEmails.blockRetries} + 1` })
    .where(inArray(orderEmails.id, due))
    .returning();
  return row;
}

async function resend(
  ctx: Pick<AppContext, 'db' | 'config' | 'mailer' | 'log'>,
  row: OrderEmailRow,
  designs: DesignCache,
  now: Date,
): Promise<void> {
  const { db } = ctx;
  const blockReason = await latestBlockReason(db, row.id);
  const update = (values: Partial<typeof orderEmails.$inferInsert>) =>
    db.update(orderEmails).set(values).where(eq(orderEmails.id, row.id));
  // Nothing was delivered on any of these ways out, so the email waits for its next try as if it
  // had been blocked again, or shows why it is not sent again.
  const tryLater = async (error: unknown, what: string) => {
    ctx.log.warn({ err: loggableError(error), orderEmailId: row.id }, what);
    await update(afterBlock(row.blockRetries, blockReason, now));
  };
  let message: MailMessage;
  try {
    const decision = await decideResend(db, row, designs);
    if (decision.kind === 'skip') {
      await update(notSentAgain(blockReason, decision.reason, now));
      return;
    }
    // Composed as the first time, with the same Message-ID: a mailbox that did get the first one
    // after all drops this one as the same message.
    message = composeOrderEmail(ctx.config, decision.delivery);
    // The latest send, for telling a block of this try from a late report of the last one.
    await update({ smtpStartedAt: now });
  } catch (error) {
    if (error instanceof UnsendableOrderError)
      await update(notSentAgain(blockReason, error.reason, now));
    else await tryLater(error, 'preparing a blocked email again failed');
    return;
  }
  try {
    await ctx.mailer.send(message);
  } catch (error) {
    // The relay may have delivered it this time: trying again could deliver it twice.
    if (error instanceof DeliveryUnconfirmedError)
      await update(notSentAgain(blockReason, SKIP_REASONS.unconfirmed, now));
    else await tryLater(error, 'sending a blocked email again failed');
    return;
  }
  ctx.log.info({ orderEmailId: row.id, retry: row.blockRetries }, 'blocked email sent again');
  // Sent again: the order reads as sent until a report says otherwise.
  await update({ deliveryProblem: null, deliveryProblemReason: null, deliveryProblemAt: null });
}

function notSentAgain(blockReason: string, why: string, now: Date) {
  return blocked(BLOCK_REASONS.notSentAgain(blockReason, why), now);
}

async function latestBlockReason(db: Database, orderEmailId: string): Promise<string> {
  const [event] = await db
    .select({ reason: mailEvents.reason })
    .from(mailEvents)
    .where(and(eq(mailEvents.orderEmailId, orderEmailId), eq(mailEvents.kind, 'blocked')))
    .orderBy(desc(mailEvents.createdAt))
    .limit(1);
  return event?.reason ?? '';
}
