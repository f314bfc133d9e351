// A buyer's unsubscribe from one shop's thank-you emails, read and written for the unsubscribe page.
import { and, eq } from 'drizzle-orm';
import type { Database } from '../infrastructure/db/database.ts';
import { shops, unsubscribes } from '../infrastructure/db/schema.ts';

/** The shop an unsubscribe link names, whoever owns it; undefined when there is none. */
export async function findShopById(db: Database, shopId: string) {
  const [shop] = await db.select().from(shops).where(eq(shops.id, shopId));
  return shop;
}

/** Once is enough: a second click changes nothing. */
export async function unsubscribe(db: Database, shopId: string, email: string): Promise<void> {
  await db.insert(unsubscribes).values({ shopId, email }).onConflictDoNothing();
}

/** The buyer took their unsubscribe back: the shop's emails reach them again. */
export async function resubscribe(db: Database, shopId: string, email: string): Promise<void> {
  await db
    .delete(unsubscribes)
    .where(and(eq(unsubscribes.shopId, shopId), eq(unsubscribes.email, email)));
}
