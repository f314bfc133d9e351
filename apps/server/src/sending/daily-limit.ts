import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../infrastructure/db/database.ts';
import { orderEmails } from '../infrastructure/db/schema.ts';

/**
 * Thank-yous that count against a seller's daily limit on an Athens day: emails being sent or sent,
 * and cards the seller marked printed. Read it under the lock on the seller's row, so that two
 * writers cannot both take the last slot.
 */
export async function countedToday(db: Database, userId: string, day: string): Promise<number> {
  const [row] = await db
    .select({ taken: sql<number>`count(*)::int` })
    .from(orderEmails)
    .where(and(eq(orderEmails.userId, userId), eq(orderEmails.countedDay, day)));
  return row?.taken ?? 0;
}
