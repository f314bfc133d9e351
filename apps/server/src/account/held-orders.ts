// Orders a pause held back. They get no thank-you unless the seller asks, after resuming, for them
// to be thanked: then each is queued once more as a pending thank-you, which the sender treats as
// any other (daily limit, unsubscribes, template), and its unique row keeps it to one email.
import { and, desc, eq, gte, isNull, sql } from 'drizzle-orm';
import { PAUSE_MESSAGES, THANK_YOU_STEP, type LatestPause } from '@thankly/api-contract';
import type { Database } from '../infrastructure/db/database.ts';
import { orderEmails, sendingPauses, users } from '../infrastructure/db/schema.ts';
import { AppError, notFound } from '../infrastructure/http/errors.ts';
import { SKIP_REASONS } from '../orders/skip-reasons.ts';

/**
 * The thank-you rows a pause skipped and nobody has thanked since: seen after it began, skipped
 * because of a pause (paid during it, or seen while it lasted).
 */
function heldBy(userId: string, pausedAt: Date) {
  return and(
    eq(orderEmails.userId, userId),
    eq(orderEmails.stepKey, THANK_YOU_STEP),
    eq(orderEmails.status, 'skipped'),
    eq(orderEmails.reason, SKIP_REASONS.paused),
    isNull(orderEmails.thankedAfterPauseAt),
    gte(orderEmails.createdAt, pausedAt),
  );
}

export async function findLatestPause(db: Database, userId: string): Promise<LatestPause> {
  const [pause] = await db
    .select()
    .from(sendingPauses)
    .where(eq(sendingPauses.userId, userId))
    .orderBy(desc(sendingPauses.pausedAt))
    .limit(1);
  if (!pause) return { pause: null };
  const [held] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(orderEmails)
    .where(heldBy(userId, pause.pausedAt));
  return {
    pause: {
      id: pause.id,
      pausedAt: pause.pausedAt.toISOString(),
      resumedAt: pause.resumedAt?.toISOString() ?? null,
      heldOrders: held?.count ?? 0,
    },
  };
}

/** Queues the held thank-yous of the seller's pause `pauseId`; another seller's pause is a 404. */
export async function thankHeldOrders(
  db: Database,
  userId: string,
  pauseId: string,
  now: Date,
): Promise<number> {
  return db.transaction(async (tx) => {
    // Under the seller's row lock, as pausing is: a pause cannot start while these are queued.
    const [seller] = await tx
      .select({ isPaused: users.isPaused })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    const [pause] = await tx
      .select({ pausedAt: sendingPauses.pausedAt })
      .from(sendingPauses)
      .where(and(eq(sendingPauses.id, pauseId), eq(sendingPauses.userId, userId)));
    if (!seller || !pause) throw notFound(PAUSE_MESSAGES.notFound);
    if (seller.isPaused) throw new AppError('conflict', PAUSE_MESSAGES.stillPaused);
    // Only rows still skipped are taken: a second request (or a double click) finds none.
    const queued = await tx
      .update(orderEmails)
      .set({
        status: 'pending',
        reason: null,
        attempts: 0,
        nextAttemptAt: now,
        decidedAt: null,
        thankedAfterPauseAt: now,
      })
      .where(heldBy(userId, pause.pausedAt))
      .returning({ id: orderEmails.id });
    return queued.length;
  });
}
