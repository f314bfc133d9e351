import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { orderEmails, shops, users } from '../../src/infrastructure/db/schema.ts';
import { applyPollInterval, pollDueShops, pollShop } from '../../src/marketplace/ingest.ts';
import { EtsySimulator } from '../support/etsy-simulator.ts';
import { selectDefaultTemplate } from '../support/sending-helpers.ts';
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
  // Enough daily sends for every order here: the limit is not what these tests are about.
  await app.ctx.db.update(users).set({ plan: 'business' }).where(eq(users.id, seller.user.id));
  await selectDefaultTemplate(seller.client);
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

/**
 * Receipts as marketplaces have really sent them, or as a stranger could make a store send them.
 * Each is a paid order from a distinct buyer; `emailed` says whether that buyer must get the
 * thank-you (a list of addresses never does: it is what relaying through us looks like).
 */
const hostileReceipts = (
  tag: string,
): Array<{
  what: string;
  receipt: Record<string, unknown>;
  emailed: boolean;
}> =>
  [
    { what: 'a name cut inside an emoji', receipt: { name: 'Zoe Smith \ud83d' }, emailed: true },
    {
      what: 'no name, no transactions, no total',
      receipt: { name: undefined, transactions: undefined, grandtotal: undefined },
      emailed: true,
    },
    { what: 'a 100,000-character name', receipt: { name: 'N'.repeat(100_000) }, emailed: true },
    { what: 'right-to-left text', receipt: { name: 'مريم \u202Eevil' }, emailed: true },
    { what: 'a NUL character', receipt: { name: 'Nul\u0000Buyer' }, emailed: true },
    { what: 'a non-character', receipt: { name: 'A\uFFFEB' }, emailed: true },
    {
      what: 'a total with a null amount',
      receipt: { grandtotal: { amount: null, divisor: 100, currency_code: 'EUR' } },
      emailed: true,
    },
    {
      what: 'a list of addresses',
      receipt: { buyer_email: `one-${tag}@example.com, two-${tag}@example.com` },
      emailed: false,
    },
  ].map((entry, i) => ({
    ...entry,
    receipt: { buyer_email: `hostile-${tag}-${i}@example.com`, ...entry.receipt },
  }));

async function expectHostileOrdersSettled(
  added: Array<{
    what: string;
    receipt: { receipt_id: number; buyer_email: string | null };
    emailed: boolean;
  }>,
) {
  await app.idle();
  const rows = await app.ctx.db.select().from(orderEmails).where(eq(orderEmails.shopId, shopId));
  for (const { what, receipt, emailed } of added) {
    const row = rows.find((r) => r.marketplaceOrderId === String(receipt.receipt_id));
    expect(row, what).toBeDefined();
    if (emailed) {
      expect([row!.status, row!.reason], what).toEqual(['sent', null]);
      expect(
        app.mail.messages.filter((m) => m.to === receipt.buyer_email),
        what,
      ).toHaveLength(1);
    } else {
      expect(row!.status, what).toBe('skipped');
      expect(row!.reason, what).toMatch(/address/i);
    }
  }
  expect((await app.client().get('/api/health')).status).toBe(200);
}

test('every hostile receipt an Etsy webhook announces is emailed or skipped with a reason, and the app stays up', async () => {
  const added = hostileReceipts('webhook').map((entry) => ({
    ...entry,
    receipt: sim.addReceipt(entry.receipt as never, Math.floor(Date.now() / 1000) - 3_600),
  }));
  for (const { receipt } of added) {
    const delivered = await sim.deliverOrderPaid(`${app.url}/api/etsy/webhook`, receipt.receipt_id);
    expect(delivered.status).toBe(200);
  }
  await expectHostileOrdersSettled(added);
});

test('every hostile receipt a poll finds is emailed or skipped with a reason, and the poll passes them all', async () => {
  const at = Math.floor(Date.now() / 1000) + 1_000;
  const added = hostileReceipts('poll').map((entry, i) => ({
    ...entry,
    receipt: sim.addReceipt(entry.receipt as never, at + i),
  }));
  await app.ctx.db
    .update(shops)
    .set({ nextPollAt: new Date(0) })
    .where(eq(shops.id, shopId));

  await pollDueShops(app.ctx);

  await expectHostileOrdersSettled(added);
  const [shop] = await app.ctx.db.select().from(shops).where(eq(shops.id, shopId));
  expect(shop!.pollCursor).toBe(at + added.length - 1);
});

test('a receipt whose read hangs holds back none of the orders announced after it', async () => {
  const slow = sim.addReceipt({ buyer_email: 'slow@example.com' });
  const quick = [1, 2, 3].map((n) => sim.addReceipt({ buyer_email: `quick-${n}@example.com` }));
  sim.hangReads(slow.receipt_id);
  try {
    await sim.deliverOrderPaid(`${app.url}/api/etsy/webhook`, slow.receipt_id);
    // The quick orders are announced once the slow read is under way (it is worked in the
    // background, so it may start after the webhook's answer).
    await vi.waitFor(() => expect(sim.hungReadsOpen).toBe(1), { timeout: 30_000, interval: 50 });
    for (const receipt of quick)
      await sim.deliverOrderPaid(`${app.url}/api/etsy/webhook`, receipt.receipt_id);

    await vi.waitFor(
      async () => {
        const rows = await app.ctx.db
          .select({ id: orderEmails.marketplaceOrderId })
          .from(orderEmails)
          .where(eq(orderEmails.shopId, shopId));
        const ids = new Set(rows.map((r) => r.id));
        expect(quick.every((r) => ids.has(String(r.receipt_id)))).toBe(true);
      },
      { timeout: 30_000, interval: 100 },
    );
    // The quick orders were recorded while the slow read was still waiting for its answer, not
    // after it was given up.
    expect(sim.hungReadsOpen).toBe(1);
  } finally {
    sim.releaseHungReads();
  }
  await app.idle();
  const [slowRow] = await app.ctx.db
    .select()
    .from(orderEmails)
    .where(eq(orderEmails.marketplaceOrderId, String(slow.receipt_id)));
  expect(slowRow?.status).toBe('sent');
});

test('a shorter poll interval applies at start: polls scheduled further out are brought forward', async () => {
  const inAnHour = new Date(Date.now() + 3_600_000);
  await app.ctx.db.update(shops).set({ nextPollAt: inAnHour }).where(eq(shops.id, shopId));

  await applyPollInterval(app.ctx);

  const [shop] = await app.ctx.db.select().from(shops).where(eq(shops.id, shopId));
  const interval = app.ctx.config.etsy.pollSeconds * 1000;
  expect(shop!.nextPollAt.getTime()).toBeLessThanOrEqual(Date.now() + interval);
  expect(shop!.nextPollAt.getTime()).toBeLessThan(inAnHour.getTime());
});
