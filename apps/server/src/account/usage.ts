import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { orderEmails } from '../db/schema.ts';
import { athensDayBounds } from '../time/athens.ts';

/** Thank-you emails actually sent for a seller during the Athens day that holds `now`. */
export async function countSentToday(db: Database, userId: string, now: Date): Promise<number> {
  const { start, end } = athensDayBounds(now);
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(orderEmails)
    .where(
      and(
        eq(orderEmails.userId, userId),
        eq(orderEmails.status, 'sent'),
        gte(orderEmails.sentAt, start),
        lt(orderEmails.sentAt, end),
      ),
    );
  return row?.count ?? 0;
}
