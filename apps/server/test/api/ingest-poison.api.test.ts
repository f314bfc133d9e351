import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { orderEmails, shops } from '../../src/db/schema.ts';
import { pollDueShops, pollShop } from '../../src/sending/ingest.ts';
import { EtsySimulator } from '../support/etsy-simulator.ts';
import { type TestApp, startTestApp } from '../support/test-app.ts';

let sim: EtsySimulator;
let app: TestApp;
let shopId: string;

beforeAll(async () => {
  sim = await new EtsySimulator().start();
  app = await startTestApp(
    { schedules: false },
    {
      env: {
        ETSY_KEYSTRING: sim.keystring,
        ETSY_SHARED_SECRET: sim.sharedSecret,
        ETSY_API_URL: sim.url,
        ETSY_AUTH_URL: `${sim.url}/oauth/connect`,
        ETSY_WEBHOOK_SECRET: sim.webhookSecret,
      },
    },
  );
  sim.redirectUris.add(`${app.url}/api/etsy/callback`);
  const seller = await app.seller();
  const { url } = (await seller.client.get('/api/etsy/connect')).body as { url: string };
  const consent = await fetch(url, { redirect: 'manual' });
  const callback = new URL(consent.headers.get('location')!);
  await seller.client.request('GET', callback.pathname + callback.search);
  shopId = (await seller.client.get('/api/shops')).body.shops[0].id;
});
afterAll(async () => {
  await app?.close();
  await sim?.stop();
});

test('a receipt the database cannot store does not keep the shop’s other orders from being recorded', async () => {
  const at = Math.floor(Date.now() / 1000) + 5;
  sim.addReceipt({ buyer_email: 'first@example.com', name: 'First Buyer' }, at);
  // A NUL character: PostgreSQL refuses it in text and in JSON alike.
  sim.addReceipt({ buyer_email: 'nul@example.com', name: 'Nul\u0000Buyer' }, at + 1);
  sim.addReceipt({ buyer_email: 'last@example.com', name: 'Last Buyer' }, at + 2);
  await app.ctx.db
    .update(shops)
    .set({ nextPollAt: new Date(0) })
    .where(eq(shops.id, shopId));

  await pollDueShops(app.ctx);

  const rows = await app.ctx.db.select().from(orderEmails).where(eq(orderEmails.shopId, shopId));
  expect(rows.map((r) => r.buyerEmail).sort()).toEqual([
    'first@example.com',
    'last@example.com',
    'nul@example.com',
  ]);
  expect(rows.find((r) => r.buyerEmail === 'nul@example.com')!.buyerName).toBe('NulBuyer');
  const [shop] = await app.ctx.db.select().from(shops).where(eq(shops.id, shopId));
  expect(shop!.pollCursor).toBe(at + 2);
});

test('an order that fails to be recorded is logged and tried again next poll; the orders around it are recorded now', async () => {
  const at = Math.floor(Date.now() / 1000) + 100;
  const order = (id: string, updated: number) => ({
    externalId: id,
    orderNumber: id,
    isPaid: true,
    buyerName: 'Buyer',
    buyerFirstName: null,
    buyerLastName: null,
    buyerEmail: `${id}@example.com`,
    createdAt: new Date(updated * 1000).toISOString(),
    updatedAt: new Date(updated * 1000).toISOString(),
    productTitles: [],
    total: null,
    trackingUrl: null,
  });
  // An adapter that hands over one order the database refuses (no order number).
  const broken = { ...order('broken', at + 1), orderNumber: null as unknown as string };
  const etsy = app.ctx.marketplaces.get('etsy')!;
  const adapter = {
    ...etsy,
    usesAccessTokens: false,
    listChangedOrders: async () => ({
      orders: [order('before', at), broken, order('after', at + 2)],
      nextCursor: at + 2,
    }),
  } as typeof etsy;
  const ctx = { ...app.ctx, marketplaces: { ...app.ctx.marketplaces, get: () => adapter } };
  const [shop] = await app.ctx.db.select().from(shops).where(eq(shops.id, shopId));

  await pollShop(ctx, shop!);

  const recorded = await app.ctx.db
    .select({ id: orderEmails.marketplaceOrderId })
    .from(orderEmails)
    .where(eq(orderEmails.shopId, shopId));
  expect(recorded.map((r) => r.id)).toEqual(expect.arrayContaining(['before', 'after']));
  expect(recorded.map((r) => r.id)).not.toContain('broken');
  const [after] = await app.ctx.db.select().from(shops).where(eq(shops.id, shopId));
  // The cursor waits at the order that failed, so the next poll reads it again.
  expect(after!.pollCursor).toBe(at + 1);
});
