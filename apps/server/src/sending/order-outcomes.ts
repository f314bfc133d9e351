import { and, eq, gte, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../infrastructure/db/database.ts';
import { orderEmails } from '../infrastructure/db/schema.ts';
import { type Decision, type OrderEmailRow, type OrderHold, stillClaimed } from './decide-order.ts';
import { SKIP_REASONS } from '../orders/skip-reasons.ts';
import { recordPurchaseMessageReach } from '../marketplace/etsy/purchase-message-reach.ts';

/**
 * Every write that records what became of an order's email. Each one only touches a row the
 * caller still holds, so a worker that lost its claim to another changes nothing.
 */

/** The order gets no email, for a reason the seller can read. */
export async function recordSkip(
  db: Database,
  row: OrderEmailRow,
  reason: string,
  now: Date,
): Promise<void> {
  await db
    .update(orderEmails)
    .set({ status: 'skipped', reason, decidedAt: now, countedDay: null })
    .where(stillClaimed(row));
}

/** The order gets no email: it waits for the seller to thank the buyer with a card or a message. */
export async function recordByHand(
  db: Database,
  row: OrderEmailRow,
  decision: Extract<Decision, { kind: 'by-hand' }>,
  now: Date,
): Promise<void> {
  const recorded = await db
    .update(orderEmails)
    .set({
      status: 'skipped',
      reason: decision.reason,
      byHand: decision.byHand,
      templateId: decision.template.id,
      templateName: decision.template.name,
      templateVersionId: decision.template.version?.id ?? null,
      templateVersion: decision.template.version?.number ?? null,
      decidedAt: now,
      countedDay: null,
    })
    .where(stillClaimed(row))
    .returning({ id: orderEmails.id });
  // Etsy's purchase message may have thanked this buyer already: the activity list says so.
  if (recorded.length > 0) await recordPurchaseMessageReach(db, row);
}

/**
 * Marks orders as about to be handed to the mail server, all in one write. Past this mark a crash
 * leaves the outcome unknown and the order is never sent again. Returns the orders marked: one
 * another worker has taken over meanwhile is not marked, and must not be sent from here.
 */
export async function markHandedToMailServer(
  db: Database,
  emails: Array<{ row: OrderEmailRow; hold: OrderHold | undefined }>,
  now: Date,
): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  // One row of values per order; an order without a deferred hold keeps what deciding wrote.
  const values = sql.join(
    emails.map(
      ({ row, hold }) =>
        sql`(${row.id}::uuid, ${row.claimedAt!.toISOString()}::timestamptz, ${hold?.countedDay ?? null}::date, ${hold?.templateId ?? null}::uuid, ${hold?.templateName ?? null}::text, ${hold?.templateVersionId ?? null}::uuid, ${hold?.templateVersion ?? null}::int)`,
    ),
    sql`, `,
  );
  const rows = await queryRows<{ id: string }>(
    db,
    sql`
    UPDATE ${orderEmails} AS o SET
      smtp_started_at = ${now.toISOString()}::timestamptz,
      counted_day = coalesce(v.counted_day, o.counted_day),
      template_id = coalesce(v.template_id, o.template_id),
      template_name = coalesce(v.template_name, o.template_name),
      template_version_id = CASE WHEN v.template_id IS NULL THEN o.template_version_id ELSE v.template_version_id END,
      template_version = CASE WHEN v.template_id IS NULL THEN o.template_version ELSE v.template_version END,
      reason = CASE WHEN v.template_id IS NULL THEN o.reason END
    FROM (VALUES ${values}) AS v(id, claimed_at, counted_day, template_id, template_name, template_version_id, template_version)
    WHERE o.id = v.id AND o.status = 'sending' AND o.claimed_at = v.claimed_at
    RETURNING o.id
  `,
  );
  return new Set(rows.map((r) => r.id));
}

/** The mail server accepted these orders' emails, each sent with its Message-ID. */
export async function recordSent(
  db: Database,
  sent: Array<{ id: string; messageId: string }>,
  now: Date,
): Promise<void> {
  if (sent.length === 0) return;
  const values = sql.join(
    sent.map(({ id, messageId }) => sql`(${id}::uuid, ${messageId}::text)`),
    sql`, `,
  );
  await db.execute(sql`
    UPDATE ${orderEmails} AS o SET
      status = 'sent', sent_at = ${now.toISOString()}::timestamptz,
      decided_at = ${now.toISOString()}::timestamptz, reason = NULL, message_id = v.message_id
    FROM (VALUES ${values}) AS v(id, message_id)
    WHERE o.id = v.id
  `);
}

export interface SendFailure {
  /** In words for the seller (a relay's reply, or why the stored data cannot be used). */
  message: string;
  /** No later attempt can succeed (the stored data itself is unusable): fail it now. */
  permanent: boolean;
}

/**
 * Nothing was delivered, so the order may safely be tried again later, with a growing wait, until
 * it has used its attempts. Each call counts one attempt; its slot in today's limit is given back.
 */
export async function recordFailure(
  db: Database,
  row: OrderEmailRow,
  failure: SendFailure,
  now: Date,
  maxAttempts: number,
): Promise<void> {
  const attempts = row.attempts + 1;
  const values =
    failure.permanent || attempts >= maxAttempts
      ? {
          status: 'failed' as const,
          attempts,
          reason: failure.permanent
            ? failure.message
            : SKIP_REASONS.failed(attempts, failure.message),
          decidedAt: now,
          countedDay: null,
        }
      : {
          status: 'pending' as const,
          attempts,
          reason: failure.message,
          countedDay: null,
          smtpStartedAt: null,
          claimedAt: null,
          nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts)),
        };
  await db.update(orderEmails).set(values).where(stillClaimed(row));
}

/**
 * The relay may have delivered it (it took the whole message, then the connection failed before
 * its reply): never tried again, so never delivered twice. Its slot in today's limit stays taken.
 */
export async function recordUnconfirmed(db: Database, row: OrderEmailRow, now: Date) {
  await db
    .update(orderEmails)
    .set({ status: 'failed', reason: SKIP_REASONS.unconfirmed, decidedAt: now })
    .where(stillClaimed(row));
}

/**
 * 30 s, 1 min, 2 min … capped at an hour, each give or take a fifth: orders a relay turned away
 * together do not all come back to it in the same second.
 */
function retryDelayMs(attempts: number, random = Math.random): number {
  return Math.min(3_600_000, 30_000 * 2 ** (attempts - 1)) * (0.8 + 0.4 * random());
}

/**
 * Orders a crashed worker left in flight: if it had not reached the mail server, the order goes
 * back to the queue with the attempt counted (an order that kills its worker every time must not
 * loop forever), or fails once its attempts are used; if it had, the outcome is unknown and the
 * order is recorded as interrupted, never sent twice.
 */
export async function recoverAbandoned(
  db: Database,
  now: Date,
  leaseMs: number,
  maxAttempts: number,
): Promise<void> {
  const stale = new Date(now.getTime() - leaseMs);
  const abandoned = and(eq(orderEmails.status, 'sending'), lt(orderEmails.claimedAt, stale));
  const notStarted = and(abandoned, isNull(orderEmails.smtpStartedAt));
  await db
    .update(orderEmails)
    .set({
      status: 'failed',
      attempts: sql`${orderEmails.attempts} + 1`,
      reason: SKIP_REASONS.failed(maxAttempts, SKIP_REASONS.stalled),
      decidedAt: now,
      countedDay: null,
    })
    .where(and(notStarted, gte(orderEmails.attempts, maxAttempts - 1)));
  await db
    .update(orderEmails)
    .set({
      status: 'pending',
      attempts: sql`${orderEmails.attempts} + 1`,
      claimedAt: null,
      countedDay: null,
    })
    .where(notStarted);
  await db
    .update(orderEmails)
    .set({ status: 'failed', reason: SKIP_REASONS.interrupted, decidedAt: now })
    .where(and(abandoned, isNotNull(orderEmails.smtpStartedAt)));
}
