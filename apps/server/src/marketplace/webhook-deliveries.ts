import type { Marketplace } from '@thankly/api-contract';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../infrastructure/db/database.ts';
import { preparedPerDatabase } from '../infrastructure/db/prepared-per-database.ts';
import { shops, webhookDeliveries } from '../infrastructure/db/schema.ts';
import type { ShopRow } from './shops-service.ts';

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

const preparedShopOfDelivery = preparedPerDatabase((db) =>
  db
    .select({
      shop: shops,
      isDuplicate: sql<boolean>`EXISTS (SELECT 1 FROM ${webhookDeliveries} WHERE ${webhookDeliveries.shopId} = ${shops.id} AND ${webhookDeliveries.deliveryId} = ANY(${sql.placeholder('deliveryIds')}::text[]))`,
    })
    .from(shops)
    .where(
      and(
        eq(shops.marketplace, sql.placeholder('marketplace')),
        eq(shops.externalId, sql.placeholder('externalId')),
      ),
    )
    .prepare('thankly_shop_of_delivery'),
);

/**
 * The shop a webhook delivery names, and whether any of the delivery's ids was handled for it
 * before: one round trip, prepared, since every delivery starts with it.
 */
export async function findShopOfDelivery(
  db: Database,
  delivery: { marketplace: Marketplace; externalId: string; deliveryIds: string[] },
): Promise<{ shop: ShopRow; isDuplicate: boolean } | undefined> {
  const [found] = await preparedShopOfDelivery(db).execute(delivery);
  return found;
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
