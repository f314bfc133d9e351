// The operator's view of blocks: receiving servers that refused our relay (policy, reputation,
// authentication) rather than a buyer's address. Every seller shares the relay, so one block is
// worth a look; many from one provider mean the relay or the DNS records need fixing.
import { and, count, desc, eq, gte } from 'drizzle-orm';
import type { Database } from '../infrastructure/db/database.ts';
import { mailEvents } from '../infrastructure/db/schema.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
export const DELIVERY_BLOCKS_WINDOW_DAYS = 7;
const LATEST = 50;

export interface DeliveryBlocks {
  windowDays: number;
  total: number;
  latest: Array<{
    at: string;
    accountId: string;
    shopId: string;
    orderEmailId: string | null;
    source: string;
    reason: string;
  }>;
}

export async function recentDeliveryBlocks(db: Database, now: Date): Promise<DeliveryBlocks> {
  const since = new Date(now.getTime() - DELIVERY_BLOCKS_WINDOW_DAYS * DAY_MS);
  const inWindow = and(eq(mailEvents.kind, 'blocked'), gte(mailEvents.createdAt, since));
  const [totals] = await db.select({ total: count() }).from(mailEvents).where(inWindow);
  const rows = await db
    .select()
    .from(mailEvents)
    .where(inWindow)
    .orderBy(desc(mailEvents.createdAt))
    .limit(LATEST);
  return {
    windowDays: DELIVERY_BLOCKS_WINDOW_DAYS,
    total: Number(totals?.total ?? 0),
    latest: rows.map((row) => ({
      at: row.createdAt.toISOString(),
      accountId: row.userId,
      shopId: row.shopId,
      orderEmailId: row.orderEmailId,
      source: row.source,
      reason: row.reason,
    })),
  };
}
