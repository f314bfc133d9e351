import { and, eq, gte, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { orderEmails } from '../db/schema.ts';
import { athensDayBounds } from '../time/athens.ts';

/**
 * Thank-yous a seller gave during the Athens day that holds `now`: emails sent, and cards marked
 * printed (they count against the daily limit like emails).
 */
export async function countSentToday(db: Database, userId: string, now: Date): Promise<number> {
  const { start, end } = athensDayBounds(now);
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(orderEmails)
    .where(
      and(
        eq(orderEmails.userId, userId),
        or(
          and(
            eq(orderEmails.status, 'sent'),
            gte(orderEmails.sentAt, start),
            lt(orderEmails.sentAt, end),
          ),
          and(gte(orderEmails.cardPrintedAt, start), lt(orderEmails.cardPrintedAt, end)),
        ),
      ),
    );
  return row?.count ?? 0;
}
