import { and, count, desc, eq, gte, sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import type { Database } from '../infrastructure/db/database.ts';
import { ABUSE_EVENT_KINDS, abuseEvents } from '../infrastructure/db/schema.ts';

export type AbuseEventKind = (typeof ABUSE_EVENT_KINDS)[number];

const DAY_MS = 24 * 60 * 60 * 1000;

/** Notes one thing an operator watches for; `detail` must never carry a buyer's address. */
export async function recordAbuseEvent(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  userId: string,
  kind: AbuseEventKind,
  detail: string | null = null,
): Promise<void> {
  await ctx.db.insert(abuseEvents).values({ userId, kind, detail, createdAt: ctx.clock.now() });
}

export type AbuseCounters = Record<AbuseEventKind, { lastDay: number; last30Days: number }>;

/** Each kind's count over the last day and the last 30 days, for one account. */
export async function abuseCountersOf(
  db: Database,
  userId: string,
  now: Date,
): Promise<AbuseCounters> {
  const dayAgo = new Date(now.getTime() - DAY_MS);
  const rows = await db
    .select({
      kind: abuseEvents.kind,
      lastDay: sql<number>`(count(*) filter (where ${abuseEvents.createdAt} >= ${dayAgo.toISOString()}))::int`,
      last30Days: sql<number>`count(*)::int`,
    })
    .from(abuseEvents)
    .where(
      and(
        eq(abuseEvents.userId, userId),
        gte(abuseEvents.createdAt, new Date(now.getTime() - 30 * DAY_MS)),
      ),
    )
    .groupBy(abuseEvents.kind);
  const counters = Object.fromEntries(
    ABUSE_EVENT_KINDS.map((kind) => [kind, { lastDay: 0, last30Days: 0 }]),
  ) as AbuseCounters;
  for (const row of rows)
    counters[row.kind] = { lastDay: Number(row.lastDay), last30Days: Number(row.last30Days) };
  return counters;
}

/** The accounts with the most events over the last week, most first: where an operator looks. */
export async function noisiestAccounts(
  db: Database,
  now: Date,
  limit: number,
): Promise<{ userId: string; events: number }[]> {
  const rows = await db
    .select({ userId: abuseEvents.userId, events: count() })
    .from(abuseEvents)
    .where(gte(abuseEvents.createdAt, new Date(now.getTime() - 7 * DAY_MS)))
    .groupBy(abuseEvents.userId)
    .orderBy(desc(count()))
    .limit(limit);
  return rows.map((row) => ({ userId: row.userId, events: Number(row.events) }));
}
