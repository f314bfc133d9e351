import { and, eq, gte, lt, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../infrastructure/db/database.ts';
import { orderEmails } from '../infrastructure/db/schema.ts';
import { athensDayBounds } from '../infrastructure/time/athens.ts';

export interface ThanksToday {
  /** Against the plan's daily limit: emails sent and cards marked printed. */
  sentToday: number;
  emailsToday: number;
  cardsToday: number;
  /** Thank-yous sent through the marketplace's messages: the seller's own sending, no limit. */
  messagesToday: number;
}

/** Thank-yous a seller gave during the Athens day that holds `now`, each way by its own name. */
export async function thanksToday(db: Database, userId: string, now: Date): Promise<ThanksToday> {
  const { start, end } = athensDayBounds(now);
  const within = (column: AnyPgColumn) => and(gte(column, start), lt(column, end));
  const emailed = and(eq(orderEmails.status, 'sent'), within(orderEmails.sentAt));
  const printed = within(orderEmails.cardPrintedAt);
  const messaged = within(orderEmails.messageSentAt);
  const [row] = await db
    .select({
      emails: sql<number>`count(*) FILTER (WHERE ${emailed})::int`,
      cards: sql<number>`count(*) FILTER (WHERE ${printed})::int`,
      messages: sql<number>`count(*) FILTER (WHERE ${messaged})::int`,
    })
    .from(orderEmails)
    .where(and(eq(orderEmails.userId, userId), or(emailed, printed, messaged)));
  const emailsToday = row?.emails ?? 0;
  const cardsToday = row?.cards ?? 0;
  return {
    sentToday: emailsToday + cardsToday,
    emailsToday,
    cardsToday,
    messagesToday: row?.messages ?? 0,
  };
}
