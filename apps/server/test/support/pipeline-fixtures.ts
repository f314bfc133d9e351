import { randomUUID } from 'node:crypto';
import { createDefaultTemplate, renderEmail } from '@thankly/email';
import { type DatabaseHandle, openServerDatabase } from '../../src/infrastructure/db/database.ts';
import { shops, templateSelections, templates, users } from '../../src/infrastructure/db/schema.ts';
import type { MarketplaceOrder } from '../../src/orders/marketplace-order.ts';
import { recordOrder } from '../../src/orders/record-order.ts';
import { createPostgresDatabase } from './test-databases.ts';

/** A fresh, migrated database on the PostgreSQL server, for tests that run several processes. */
export async function createServerDatabase(): Promise<{
  url: string;
  handle: DatabaseHandle;
  drop(): Promise<void>;
}> {
  const server = await createPostgresDatabase('thankly_proc');
  const handle = await openServerDatabase(server.url, 4);
  return {
    url: server.url,
    handle,
    async drop() {
      await handle.close();
      await server.drop();
    },
  };
}

const { design } = createDefaultTemplate();
const html = renderEmail(design).html;

/** A seller with a selected template and a connected demo shop, straight in the database. */
export async function createSellerWithShop(
  handle: DatabaseHandle,
  plan: 'free' | 'growth' | 'business',
): Promise<{ userId: string; shopId: string }> {
  const { db } = handle;
  const [user] = await db
    .insert(users)
    .values({
      name: 'Load Seller',
      email: `seller-${randomUUID()}@example.com`,
      passwordHash: 'x',
      plan,
      emailVerifiedAt: new Date(),
    })
    .returning();
  const [template] = await db
    .insert(templates)
    .values({
      userId: user!.id,
      name: 'Thanks',
      subject: 'Thank you, [customer-first-name|friend]!',
      design,
      html,
    })
    .returning();
  await db.insert(templateSelections).values({ userId: user!.id, templateId: template!.id });
  const [shop] = await db
    .insert(shops)
    .values({
      userId: user!.id,
      marketplace: 'demo',
      externalId: `demo-${randomUUID()}`,
      name: 'Load Shop',
    })
    .returning();
  return { userId: user!.id, shopId: shop!.id };
}

/** Paid orders with one buyer address each, so every email can be traced to its order. */
export async function addPaidOrders(
  handle: DatabaseHandle,
  seller: { userId: string; shopId: string },
  count: number,
) {
  const now = new Date();
  const orders: string[] = [];
  for (let i = 0; i < count; i++) {
    const id = randomUUID();
    const order: MarketplaceOrder = {
      externalId: id,
      orderNumber: id.slice(0, 8),
      isPaid: true,
      buyerName: 'Pat Buyer',
      buyerFirstName: null,
      buyerLastName: null,
      buyerEmail: `buyer-${id}@example.com`,
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
      productTitles: ['Mug'],
      total: { amount: 1200, divisor: 100, currency: 'USD' },
      trackingUrl: null,
    };
    await recordOrder(handle.db, { id: seller.shopId, userId: seller.userId }, order, now);
    orders.push(`buyer-${id}@example.com`);
  }
  return orders;
}
