// Orders that get no email (the buyer's address withheld, or a shop set to print) are thanked by
// hand: a printed card or a marketplace message, each recorded once, like an email.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MAX_CARDS_PER_BATCH } from '@thankly/api-contract';
import { orderEmails, users } from '../../src/infrastructure/db/schema.ts';
import {
  connectDemoShop,
  selectDefaultTemplate,
  settled,
  waitForActivity,
} from '../support/sending-helpers.ts';
import { type TestApp, type TestClient, startTestApp } from '../support/test-app.ts';

interface Item {
  id: string;
  orderNumber: string;
  state: string;
  reason: string | null;
  byHand: string | null;
  thankedBy: string | null;
  thankedAt: string | null;
}

interface Card {
  orderId: string;
  orderNumber: string;
  buyerName: string | null;
  html: string;
  cardPrintedAt: string | null;
}

/** A thank-you email to this address (the seller's own account mail goes there too). */
const isThankYouTo = (email: string) => (m: { to: string; rawHeaders: Map<string, string> }) =>
  m.to.includes(email) && m.rawHeaders.has('list-unsubscribe');

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ dispatcher: { idleMs: 100 } });
});
afterAll(() => app?.close());

/** A seller with the default template, a coupon and a demo shop. */
async function sellerWithShop(overrides: { name?: string } = {}) {
  const seller = await app.seller({ name: 'Ada Lovelace', ...overrides });
  await selectDefaultTemplate(seller.client);
  await seller.client.put('/api/sending/settings', { couponCode: 'THANKS20' });
  const shop = await connectDemoShop(app, seller.client);
  return { ...seller, shop };
}

/** Simulates paid orders one after another (so "oldest first" is well defined) and waits for them. */
async function orders(
  client: TestClient,
  shopId: string,
  count: number,
  { withoutBuyerEmail }: { withoutBuyerEmail: boolean },
): Promise<Item[]> {
  const before = ((await client.get('/api/activity')).body.items as Item[]).length;
  for (let i = 0; i < count; i++) {
    const simulated = await client.post(`/api/shops/${shopId}/demo-order`, { withoutBuyerEmail });
    expect(simulated.status).toBe(200);
  }
  return (await waitForActivity(client, settled(before + count))) as unknown as Item[];
}

const waitingIds = (items: Item[]) =>
  items
    .filter((i) => i.byHand && !i.thankedBy)
    .map((i) => i.id)
    .reverse();

describe('which orders are thanked by hand', () => {
  test('an order without the buyer’s email waits for a card or a message, and no email goes out', async () => {
    const { client, shop, email } = await sellerWithShop();
    const [item] = await orders(client, shop.id, 1, { withoutBuyerEmail: true });
    expect(item).toMatchObject({
      state: 'skipped',
      byHand: 'no-buyer-email',
      thankedBy: null,
      thankedAt: null,
      reason:
        'The marketplace did not share this buyer’s email address, so no email could be sent. Thank them with a printed card or a marketplace message instead.',
    });
    expect((await client.get('/api/by-hand/summary')).body).toEqual({ waiting: 1 });
    // Thank-you emails only: the seller's own account mail ("…Thankly") goes to the same address.
    expect(app.mail.messages.some((m) => isThankYouTo(email)(m))).toBe(false);
  });

  test('a shop set to print never emails its buyers; set back to email, the next order is emailed', async () => {
    const { client, shop, email } = await sellerWithShop();
    const set = await client.put(`/api/shops/${shop.id}/preferences`, { thankBy: 'print' });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ id: shop.id, thankBy: 'print' });
    expect((await client.get('/api/shops')).body.shops[0].thankBy).toBe('print');

    const [printed] = await orders(client, shop.id, 1, { withoutBuyerEmail: false });
    expect(printed).toMatchObject({ state: 'skipped', byHand: 'print-preferred' });
    expect(printed!.reason).toBe(
      'This shop is set to thank buyers with a printed card or a marketplace message, so no email was sent.',
    );

    await client.put(`/api/shops/${shop.id}/preferences`, { thankBy: 'email' });
    const [emailed] = await orders(client, shop.id, 1, { withoutBuyerEmail: false });
    expect(emailed).toMatchObject({ state: 'sent', byHand: null, thankedBy: 'email' });
    const mails = app.mail.messages.filter(isThankYouTo(email));
    expect(mails).toHaveLength(1);
  });

  test('a preference that is neither email nor print, or for another seller’s shop, changes nothing', async () => {
    const { client, shop } = await sellerWithShop();
    const bad = await client.put(`/api/shops/${shop.id}/preferences`, { thankBy: 'fax' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Choose email or printed cards.');
    const other = await app.seller();
    const theirs = await other.client.put(`/api/shops/${shop.id}/preferences`, {
      thankBy: 'print',
    });
    expect(theirs.status).toBe(404);
    expect((await client.get('/api/shops')).body.shops[0].thankBy).toBe('email');
  });
});

describe('printed cards', () => {
  test('a batch holds the waiting orders oldest first, each card filled from its order', async () => {
    const { client, shop, user } = await sellerWithShop();
    await app.ctx.db.update(users).set({ plan: 'business' }).where(eq(users.id, user.id));
    const items = await orders(client, shop.id, 3, { withoutBuyerEmail: true });
    await orders(client, shop.id, 1, { withoutBuyerEmail: false });

    const batch = await client.get('/api/cards');
    expect(batch.status).toBe(200);
    expect(batch.body).toMatchObject({ waiting: 3, heldForLimit: 0, remainingToday: null });
    const cards = batch.body.cards as Card[];
    expect(cards.map((c) => c.orderId)).toEqual(waitingIds(items));
    for (const card of cards) {
      // A demo order without an address comes from a stranger, as on a marketplace.
      expect(card.buyerName).toMatch(/^\S+ \S+$/);
      expect(card.buyerName).not.toBe('Ada Lovelace');
      expect(card.cardPrintedAt).toBeNull();
      expect(card.html).toContain(`Hi ${card.buyerName!.split(' ')[0]},`);
      expect(card.html).toContain(`Your order ${card.orderNumber} is being lovingly packed`);
      expect(card.html).toContain('THANKS20');
      expect(card.html).not.toMatch(/\[(customer-first-name|order-number|coupon-code)/);
      expect(card.html).not.toMatch(/<script|<style|\son\w+=/i);
    }
  });

  test('marking cards printed thanks those orders once; the next batch holds only new ones', async () => {
    const { client, shop, user } = await sellerWithShop();
    await app.ctx.db.update(users).set({ plan: 'business' }).where(eq(users.id, user.id));
    const ids = waitingIds(await orders(client, shop.id, 3, { withoutBuyerEmail: true }));

    const marked = await client.post('/api/cards/printed', { orderIds: ids.slice(0, 2) });
    expect(marked.status).toBe(200);
    expect(marked.body).toEqual({ marked: 2, alreadyThanked: 0 });

    const items = (await client.get('/api/activity')).body.items as Item[];
    for (const id of ids.slice(0, 2)) {
      const item = items.find((i) => i.id === id)!;
      expect(item.thankedBy).toBe('card');
      expect(Date.parse(item.thankedAt!)).not.toBeNaN();
    }
    const next = (await client.get('/api/cards')).body;
    expect(next.cards.map((c: Card) => c.orderId)).toEqual([ids[2]]);
    expect((await client.get('/api/by-hand/summary')).body).toEqual({ waiting: 1 });

    // The same confirmation again (a double click, a retried request) changes nothing.
    const again = await client.post('/api/cards/printed', { orderIds: ids.slice(0, 2) });
    expect(again.body).toEqual({ marked: 0, alreadyThanked: 2 });
    const [first] = await app.ctx.db.select().from(orderEmails).where(eq(orderEmails.id, ids[0]!));
    expect(first!.cardPrintedAt!.toISOString()).toBe(items.find((i) => i.id === ids[0])!.thankedAt);

    // A card printed before can be printed again (a jammed printer), and says so.
    const reprint = await client.get(`/api/cards?ids=${ids[0]}`);
    expect(reprint.body.cards).toHaveLength(1);
    expect(reprint.body.cards[0].cardPrintedAt).toBe(first!.cardPrintedAt!.toISOString());
  });

  test('two confirmations of the same cards at once mark each order once', async () => {
    const { client, shop, user } = await sellerWithShop();
    await app.ctx.db.update(users).set({ plan: 'business' }).where(eq(users.id, user.id));
    const ids = waitingIds(await orders(client, shop.id, 2, { withoutBuyerEmail: true }));
    const replies = await Promise.all(
      [1, 2, 3].map(() => client.post('/api/cards/printed', { orderIds: ids })),
    );
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(replies.reduce((sum, r) => sum + (r.body.marked as number), 0)).toBe(2);
  });

  test('cards count against the daily limit like emails: the batch stops at the room left, and a mark past it is refused whole', async () => {
    const { client, shop } = await sellerWithShop();
    // Starter: 5 a day. Two emails, then four orders without an address.
    await orders(client, shop.id, 2, { withoutBuyerEmail: false });
    const ids = waitingIds(await orders(client, shop.id, 4, { withoutBuyerEmail: true }));

    const batch = (await client.get('/api/cards')).body;
    expect(batch).toMatchObject({ waiting: 4, remainingToday: 3, heldForLimit: 1 });
    expect(batch.cards.map((c: Card) => c.orderId)).toEqual(ids.slice(0, 3));

    const tooMany = await client.post('/api/cards/printed', { orderIds: ids });
    expect(tooMany.status).toBe(403);
    expect(tooMany.body.error).toBe(
      'Today’s limit of 5 thank-yous on the Starter plan has room for 3 more, and these are 4 cards. Mark them tomorrow, or upgrade your plan for a higher limit.',
    );
    expect((await client.get('/api/by-hand/summary')).body).toEqual({ waiting: 4 });

    expect((await client.post('/api/cards/printed', { orderIds: ids.slice(0, 3) })).body).toEqual({
      marked: 3,
      alreadyThanked: 0,
    });
    const after = (await client.get('/api/cards')).body;
    expect(after).toMatchObject({ cards: [], waiting: 1, remainingToday: 0, heldForLimit: 1 });
    // The cards took the slots an email would have had.
    const [limited] = await orders(client, shop.id, 1, { withoutBuyerEmail: false });
    expect(limited).toMatchObject({
      state: 'skipped',
      reason: 'Today’s limit of 5 emails on the Starter plan was reached.',
    });
    expect((await client.get('/api/stats/daily')).body.sentToday).toBe(5);
  });
});

describe('marketplace messages', () => {
  test('the message is the thank-you as plain text; marking it sent thanks the order once', async () => {
    const { client, shop } = await sellerWithShop();
    const [item] = await orders(client, shop.id, 1, { withoutBuyerEmail: true });

    const message = await client.get(`/api/orders/${item!.id}/message`);
    expect(message.status).toBe(200);
    expect(message.body).toMatchObject({ orderId: item!.id, marketplace: 'demo', orderUrl: null });
    const text = message.body.text as string;
    const buyer = ((await client.get('/api/activity')).body.items as { buyerName: string }[])[0]!;
    expect(text).toMatch(
      new RegExp(`^Thank you for your order!\n\nHi ${buyer.buyerName.split(' ')[0]},\n`),
    );
    expect(text).toContain(`Your order ${item!.orderNumber} is being lovingly packed`);
    // The coupon button: its code, and the shop's page it leads to (the demo shop allows links).
    const { url } = (await client.get('/api/shops')).body.shops[0];
    expect(text).toContain(`\nTHANKS20: ${url}\n`);
    expect(text).not.toMatch(/<|unsubscribe|this email/i);
    // It ends with the buyer's own order on the marketplace.
    const lastLine = text.trimEnd().split('\n').at(-1)!;
    expect(lastLine.startsWith(`Your order: ${url}?order=`)).toBe(true);

    const sent = await client.post(`/api/orders/${item!.id}/message-sent`);
    expect(sent.status).toBe(200);
    expect(sent.body.thankedBy).toBe('message');
    const [after] = (await client.get('/api/activity')).body.items as Item[];
    expect(after).toMatchObject({ thankedBy: 'message', thankedAt: sent.body.thankedAt });
    expect((await client.get('/api/by-hand/summary')).body).toEqual({ waiting: 0 });

    const twice = await client.post(`/api/orders/${item!.id}/message-sent`);
    expect(twice.status).toBe(409);
    expect(twice.body.error).toMatch(
      /^This buyer was already thanked with a marketplace message on /,
    );
    // A card would thank the same buyer twice: it is neither offered nor marked.
    expect((await client.get(`/api/cards?ids=${item!.id}`)).body.cards).toEqual([]);
    expect((await client.post('/api/cards/printed', { orderIds: [item!.id] })).body).toEqual({
      marked: 0,
      alreadyThanked: 1,
    });
  });

  test('a buyer thanked with a card is not also marked as messaged', async () => {
    const { client, shop } = await sellerWithShop();
    const [item] = await orders(client, shop.id, 1, { withoutBuyerEmail: true });
    await client.post('/api/cards/printed', { orderIds: [item!.id] });
    const refused = await client.post(`/api/orders/${item!.id}/message-sent`);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatch(/^This buyer was already thanked with a printed card on /);
  });

  test('an emailed order has no card and no message', async () => {
    const { client, shop } = await sellerWithShop();
    const [item] = await orders(client, shop.id, 1, { withoutBuyerEmail: false });
    expect(item!.state).toBe('sent');
    expect((await client.get(`/api/orders/${item!.id}/message`)).status).toBe(404);
    expect((await client.post(`/api/orders/${item!.id}/message-sent`)).status).toBe(404);
    expect((await client.get(`/api/cards?ids=${item!.id}`)).status).toBe(404);
  });
});

describe('another seller, and hostile input', () => {
  test('another seller’s orders are not found, and stay waiting', async () => {
    const { client, shop } = await sellerWithShop();
    const [item] = await orders(client, shop.id, 1, { withoutBuyerEmail: true });
    const other = (await app.seller()).client;

    expect((await other.get(`/api/cards?ids=${item!.id}`)).status).toBe(404);
    expect((await other.get('/api/cards')).body.cards).toEqual([]);
    expect((await other.post('/api/cards/printed', { orderIds: [item!.id] })).status).toBe(404);
    expect((await other.get(`/api/orders/${item!.id}/message`)).status).toBe(404);
    expect((await other.post(`/api/orders/${item!.id}/message-sent`)).status).toBe(404);
    expect((await other.get('/api/by-hand/summary')).body).toEqual({ waiting: 0 });
    expect((await client.get('/api/by-hand/summary')).body).toEqual({ waiting: 1 });
  });

  test('a mixed mark, one order of mine and one of another seller’s, marks nothing', async () => {
    const mine = await sellerWithShop();
    const theirs = await sellerWithShop();
    const [a] = await orders(mine.client, mine.shop.id, 1, { withoutBuyerEmail: true });
    const [b] = await orders(theirs.client, theirs.shop.id, 1, { withoutBuyerEmail: true });
    const mixed = await mine.client.post('/api/cards/printed', { orderIds: [a!.id, b!.id] });
    expect(mixed.status).toBe(404);
    expect((await mine.client.get('/api/by-hand/summary')).body).toEqual({ waiting: 1 });
    expect((await theirs.client.get('/api/by-hand/summary')).body).toEqual({ waiting: 1 });
  });

  test('ids that are not orders, too many ids, or no body are refused with a reason', async () => {
    const { client } = await sellerWithShop();
    const notIds = await client.get(`/api/cards?ids=${encodeURIComponent("1' OR '1'='1")}`);
    expect(notIds.status).toBe(400);
    expect(notIds.body.error).toBe('That is not an order of yours.');
    const tooMany = await client.post('/api/cards/printed', {
      orderIds: Array.from({ length: MAX_CARDS_PER_BATCH + 1 }, () => crypto.randomUUID()),
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error).toBe(
      'Choose at most 50 orders at a time, and print the rest in another batch.',
    );
    expect((await client.post('/api/cards/printed', { orderIds: [] })).status).toBe(400);
    expect((await client.post('/api/cards/printed', {})).body.error).toBe(
      'Choose the orders to mark.',
    );
    expect((await client.get('/api/orders/not-a-uuid/message')).status).toBe(404);
  });

  test('signed out, every route asks to log in', async () => {
    const anonymous = app.client();
    expect((await anonymous.get('/api/cards')).status).toBe(401);
    expect((await anonymous.get('/api/by-hand/summary')).status).toBe(401);
  });
});
