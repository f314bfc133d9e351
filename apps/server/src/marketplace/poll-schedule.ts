import { and, count, eq, sql } from 'drizzle-orm';
import type { Database } from '../infrastructure/db/database.ts';
import { apiBudgets, shops } from '../infrastructure/db/schema.ts';

/**
 * Scheduled polls may spend this share of a marketplace's daily request budget. The rest is kept
 * for what cannot wait: connects, token refreshes, fetching the orders webhooks announce, retries.
 */
export const POLL_SHARE_OF_BUDGET = 0.6;

const DAY_SECONDS = 86_400;

export interface PollBudget {
  /** The daily request budget shared by every shop of the marketplace. */
  dailyRequestBudget: number;
  /** How often the operator asked for each shop to be polled. */
  pollSeconds: number;
}

/**
 * How often each of `shopCount` shops can be polled: the configured interval, stretched when
 * polling every shop that often would spend more than the polls' share of the daily budget (a
 * poll costs at least one request).
 */
export function fittedPollSeconds(budget: PollBudget, shopCount: number): number {
  const pollsPerShopPerDay = (budget.dailyRequestBudget * POLL_SHARE_OF_BUDGET) / shopCount;
  if (shopCount === 0 || pollsPerShopPerDay <= 0) return budget.pollSeconds;
  return Math.max(budget.pollSeconds, Math.ceil(DAY_SECONDS / pollsPerShopPerDay));
}

/** The connected shops of each marketplace that has any. */
export async function connectedShopCounts(db: Database): Promise<Map<string, number>> {
  const rows = await db
    .select({ marketplace: shops.marketplace, shops: count() })
    .from(shops)
    .where(eq(shops.status, 'connected'))
    .groupBy(shops.marketplace);
  return new Map(rows.map((row) => [row.marketplace, row.shops]));
}

/** Requests spent today (UTC, as the marketplace counts) from a marketplace's daily budget. */
export async function requestsUsedToday(
  db: Database,
  provider: string,
  now: Date,
): Promise<number> {
  const [row] = await db
    .select({ used: apiBudgets.used })
    .from(apiBudgets)
    .where(
      and(
        eq(apiBudgets.provider, provider),
        eq(apiBudgets.day, sql`${now.toISOString().slice(0, 10)}`),
      ),
    );
  return row?.used ?? 0;
}
