// Returning buyers on Etsy: known by their Etsy account (buyer_user_id) even when Etsy withholds
// their address, each order counts the buyer's orders with the shop, and a returning buyer's
// thank-you (email, printed card or marketplace message) welcomes them back.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { orderEmails, shops, users } from '../../src/infrastructure/db/schema.ts';
import { recordOrder } from '../../src/orders/record-order.ts';
import { EtsySimulator } from '../support/etsy-simulator.ts';
import { settled, waitForActivity } from '../support/sending-helpers.ts';
import { type TestApp, type TestClient, startTestApp } from '../support/test-app.ts';

const WELCOME = 'So good to see you again!';
const BUYER = 5_550_001;

let sim: EtsySimulator;
let app: TestApp;
let client: TestClient;
let recorded = 0;

beforeAll(async () => {
  sim = await new EtsySimulator().start();
  app = await startTestApp(
    { dispatcher: { idleMs: 100 }, schedules: false },
    {
      env: {
        ...sim.appEnv(),
      },
    },
  );
  sim.redirectUris.add(`${app.url}/api/etsy/callback`);
  const seller = await app.seller({ name: 'Nia Seller' });
  client = seller.client;
  await app.ctx.db.update(users).set({ plan: 'business' }).where(eq(users.id, seller.user.id));
  const created = await client.post('/api/templates', {
    name: 'Welcome back',
    subject: 'Order [order-count] with us, [customer-first-name|friend]',
    design: {
      blocks: [
        { id: 'welcome', type: 'text', html: `<p>[welcome-back|${WELCOME}]</p>` },
        { id: 'count', type: 'text', html: '<p>This is your order number [order-count].</p>' },
      ],
    },
  });
  expect(created.status).toBe(201);
  await client.post(`/api/templates/selectors/select/${created.body.id}`);

  await sim.connectShop(client);
  expect((await client.get('/api/shops')).body.shops).toHaveLength(1);
  // The first poll after connecting reads the (empty) receipts; it is done before orders come.
  await app.idle();
});
afterAll(async () => {
  await app?.close();
  await sim?.stop();
});

/** A paid receipt arrives by Etsy's webhook; returns its order's row once it is handled. */
async function order(overrides: Parameters<EtsySimulator['addReceipt']>[0]) {
  const receipt = sim.addReceipt(overrides);
  const delivered = await sim.deliverOrderPaid(`${app.url}/api/etsy/webhook`, receipt.receipt_id);
  expect(delivered.status).toBe(200);
  recorded += 1;
  await waitForActivity(client, settled(recorded));
  const [row] = await app.ctx.db
    .select()
    .from(orderEmails)
    .where(eq(orderEmails.marketplaceOrderId, String(receipt.receipt_id)));
  return row!;
}

describe('a buyer whose address Etsy withholds', () => {
  test('is welcomed back on their second order’s card and message, counted by their Etsy account alone', async () => {
    // Another seller's shop saw this Etsy account twice first: those orders are not this shop's.
    const other = await app.seller();
    const [theirShop] = await app.ctx.db
      .insert(shops)
      .values({
        userId: other.user.id,
        marketplace: 'etsy',
        externalId: '99999999',
        name: 'Another Etsy shop',
        status: 'disconnected',
      })
      .returning();
    for (const id of ['7000000001', '7000000002']) {
      const now = new Date();
      await recordOrder(
        app.ctx.db,
        { id: theirShop!.id, userId: other.user.id },
        {
          externalId: id,
          orderNumber: id,
          isPaid: true,
          buyerName: 'Hidden Buyer',
          buyerFirstName: null,
          buyerLastName: null,
          buyerEmail: null,
          buyerId: String(BUYER),
          createdAt: now.toISOString(),
          updatedAt: now.toISOString(),
          productTitles: [],
          total: null,
          trackingUrl: null,
        },
        now,
      );
    }

    const first = await order({ buyer_email: null, buyer_user_id: BUYER, name: 'Hidden Buyer' });
    const second = await order({ buyer_email: null, buyer_user_id: BUYER, name: 'Hidden Buyer' });
    const stranger = await order({
      buyer_email: null,
      buyer_user_id: BUYER + 1,
      name: 'Other Buyer',
    });
    expect([first, second, stranger].map((r) => [r.byHand, r.buyerOrderCount])).toEqual([
      ['no-buyer-email', 1],
      ['no-buyer-email', 2],
      ['no-buyer-email', 1],
    ]);

    const cards = (await client.get('/api/cards')).body.cards as Array<{
      orderId: string;
      html: string;
    }>;
    const card = (id: string) => cards.find((c) => c.orderId === id)!.html;
    expect(card(second.id)).toContain(WELCOME);
    expect(card(second.id)).toContain('This is your order number 2.');
    expect(card(first.id)).not.toContain(WELCOME);
    expect(card(first.id)).toContain('This is your order number 1.');
    expect(card(stranger.id)).not.toContain(WELCOME);
    expect(card(stranger.id)).toContain('This is your order number 1.');

    const message = async (id: string) =>
      (await client.get(`/api/orders/${id}/message`)).body.text as string;
    const again = await message(second.id);
    expect(again).toContain(WELCOME);
    expect(again).toContain('This is your order number 2.');
    const once = await message(first.id);
    expect(once).not.toContain(WELCOME);
    expect(once).toContain('This is your order number 1.');

    // The other seller's shop counts its own orders only.
    const theirs = await app.ctx.db
      .select({ count: orderEmails.buyerOrderCount })
      .from(orderEmails)
      .where(eq(orderEmails.shopId, theirShop!.id));
    expect(theirs.map((r) => r.count).sort()).toEqual([1, 2]);
  });

  test('an Etsy account number that is not one (too large, a fraction, words) names no one and breaks nothing', async () => {
    const hostile = [1e30, 2 ** 53 + 2, 12.5, -7, 'not-a-number', 'x'.repeat(5_000)];
    const rows = [];
    for (const id of hostile)
      rows.push(
        await order({
          buyer_email: null,
          buyer_user_id: id as number,
          name: 'Odd Buyer',
        }),
      );
    for (const row of rows) {
      expect(row.byHand).toBe('no-buyer-email');
      expect((row.order as { buyerId: string | null }).buyerId).toBeNull();
      // Known by neither account nor address: each is a first order.
      expect(row.buyerOrderCount).toBe(1);
    }
    const text = (await client.get(`/api/orders/${rows[0]!.id}/message`)).body.text as string;
    expect(text).toContain('This is your order number 1.');
    expect(text).not.toContain(WELCOME);
  });
});

describe('a buyer whose address Etsy shares', () => {
  test('gets “welcome back” and their count in the second order’s email', async () => {
    const address = 'returning.buyer@example.com';
    const first = await order({
      buyer_email: address,
      buyer_user_id: BUYER + 2,
      name: 'Rae Buyer',
    });
    const firstMail = await app.mail.waitFor((m) => m.to.includes(address));
    expect(firstMail.subject).toBe('Order 1 with us, Rae');
    expect(firstMail.html).not.toContain(WELCOME);
    expect(firstMail.text).toContain('This is your order number 1.');

    const second = await order({
      buyer_email: address.toUpperCase(),
      buyer_user_id: BUYER + 2,
      name: 'Rae Buyer',
    });
    expect([first.buyerOrderCount, second.buyerOrderCount]).toEqual([1, 2]);
    const secondMail = await app.mail.waitFor(
      (m) => m.to.toLowerCase().includes(address) && m.subject.startsWith('Order 2'),
    );
    expect(secondMail.subject).toBe('Order 2 with us, Rae');
    expect(secondMail.html).toContain(WELCOME);
    expect(secondMail.html).toContain('This is your order number 2.');
    expect(secondMail.text).toContain(WELCOME);
  });

  test('without an Etsy account on the receipt, the address (in any case) tells the buyer', async () => {
    const address = 'by.address@example.com';
    const first = await order({ buyer_email: address, name: 'Lee Buyer' });
    const second = await order({ buyer_email: ` ${address.toUpperCase()} `, name: 'Lee Buyer' });
    expect([first.buyerOrderCount, second.buyerOrderCount]).toEqual([1, 2]);
  });
});
