import { type AnyColumn, type SQL, and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { webhookDeliveries } from '../db/schema.ts';

/** Shopify retries for 4 hours and WooCommerce not at all: a week of ids is plenty. */
export const DELIVERY_MEMORY_MS = 7 * 24 * 60 * 60 * 1000;

/** Whether any of a delivery's ids was handled for this shop before. */
export async function wasDelivered(db: Database, shopId: string, ids: string[]): Promise<boolean> {
  if (ids.length === 0) return false;
  const rows = await db
    .select({ id: webhookDeliveries.deliveryId })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.shopId, shopId), inArray(webhookDeliveries.deliveryId, ids)))
    .limit(1);
  return rows.length > 0;
}

/**
 * wasDelivered as a column of the query that finds the shop (`shopId` is its id column), so a
 * webhook learns both in one round trip.
 */
export function deliveredBefore(shopId: AnyColumn, ids: string[]): SQL<boolean> {
  if (ids.length === 0) return sql<boolean>`false`;
  return sql<boolean>`EXISTS (SELECT 1 FROM ${webhookDeliveries} WHERE ${webhookDeliveries.shopId} = ${shopId} AND ${inArray(webhookDeliveries.deliveryId, ids)})`;
}

/**
 * Remembers a delivery once it has been handled. Handling is idempotent on its own (an order is
 * recorded once per shop), so a crash between the two only costs a second, harmless pass.
 */
export async function rememberDelivery(
  db: Database,
  shopId: string,
  ids: string[],
  now: Date,
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .insert(webhookDeliveries)
    .values(ids.map((deliveryId) => ({ shopId, deliveryId, receivedAt: now })))
    .onConflictDoNothing();
}

export async function forgetOldDeliveries(db: Database, now: Date): Promise<void> {
  await db
    .delete(webhookDeliveries)
    .where(lt(webhookDeliveries.receivedAt, new Date(now.getTime() - DELIVERY_MEMORY_MS)));
}
