import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { orderEmails, templates } from '../../src/infrastructure/db/schema.ts';
import type { MarketplaceOrder } from '../../src/orders/marketplace-order.ts';
import { insertShop, orderEmailRow } from '../support/fixtures.ts';
import { selectDefaultTemplate } from '../support/sending-helpers.ts';
import { type TestApp, type TestClient, startTestApp } from '../support/test-app.ts';

// A short lease, so that an order wrongly left in flight is recovered (and its fate shows) within
// the test's wait, rather than the test merely timing out.
const LEASE_SECONDS = 5;

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp(
    { dispatcher: { idleMs: 100 } },
    { env: { SEND_LEASE_SECONDS: String(LEASE_SECONDS) } },
  );
});
afterAll(() => app?.close());

function paidOrder(buyerEmail: string): MarketplaceOrder {
  const now = new Date().toISOString();
  return {
    externalId: randomUUID(),
    orderNumber: `N-${randomUUID().slice(0, 6)}`,
    isPaid: true,
    buyerName: 'Good Buyer',
    buyerFirstName: null,
    buyerLastName: null,
    buyerEmail,
    createdAt: now,
    updatedAt: now,
    productTitles: ['Mug'],
    total: null,
    trackingUrl: null,
  };
}

async function readySeller(): Promise<{
  client: TestClient;
  user: { id: string };
  shop: { id: string; userId: string };
  templateId: string;
}> {
  const { client, user } = await app.seller();
  const template = await selectDefaultTemplate(client);
  const shop = await insertShop(app.ctx.db, user.id);
  return { client, user, shop, templateId: template.id };
}

/** Good orders for a seller, as rows ready to insert (one buyer address each, to trace the mail). */
function goodRows(shop: { id: string; userId: string }, count: number) {
  return Array.from({ length: count }, (_, i) => {
    const buyer = `good${i}-${randomUUID().slice(0, 8)}@example.com`;
    return orderEmailRow(shop, {
      buyerEmail: buyer,
      order: paidOrder(buyer),
      nextAttemptAt: new Date(),
    });
  });
}

type OrderEmailRow = typeof orderEmails.$inferSelect;

/** Not in flight, and either decided or back in the queue after an attempt. */
const handled = (r: OrderEmailRow) =>
  r.status !== 'sending' && (r.status !== 'pending' || r.attempts > 0);

/** Waits until every one of these orders is handled, allowing one lease and its recovery. */
function waitUntilDecided(ids: string[]) {
  return vi.waitFor(
    async () => {
      const rows = await app.ctx.db.select().from(orderEmails).where(inArray(orderEmails.id, ids));
      if (rows.length !== ids.length || !rows.every(handled))
        throw new Error(
          `orders never decided: ${JSON.stringify(rows.map((r) => [r.status, r.attempts, r.reason]))}`,
        );
      return rows;
    },
    { timeout: (LEASE_SECONDS + 10) * 1000, interval: 150 },
  );
}

const mailsTo = (address: string) =>
  app.mail.messages.filter((m) => m.recipients.includes(address)).length;

describe('one bad order among good ones', () => {
  test('an order whose stored details fail the order schema fails alone; the rest of its chunk is sent once', async () => {
    const seller = await readySeller();
    const good = goodRows(seller.shop, 5);
    const poisonBuyer = `poison-${randomUUID().slice(0, 8)}@example.com`;
    // A row written before the order schema had its current fields.
    const poison = orderEmailRow(seller.shop, {
      buyerEmail: poisonBuyer,
      order: { externalId: 'legacy', orderNumber: 'OLD-1', buyerEmail: poisonBuyer },
      nextAttemptAt: new Date(),
    });
    // One insert, so one claim takes them all into the same chunk.
    const inserted = await app.ctx.db
      .insert(orderEmails)
      .values([good[0]!, good[1]!, poison, ...good.slice(2)])
      .returning({ id: orderEmails.id, buyerEmail: orderEmails.buyerEmail });
    app.ctx.notifyNewOrders();

    const rows = await waitUntilDecided(inserted.map((r) => r.id));
    const poisonRow = rows.find((r) => r.buyerEmail === poisonBuyer)!;
    const goodRowsAfter = rows.filter((r) => r.buyerEmail !== poisonBuyer);

    expect(goodRowsAfter.map((r) => [r.status, r.reason])).toEqual(good.map(() => ['sent', null]));
    expect(poisonRow).toMatchObject({ status: 'failed', attempts: 1, countedDay: null });
    expect(poisonRow.reason).toMatch(/^This order’s details as stored could not be read/);
    expect(poisonRow.reason).not.toMatch(/may have been delivered/);

    // More passes change nothing: each good buyer got exactly one email, the bad order none.
    app.ctx.notifyNewOrders();
    await app.idle();
    for (const row of goodRowsAfter) expect(mailsTo(row.buyerEmail!), row.buyerEmail!).toBe(1);
    expect(mailsTo(poisonBuyer)).toBe(0);
    const [still] = await app.ctx.db
      .select()
      .from(orderEmails)
      .where(eq(orderEmails.id, poisonRow.id));
    expect(still).toMatchObject({ status: 'failed', attempts: 1 });
  });

  test('a seller whose stored design is invalid fails their own order once; another seller’s orders in the same chunk are sent once', async () => {
    const broken = await readySeller();
    const healthy = await readySeller();
    // A design stored before today's design rules (or damaged by hand): the sender cannot render it.
    await app.ctx.db
      .update(templates)
      .set({ design: { version: 1, blocks: 'not a list' } as never })
      .where(eq(templates.id, broken.templateId));

    const brokenBuyer = `broken-${randomUUID().slice(0, 8)}@example.com`;
    const brokenRow = orderEmailRow(broken.shop, {
      buyerEmail: brokenBuyer,
      order: paidOrder(brokenBuyer),
      nextAttemptAt: new Date(),
    });
    const good = goodRows(healthy.shop, 4);
    const inserted = await app.ctx.db
      .insert(orderEmails)
      .values([good[0]!, brokenRow, ...good.slice(1)])
      .returning({ id: orderEmails.id });
    app.ctx.notifyNewOrders();

    const rows = await waitUntilDecided(inserted.map((r) => r.id));
    const failed = rows.find((r) => r.buyerEmail === brokenBuyer)!;
    expect(failed).toMatchObject({ status: 'failed', attempts: 1, countedDay: null });
    expect(failed.reason).toMatch(/^The template’s saved design could not be read/);
    const sent = rows.filter((r) => r.buyerEmail !== brokenBuyer);
    expect(sent.map((r) => r.status)).toEqual(good.map(() => 'sent'));

    app.ctx.notifyNewOrders();
    await app.idle();
    for (const row of sent) expect(mailsTo(row.buyerEmail!), row.buyerEmail!).toBe(1);
    expect(mailsTo(brokenBuyer)).toBe(0);
    const [still] = await app.ctx.db
      .select()
      .from(orderEmails)
      .where(eq(orderEmails.id, failed.id));
    expect(still).toMatchObject({ status: 'failed', attempts: 1 });
  });

  test('a mail library that throws instead of rejecting fails only the order it was given', async () => {
    const seller = await readySeller();
    const good = goodRows(seller.shop, 3);
    const troubleBuyer = `trouble-${randomUUID().slice(0, 8)}@example.com`;
    const trouble = orderEmailRow(seller.shop, {
      buyerEmail: troubleBuyer,
      order: paidOrder(troubleBuyer),
      nextAttemptAt: new Date(),
    });
    const mailer = app.ctx.mailer;
    app.ctx.mailer = {
      ...mailer,
      send: (message) => {
        if (message.to === troubleBuyer) throw new Error('553 mailbox name not allowed');
        return mailer.send(message);
      },
    };
    try {
      const inserted = await app.ctx.db
        .insert(orderEmails)
        .values([trouble, ...good])
        .returning({ id: orderEmails.id });
      app.ctx.notifyNewOrders();
      const rows = await waitUntilDecided(inserted.map((r) => r.id));
      const troubleRow = rows.find((r) => r.buyerEmail === troubleBuyer)!;
      // Refused by the relay: nothing was delivered, so it waits for another attempt.
      expect(troubleRow).toMatchObject({
        status: 'pending',
        attempts: 1,
        reason: '553 mailbox name not allowed',
        smtpStartedAt: null,
      });
      const sent = rows.filter((r) => r.buyerEmail !== troubleBuyer);
      expect(sent.map((r) => r.status)).toEqual(good.map(() => 'sent'));
      for (const row of sent) expect(mailsTo(row.buyerEmail!)).toBe(1);
    } finally {
      app.ctx.mailer = mailer;
    }
  });
});
