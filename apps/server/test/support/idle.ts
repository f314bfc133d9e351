import { sql } from 'drizzle-orm';
import type { Database } from '../../src/infrastructure/db/database.ts';

/**
 * Work that may still be under way, grouped by what it is: background jobs due or running (pg-boss's
 * own table, less its internal cron bookkeeping, which runs on its own clock) and orders waiting
 * for the sender. Mail is sent inside those jobs and the sender's loop, and the test mail sink
 * acknowledges a message only once it has read it, so none left means no mail in flight.
 */
async function workUnderWay(db: Database): Promise<unknown[]> {
  const result = (await db.execute(sql`
    SELECT 'job' AS kind, name, state::text AS state, count(*)::int AS n FROM pgboss.job
      WHERE state IN ('created', 'retry', 'active') AND start_after <= now()
        AND name NOT LIKE '\_\_pgboss\_\_%'
      GROUP BY name, state
    UNION ALL
    SELECT 'order', status, reason, count(*)::int FROM order_emails
      WHERE status IN ('pending', 'sending') AND next_attempt_at <= now()
      GROUP BY status, reason
  `)) as unknown as { rows: unknown[] };
  return result.rows;
}

/**
 * Resolves once nothing the test set off is still running: seen idle twice in a row, so a job that
 * queues another is waited for too. The way to assert that something did NOT happen (no second
 * email, no row), without guessing how long it might take.
 */
export async function untilIdle(db: Database, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let idleChecks = 0;
  let busy: unknown[] = [];
  while (idleChecks < 2) {
    if (Date.now() > deadline)
      throw new Error(
        `background work still running after ${timeoutMs} ms: ${JSON.stringify(busy)}`,
      );
    busy = await workUnderWay(db);
    idleChecks = busy.length === 0 ? idleChecks + 1 : 0;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
