import { randomUUID } from 'node:crypto';
import type { Database } from '../../src/infrastructure/db/database.ts';
import type { orderEmails } from '../../src/infrastructure/db/schema.ts';
import { shops } from '../../src/infrastructure/db/schema.ts';

/** A connected demo shop for a seller, straight in the database. */
export async function insertShop(
  db: Database,
  userId: string,
  overrides: Partial<typeof shops.$inferInsert> = {},
) {
  const [shop] = await db
    .insert(shops)
    .values({
      userId,
      marketplace: 'demo',
      externalId: `demo-${randomUUID()}`,
      name: 'Test Shop',
      ...overrides,
    })
    .returning();
  return shop!;
}

/** An order row in a given state, as the pipeline would have left it. */
export function orderEmailRow(
  shop: { id: string; userId: string },
  values: Partial<typeof orderEmails.$inferInsert> = {},
): typeof orderEmails.$inferInsert {
  const orderId = randomUUID();
  return {
    userId: shop.userId,
    shopId: shop.id,
    marketplaceOrderId: orderId,
    orderNumber: orderId.slice(0, 8),
    order: {},
    status: 'pending',
    ...values,
  };
}
