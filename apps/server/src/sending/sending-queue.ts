// The operator's view of the sending queue: how much is waiting and for how long. A queue that
// grows, or whose oldest email keeps getting older, means the workers or the relay cannot keep
// up (too few connections, a rate limit, a relay that is down).
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import type { Database } from '../infrastructure/db/database.ts';
import { orderEmails } from '../infrastructure/db/schema.ts';
import { defineJob } from '../infrastructure/jobs/job-queue.ts';

export interface SendingQueue {
  /** Emails due now that no worker has taken yet. */
  due: number;
  /** How long the oldest of those has been due, in whole seconds; null when none is. */
  oldestDueSeconds: number | null;
  /** Emails waiting for a later time: a retry after a failure, or a follow-up's moment. */
  scheduled: number;
  /** Emails a worker has taken and not yet settled. */
  inFlight: number;
  /** Blocked emails waiting for their next try (decision 025). */
  blockRetries: number;
}

const countWhere = (condition: SQL) => sql<number>`(count(*) filter (where ${condition}))::int`;

export async function sendingQueue(db: Database, now: Date): Promise<SendingQueue> {
  const at = now.toISOString();
  const isDue = sql`${orderEmails.status} = 'pending' and ${orderEmails.nextAttemptAt} <= ${at}::timestamptz`;
  const [row] = await db
    .select({
      due: countWhere(isDue),
      oldestDue:
        sql<Date | null>`min(${orderEmails.nextAttemptAt}) filter (where ${isDue})`.mapWith(
          orderEmails.nextAttemptAt,
        ),
      scheduled: countWhere(
        sql`${orderEmails.status} = 'pending' and ${orderEmails.nextAttemptAt} > ${at}::timestamptz`,
      ),
      inFlight: countWhere(sql`${orderEmails.status} = 'sending'`),
      blockRetries: countWhere(sql`${orderEmails.blockRetryAt} is not null`),
    })
    .from(orderEmails)
    // Both parts walk an index of their own: the dispatcher's and the block retries'.
    .where(
      sql`${orderEmails.status} in ('pending', 'sending') or ${orderEmails.blockRetryAt} is not null`,
    );
  const oldestDue = row?.oldestDue ?? null;
  return {
    due: row?.due ?? 0,
    oldestDueSeconds: oldestDue
      ? Math.max(0, Math.floor((now.getTime() - oldestDue.getTime()) / 1000))
      : null,
    scheduled: row?.scheduled ?? 0,
    inFlight: row?.inFlight ?? 0,
    blockRetries: row?.blockRetries ?? 0,
  };
}

/** Once a minute, the queue in the log while mail waits or is in flight: its history, for later. */
export const sendingQueueLogJob = defineJob({
  name: 'sending-queue-log',
  payload: z.object({}).passthrough(),
  retryLimit: 0,
  retryDelay: 60,
  pollingIntervalSeconds: 10,
});

export async function logSendingQueue(
  ctx: Pick<AppContext, 'db' | 'log'>,
  now: Date,
): Promise<SendingQueue> {
  const queue = await sendingQueue(ctx.db, now);
  if (queue.due > 0 || queue.inFlight > 0) ctx.log.info({ queue }, 'sending queue');
  return queue;
}
