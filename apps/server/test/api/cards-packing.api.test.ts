// Cards at packing time: the batch of orders to ship today on the seller's calendar, the seller's
// print choices, the "packed" mark, and per order the channels that reached the buyer.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { decodeQrSvg } from '../../../../packages/email/src/card/testing/decode-qr.ts';
import { orderEmails, purchaseMessages, shops, users } from '../../src/infrastructure/db/schema.ts';
import { recordPurchaseMessageReach } from '../../src/marketplace/etsy/purchase-message-reach.ts';
import {
  connectDemoShop,
  selectDefaultTemplate,
  settled,
  waitForActivity,
} from '../support/sending-helpers.ts';
import { type TestApp, type TestClient, startTestApp } from '../support/test-app.ts';

interface Item {
  id: string;
  byHand: string | null;
  reachedBy: { channel: string; at: string }[];
  packedAt: string | null;
}

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ dispatcher: { idleMs: 100 } });
});
afterAll(() => app?.close());

async function sellerWithShop() {
  const seller = await app.seller({ name: 'Ada Lovelace' });
  await selectDefaultTemplate(seller.client);
  const shop = await connectDemoShop(app, seller.client);
  return { ...seller, shop };
}

async function ordersWithoutEmail(client: TestClient, shopId: string, count: number) {
  const before = ((await client.get('/api/activity')).body.items as Item[]).length;
  for (let i = 0; i < count; i++)
    expect(
      (await client.post(`/api/shops/${shopId}/demo-order`, { withoutBuyerEmail: true })).status,
    ).toBe(200);
  const items = (await waitForActivity(client, settled(before + count))) as unknown as Item[];
  return items.slice(0, count).reverse();
}

/**
 * Moves an order's stored payment and ship-by day, as if the marketplace had said so last: a copy
 * of the order still on its way (a delivery repeated, or the demo shop's next step, late on a busy
 * machine) is older, and the sender keeps the newer word instead of overwriting it.
 */
async function setOrder(id: string, fields: Record<string, unknown>) {
  const [row] = await app.ctx.db.select().from(orderEmails).where(eq(orderEmails.id, id));
  const updatedAt = new Date(Date.now() + 86_400_000).toISOString();
  await app.ctx.db
    .update(orderEmails)
    .set({ order: { ...(row!.order as object), ...fields, updatedAt } })
    .where(eq(orderEmails.id, id));
}

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

describe('the seller’s print choices', () => {
  test('start at A6, flat, without bleed and three days to ship, and are remembered', async () => {
    const { client } = await sellerWithShop();
    expect((await client.get('/api/cards/settings')).body).toEqual({
      layout: 'a6',
      fold: false,
      bleed: false,
      processingDays: 3,
    });
    const chosen = { layout: 'a7', fold: true, bleed: true, processingDays: 0 };
    const saved = await client.put('/api/cards/settings', chosen);
    expect(saved.status).toBe(200);
    expect((await client.get('/api/cards/settings')).body).toEqual(chosen);
  });

  test.each([
    [
      { layout: 'a5', fold: false, bleed: false, processingDays: 1 },
      'Choose one of the card sizes shown.',
    ],
    [
      { layout: 'a6', fold: 'yes', bleed: false, processingDays: 1 },
      'Say whether the card is folded.',
    ],
    [{ layout: 'a6', fold: false, bleed: false, processingDays: -1 }, 'from 0 to 60'],
    [{ layout: 'a6', fold: false, bleed: false, processingDays: 1e9 }, 'from 0 to 60'],
    [{ layout: 'a6', fold: false, bleed: false, processingDays: 1.5 }, 'whole number'],
    [{ layout: { $ne: 1 }, fold: false, bleed: false, processingDays: 1 }, 'card sizes'],
  ])('refuses %j in plain words', async (body, words) => {
    const { client } = await sellerWithShop();
    const refused = await client.put('/api/cards/settings', body);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toContain(words);
    expect((await client.get('/api/cards/settings')).body.layout).toBe('a6');
  });

  test('need a session', async () => {
    const anonymous = app.client();
    expect((await anonymous.get('/api/cards/settings')).status).toBe(401);
    expect((await anonymous.post('/api/cards/packed', { orderIds: [], packed: true })).status).toBe(
      401,
    );
  });
});

describe('the batch to ship today', () => {
  test('holds today’s and overdue parcels on the seller’s calendar, not the ones due later', async () => {
    const { client, shop, user } = await sellerWithShop();
    const [overdue, today, later, download, etsyToday] = await ordersWithoutEmail(
      client,
      shop.id,
      5,
    );
    // Paid four days ago, three processing days: overdue by one.
    await setOrder(overdue!.id, { paidAt: daysAgo(4) });
    await setOrder(today!.id, { paidAt: daysAgo(3) });
    await setOrder(later!.id, { paidAt: daysAgo(1) });
    await setOrder(download!.id, { paidAt: daysAgo(9), digitalOnly: true });
    // The marketplace's own ship-by day wins over the seller's processing days.
    await setOrder(etsyToday!.id, { shipBy: new Date().toISOString() });
    await app.ctx.db
      .update(users)
      .set({ timeZone: 'Pacific/Kiritimati' })
      .where(eq(users.id, user.id));

    const batch = await client.get('/api/cards?batch=ship-today');
    expect(batch.status).toBe(200);
    expect(batch.body.cards.map((c: { orderId: string }) => c.orderId)).toEqual([
      overdue!.id,
      today!.id,
      etsyToday!.id,
    ]);
    expect(batch.body.toShip).toBe(3);
    expect(batch.body.addressesWithheld).toBe(true);
    const todayThere = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Kiritimati' }).format(
      new Date(),
    );
    expect(batch.body.today).toBe(todayThere);
    const [first, , etsy] = batch.body.cards;
    expect(first).toMatchObject({ shipBySource: 'processing-days', packedAt: null });
    expect(etsy).toMatchObject({ shipBy: todayThere, shipBySource: 'marketplace' });
    // Each card greets its buyer by first name and carries a QR code to the shop.
    const { shops } = (await client.get('/api/shops')).body as { shops: { url: string }[] };
    for (const card of batch.body.cards) {
      expect(card.firstName).toBe(card.buyerName.split(' ')[0]);
      expect(card.shopUrl).toBe(shops[0]!.url);
      expect(await decodeQrSvg(card.shopQr)).toBe(shops[0]!.url);
    }

    // No processing time: yesterday's order is due too; every waiting one is still in "waiting".
    await client.put('/api/cards/settings', {
      layout: 'a6',
      fold: false,
      bleed: false,
      processingDays: 0,
    });
    const sooner = await client.get('/api/cards?batch=ship-today');
    expect(sooner.body.cards).toHaveLength(4);
    expect((await client.get('/api/cards?batch=waiting')).body.cards).toHaveLength(5);
  });

  test('orders recorded in the same millisecond keep one order in the activity, newest id first', async () => {
    const { client, shop } = await sellerWithShop();
    const orders = await ordersWithoutEmail(client, shop.id, 6);
    const sameInstant = new Date(Date.now() - 60_000);
    for (const { id } of orders)
      await app.ctx.db
        .update(orderEmails)
        .set({ createdAt: sameInstant })
        .where(eq(orderEmails.id, id));
    const newestFirst = orders
      .map(({ id }) => id)
      .sort()
      .reverse();
    for (let reload = 0; reload < 3; reload++) {
      const feed = (await client.get('/api/activity')).body.items as Item[];
      expect(feed.map(({ id }) => id)).toEqual(newestFirst);
    }
  });

  test('a hostile batch name is refused', async () => {
    const { client } = await sellerWithShop();
    const refused = await client.get('/api/cards?batch=%27%3B%20DROP%20TABLE%20order_emails');
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('Choose the orders to ship today, or all waiting.');
  });
});

describe('the packed mark', () => {
  test('packing marks the card printed, shows on the order, leaves the batch, and can be taken back', async () => {
    const { client, shop } = await sellerWithShop();
    await client.put('/api/cards/settings', {
      layout: 'a6',
      fold: false,
      bleed: false,
      processingDays: 0,
    });
    const [a, b] = await ordersWithoutEmail(client, shop.id, 2);
    const packed = await client.post('/api/cards/packed', { orderIds: [a!.id], packed: true });
    expect(packed.status).toBe(200);
    expect(packed.body.orderIds).toEqual([a!.id]);
    const items = (await client.get('/api/activity')).body.items as Item[];
    const itemA = items.find((i) => i.id === a!.id)!;
    expect(itemA.packedAt).toBe(packed.body.packedAt);
    expect(itemA.reachedBy.map((r) => r.channel)).toEqual(['card']);
    expect(items.find((i) => i.id === b!.id)!.reachedBy).toEqual([]);
    const batch = await client.get('/api/cards?batch=ship-today');
    expect(batch.body.cards.map((c: { orderId: string }) => c.orderId)).toEqual([b!.id]);

    // Packing again keeps the first time.
    const again = await client.post('/api/cards/packed', { orderIds: [a!.id], packed: true });
    expect(again.status).toBe(200);
    const still = ((await client.get('/api/activity')).body.items as Item[]).find(
      (i) => i.id === a!.id,
    )!;
    expect(still.packedAt).toBe(packed.body.packedAt);

    const unpacked = await client.post('/api/cards/packed', { orderIds: [a!.id], packed: false });
    expect(unpacked.body).toEqual({ orderIds: [a!.id], packedAt: null });
    const after = ((await client.get('/api/activity')).body.items as Item[]).find(
      (i) => i.id === a!.id,
    )!;
    // The card was printed all the same.
    expect(after).toMatchObject({ packedAt: null, reachedBy: [{ channel: 'card' }] });
  });

  test('another seller’s order is a 404, and nothing of theirs changes', async () => {
    const owner = await sellerWithShop();
    const [order] = await ordersWithoutEmail(owner.client, owner.shop.id, 1);
    const other = await sellerWithShop();
    const [own] = await ordersWithoutEmail(other.client, other.shop.id, 1);
    for (const packed of [true, false]) {
      const refused = await other.client.post('/api/cards/packed', {
        orderIds: [own!.id, order!.id],
        packed,
      });
      expect(refused.status).toBe(404);
      expect(refused.body.error).toBe('Order not found.');
    }
    const theirs = ((await owner.client.get('/api/activity')).body.items as Item[])[0]!;
    expect(theirs).toMatchObject({ packedAt: null, reachedBy: [] });
    const mine = ((await other.client.get('/api/activity')).body.items as Item[])[0]!;
    expect(mine).toMatchObject({ packedAt: null, reachedBy: [] });
    // Their settings are theirs alone.
    await owner.client.put('/api/cards/settings', {
      layout: 'a7',
      fold: true,
      bleed: true,
      processingDays: 9,
    });
    expect((await other.client.get('/api/cards/settings')).body.layout).toBe('a6');
  });

  test.each([
    [{ orderIds: ['not-a-uuid'], packed: true }, 'That is not an order of yours.'],
    [{ orderIds: [], packed: true }, 'Choose at least one order.'],
    [
      { orderIds: ['00000000-0000-4000-8000-000000000000'], packed: 'true' },
      'Say whether the orders are packed.',
    ],
    [{ orderIds: '1 OR 1=1', packed: true }, 'Choose the orders to mark.'],
    [
      { orderIds: Array.from({ length: 51 }, () => crypto.randomUUID()), packed: true },
      'Choose at most 50',
    ],
  ])('hostile input %# is refused in plain words', async (body, words) => {
    const { client } = await sellerWithShop();
    const refused = await client.post('/api/cards/packed', body);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toContain(words);
  });

  test('an order emailed to its buyer is not the seller’s to pack: 404', async () => {
    const { client, shop } = await sellerWithShop();
    expect((await client.post(`/api/shops/${shop.id}/demo-order`, {})).status).toBe(200);
    const [emailed] = (await waitForActivity(client, settled(1))) as unknown as Item[];
    const refused = await client.post('/api/cards/packed', {
      orderIds: [emailed!.id],
      packed: true,
    });
    expect(refused.status).toBe(404);
  });
});

describe('which channel reached the buyer', () => {
  /** The order as the pipeline recorded it, with the shop now an Etsy shop saving this message. */
  async function etsyOrderWithMessage(pushedAgo: number, paidAgo: number, message: string) {
    const { client, shop } = await sellerWithShop();
    const [order] = await ordersWithoutEmail(client, shop.id, 1);
    await setOrder(order!.id, { paidAt: new Date(Date.now() - paidAgo).toISOString() });
    await app.ctx.db.update(shops).set({ marketplace: 'etsy' }).where(eq(shops.id, shop.id));
    await app.ctx.db.insert(purchaseMessages).values({
      shopId: shop.id,
      message,
      pushedMessage: message,
      pushedDigitalMessage: '',
      lastPushedAt: new Date(Date.now() - pushedAgo),
    });
    const [row] = await app.ctx.db.select().from(orderEmails).where(eq(orderEmails.id, order!.id));
    await recordPurchaseMessageReach(app.ctx.db, row!);
    const items = (await client.get('/api/activity')).body.items as Item[];
    return { client, item: items.find((i) => i.id === order!.id)! };
  }

  test('Etsy’s purchase message, live on Etsy before the buyer paid, is recorded as reaching them', async () => {
    const { item, client } = await etsyOrderWithMessage(3_600_000, 60_000, 'Thank you from Olive!');
    expect(item.reachedBy.map((r) => r.channel)).toEqual(['purchase-message']);
    // Packed with a card as well: both channels, earliest first.
    await client.post('/api/cards/packed', { orderIds: [item.id], packed: true });
    const both = ((await client.get('/api/activity')).body.items as Item[]).find(
      (i) => i.id === item.id,
    )!;
    expect(both.reachedBy.map((r) => r.channel)).toEqual(['purchase-message', 'card']);
  });

  test('a message saved after the payment, or an empty one, is never claimed', async () => {
    const later = await etsyOrderWithMessage(60_000, 3_600_000, 'Thank you from Olive!');
    expect(later.item.reachedBy).toEqual([]);
    const empty = await etsyOrderWithMessage(3_600_000, 60_000, '   ');
    expect(empty.item.reachedBy).toEqual([]);
  });

  test('an emailed order says email; a waiting one says not yet', async () => {
    const { client, shop } = await sellerWithShop();
    expect((await client.post(`/api/shops/${shop.id}/demo-order`, {})).status).toBe(200);
    await ordersWithoutEmail(client, shop.id, 1);
    const items = (await waitForActivity(client, settled(2))) as unknown as Item[];
    // The feed lists orders by when each was decided, which either may be first: find them by kind.
    const emailed = items.find((i) => i.byHand === null);
    const waiting = items.find((i) => i.byHand !== null);
    expect(emailed!.reachedBy.map((r) => r.channel)).toEqual(['email']);
    expect(waiting!.reachedBy).toEqual([]);
  });
});
