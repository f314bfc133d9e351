import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { demoOrders, orderEmails, shops } from '../../src/infrastructure/db/schema.ts';
import { DEMO_EVENT_MESSAGES } from '../../src/marketplace/demo/demo-events.ts';
import { recordOrder } from '../../src/orders/record-order.ts';
import { connectDemoShop } from '../support/sending-helpers.ts';
import { type TestApp, type TestClient, startTestApp } from '../support/test-app.ts';

let app: TestApp;
let owner: { client: TestClient; user: { id: string } };
let shopExternalId: string;
let ownerShopId: string;

beforeAll(async () => {
  app = await startTestApp({ dispatcher: { idleMs: 100 } });
  owner = await app.seller();
  const shop = await connectDemoShop(app, owner.client);
  const [row] = await app.ctx.db.select().from(shops).where(eq(shops.id, shop.id));
  shopExternalId = row!.externalId;
  ownerShopId = shop.id;
});
afterAll(() => app?.close());

/** A demo order of the owner, through the dashboard's button and the pipeline: its order_emails row. */
async function demoOrder() {
  const created = await owner.client.post(`/api/shops/${ownerShopId}/demo-order`, {
    withoutBuyerEmail: true,
  });
  expect(created.status).toBe(200);
  await app.idle();
  const [row] = await app.ctx.db
    .select()
    .from(orderEmails)
    .where(
      and(
        eq(orderEmails.shopId, ownerShopId),
        eq(orderEmails.marketplaceOrderId, created.body.orderId),
      ),
    );
  expect(row).toBeDefined();
  return row!;
}

/** The order as the demo marketplace now reports it, read through its adapter. */
const readBack = async (marketplaceOrderId: string) =>
  (await app.ctx.marketplaces
    .get('demo')!
    .fetchOrder({ externalId: shopExternalId, accessToken: null }, marketplaceOrderId))!;

const demoRow = async (marketplaceOrderId: string) =>
  (
    await app.ctx.db
      .select()
      .from(demoOrders)
      .where(eq(demoOrders.id, Number(marketplaceOrderId)))
  )[0]!;

const event = (client: TestClient, id: string, body: unknown) =>
  client.post(`/api/orders/${id}/demo-event`, body);

describe('POST /api/orders/:id/demo-event', () => {
  test('shipped gives the demo order a demo tracking number and link, and moves it forward', async () => {
    const row = await demoOrder();
    const before = await demoRow(row.marketplaceOrderId);
    expect(await readBack(row.marketplaceOrderId)).toMatchObject({
      shippedAt: null,
      trackingNumber: null,
      trackingUrl: null,
    });
    const shipped = await event(owner.client, row.id, { event: 'shipped' });
    expect(shipped.status).toBe(200);
    expect(shipped.body).toEqual({ ok: true });
    const order = await readBack(row.marketplaceOrderId);
    expect(order.trackingNumber).toMatch(/^DEMO\d{10}$/);
    expect(order.trackingUrl).toBe(
      `https://track.demo-carrier.example/parcels/${order.trackingNumber}`,
    );
    expect(order).toMatchObject({ isPaid: true, deliveredAt: null, cancelledAt: null });
    expect(order.shippedAt).toBe(order.updatedAt);
    const after = await demoRow(row.marketplaceOrderId);
    expect(after.updatedAt.getTime()).toBeGreaterThan(before.updatedAt.getTime());
    expect(new Date(order.shippedAt!).getTime()).toBe(after.updatedAt.getTime());
    // Announced like a new demo order: the job reads it back and the pipeline settles.
    await app.idle();

    // Then delivered: the same parcel arrives; shipping again or delivering twice is refused.
    expect((await event(owner.client, row.id, { event: 'delivered' })).status).toBe(200);
    const delivered = await readBack(row.marketplaceOrderId);
    expect(delivered).toMatchObject({
      shippedAt: order.shippedAt,
      trackingNumber: order.trackingNumber,
    });
    expect(delivered.deliveredAt! > order.shippedAt!).toBe(true);
    const again = await event(owner.client, row.id, { event: 'shipped' });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: DEMO_EVENT_MESSAGES.alreadyShipped });
    const twice = await event(owner.client, row.id, { event: 'delivered' });
    expect(twice.status).toBe(409);
    expect(twice.body).toEqual({ error: DEMO_EVENT_MESSAGES.alreadyDelivered });
  });

  test('delivered before shipped ships it at the same moment', async () => {
    const row = await demoOrder();
    expect((await event(owner.client, row.id, { event: 'delivered' })).status).toBe(200);
    const order = await readBack(row.marketplaceOrderId);
    expect(order.deliveredAt).not.toBeNull();
    expect(order.shippedAt).toBe(order.deliveredAt);
    expect(order.trackingNumber).toMatch(/^DEMO\d{10}$/);
  });

  test('refunded cancels it; a refunded order neither ships nor is refunded twice', async () => {
    const row = await demoOrder();
    expect((await event(owner.client, row.id, { event: 'refunded' })).status).toBe(200);
    const order = await readBack(row.marketplaceOrderId);
    expect(order).toMatchObject({ isPaid: true, shippedAt: null });
    expect(order.cancelledAt).toBe(order.updatedAt);
    for (const [next, message] of [
      ['shipped', DEMO_EVENT_MESSAGES.refunded],
      ['delivered', DEMO_EVENT_MESSAGES.refunded],
      ['refunded', DEMO_EVENT_MESSAGES.alreadyRefunded],
    ] as const) {
      const refused = await event(owner.client, row.id, { event: next });
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({ error: message });
    }
    expect(await readBack(row.marketplaceOrderId)).toEqual(order);
  });

  test('another seller’s order, a stranger and no session: 404 or 401, and nothing moves', async () => {
    const row = await demoOrder();
    const other = await app.seller();
    await connectDemoShop(app, other.client);
    const foreign = await event(other.client, row.id, { event: 'shipped' });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ error: 'Order not found.' });
    expect((await event(app.client(), row.id, { event: 'shipped' })).status).toBe(401);
    expect(await readBack(row.marketplaceOrderId)).toMatchObject({ shippedAt: null });
  });

  test('refuses an unknown event and malformed bodies with 400, malformed or unknown ids with 404', async () => {
    const row = await demoOrder();
    for (const body of [
      { event: 'lost' },
      { event: 'SHIPPED' },
      { event: '' },
      { event: ['shipped'] },
      { event: null },
      {},
    ]) {
      const refused = await event(owner.client, row.id, body);
      expect(refused.status).toBe(400);
      expect(typeof refused.body.error).toBe('string');
    }
    for (const id of [
      'not-a-uuid',
      '..%2F..%2Fshops',
      '1',
      'a'.repeat(300),
      '00000000-0000-4000-8000-000000000000',
    ]) {
      const missing = await event(owner.client, id, { event: 'shipped' });
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ error: 'Order not found.' });
    }
    expect(await readBack(row.marketplaceOrderId)).toMatchObject({ shippedAt: null });
  });

  test('an order of a shop that is not a connected demo shop is not found', async () => {
    // A WooCommerce shop of the same seller, with an order of its own.
    const [woo] = await app.ctx.db
      .insert(shops)
      .values({
        userId: owner.user.id,
        marketplace: 'woocommerce',
        externalId: 'https://woo.example',
        name: 'woo.example',
        url: 'https://woo.example',
        status: 'connected',
      })
      .returning();
    const now = new Date();
    await recordOrder(
      app.ctx.db,
      woo!,
      {
        externalId: '4242',
        orderNumber: '4242',
        isPaid: true,
        buyerName: 'Iris Moreau',
        buyerFirstName: null,
        buyerLastName: null,
        buyerEmail: null,
        createdAt: now.toISOString(),
        updatedAt: now.toISOString(),
        productTitles: ['Candle'],
        total: null,
        trackingUrl: null,
      },
      now,
    );
    const [wooRow] = await app.ctx.db
      .select()
      .from(orderEmails)
      .where(eq(orderEmails.shopId, woo!.id));
    const refused = await event(owner.client, wooRow!.id, { event: 'shipped' });
    expect(refused.status).toBe(404);
    expect(refused.body).toEqual({ error: 'Order not found.' });

    // The demo shop disconnected: its orders no longer move.
    const row = await demoOrder();
    await app.ctx.db.update(shops).set({ status: 'disconnected' }).where(eq(shops.id, ownerShopId));
    try {
      expect((await event(owner.client, row.id, { event: 'shipped' })).status).toBe(404);
    } finally {
      await app.ctx.db.update(shops).set({ status: 'connected' }).where(eq(shops.id, ownerShopId));
    }
  });
});

describe('POST /api/shops/:id/demo-order', () => {
  test('every other order of each demo shop carries its coupon, however other shops’ orders interleave', async () => {
    const other = await app.seller();
    const otherShop = await connectDemoShop(app, other.client);
    await owner.client.put('/api/sending/settings', { couponCode: 'OWNER10' });
    await other.client.put('/api/sending/settings', { couponCode: 'OTHER10' });
    const order = async (client: TestClient, shopId: string) => {
      const created = await client.post(`/api/shops/${shopId}/demo-order`, {
        withoutBuyerEmail: true,
      });
      expect(created.status).toBe(200);
      return created.body.orderId as string;
    };
    const coupons = async (marketplaceOrderId: string) =>
      ((await demoRow(marketplaceOrderId)).receipt as { couponCodes: string[] }).couponCodes;
    // The owner's shop has orders from the tests above; its count goes on from them.
    const ownerHad = (
      await app.ctx.db
        .select()
        .from(demoOrders)
        .where(eq(demoOrders.shopExternalId, shopExternalId))
    ).length;

    // The two shops order in turn, so the table's ids alternate between them.
    const ids: [string, string][] = [];
    for (let i = 0; i < 3; i++)
      ids.push([await order(owner.client, ownerShopId), await order(other.client, otherShop.id)]);
    await app.idle();

    const everyOther = (position: number, code: string) => (position % 2 === 0 ? [code] : []);
    expect(await Promise.all(ids.map(([, id]) => coupons(id)))).toEqual(
      [1, 2, 3].map((n) => everyOther(n, 'OTHER10')),
    );
    expect(await Promise.all(ids.map(([id]) => coupons(id)))).toEqual(
      [1, 2, 3].map((n) => everyOther(ownerHad + n, 'OWNER10')),
    );
  });
});
