import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { abuseEvents, orderEmails, shops, users } from '../../src/infrastructure/db/schema.ts';
import { createDemoOrder } from '../../src/marketplace/demo/demo-adapter.ts';
import { orderNotificationJob } from '../../src/marketplace/ingest.ts';
import { SKIP_REASONS } from '../../src/orders/skip-reasons.ts';
import {
  connectDemoShop,
  selectDefaultTemplate,
  settled,
  waitForActivity,
} from '../support/sending-helpers.ts';
import { type TestApp, type TestClient, startTestApp } from '../support/test-app.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ dispatcher: { idleMs: 100 } });
});
afterAll(async () => {
  await app?.close();
});

/** A seller with the default template and a demo shop, ready to receive orders. */
async function readySeller(options: { verified?: boolean } = {}) {
  const seller = await app.seller(options);
  await selectDefaultTemplate(seller.client);
  const shop = await connectDemoShop(app, seller.client);
  const [row] = await app.ctx.db.select().from(shops).where(eq(shops.id, shop.id));
  /** A paid order whose buyer address is exactly `email`, through the marketplace pipeline. */
  const order = async (email: string) => {
    const orderId = await createDemoOrder(
      app.ctx.db,
      row!.externalId,
      { name: 'Test Buyer', email },
      app.ctx.clock.now(),
    );
    await app.ctx.jobs.send(orderNotificationJob, { shopId: shop.id, orderId });
  };
  return { ...seller, shop, order };
}

const refusedEvents = (userId: string) =>
  app.ctx.db
    .select()
    .from(abuseEvents)
    .where(and(eq(abuseEvents.userId, userId), eq(abuseEvents.kind, 'refused_send')));

const fiftyBuyers = Array.from({ length: 50 }, (_, i) => `victim${i}@example.net`).join(', ');
const HOSTILE = [
  fiftyBuyers,
  'one@example.net;two@example.net',
  'one@example.net two@example.net',
  'one@example.net@two.example.net',
  'Eve Phisher <eve@example.net>',
  '"eve@example.net" <eve@example.net>',
  'eve@example.net\r\nBcc: victim@example.net',
  'eve@example.net\nCc: victim@example.net',
  'eve\t@example.net',
  `${'a'.repeat(250)}@example.net`,
];

describe('one order, at most one recipient', () => {
  test('lists, display names, line breaks and overlong addresses are refused, sent to nobody, and noted for the operator', async () => {
    const seller = await readySeller();
    for (const email of HOSTILE) await seller.order(email);
    const items = await waitForActivity(seller.client, settled(HOSTILE.length));
    expect(items).toHaveLength(HOSTILE.length);
    for (const item of items) {
      expect(item.state).toBe('skipped');
      expect(item.reason).toMatch(
        /^The buyer’s email address from the marketplace was not one plain address/,
      );
      expect(item.buyerEmail).toBeNull();
    }
    const rows = await app.ctx.db
      .select()
      .from(orderEmails)
      .where(eq(orderEmails.userId, seller.user.id));
    // The refused text is kept nowhere, and no row took a slot of the daily limit.
    expect(JSON.stringify(rows)).not.toMatch(/victim|eve@/);
    expect(rows.every((r) => r.countedDay === null)).toBe(true);

    const events = await refusedEvents(seller.user.id);
    expect(events).toHaveLength(HOSTILE.length);
    for (const event of events) expect(event.detail).not.toContain('@');

    await app.idle();
    expect(app.mail.messages.filter((m) => /victim|eve@/.test(m.recipients.join(' ')))).toEqual([]);
  });

  test('the daily limit counts recipients: fifty buyers in one order use none of it', async () => {
    const seller = await readySeller();
    await seller.order(fiftyBuyers);
    await waitForActivity(seller.client, settled(1));
    // Starter allows 5 emails a day: all 5 go out after the refused one, the sixth does not.
    for (let i = 0; i < 6; i++) await seller.order(`  Buyer${i}.${seller.user.id}@Example.com `);
    const items = await waitForActivity(seller.client, settled(7));
    expect(items.filter((i) => i.state === 'sent')).toHaveLength(5);
    expect(items.filter((i) => i.reason?.startsWith('Today’s limit of 5'))).toHaveLength(1);
    const mine = app.mail.messages.filter((m) => m.to.includes(seller.user.id));
    expect(mine).toHaveLength(5);
    for (const mail of mine) {
      // Exactly one recipient on the envelope and in the headers, none copied.
      expect(mail.recipients).toHaveLength(1);
      expect(mail.recipients[0]).toMatch(/^buyer\d\..+@example\.com$/);
      expect(mail.to).toBe(mail.recipients[0]);
      expect(mail.cc).toBe('');
      expect(mail.bcc).toBe('');
    }
  });
});

describe('rows recorded before the rule', () => {
  test('an order already queued with a list of addresses is skipped at sending time', async () => {
    const seller = await readySeller();
    const now = app.ctx.clock.now();
    await app.ctx.db.insert(orderEmails).values({
      userId: seller.user.id,
      shopId: seller.shop.id,
      marketplaceOrderId: 'legacy-1',
      orderNumber: 'L-1',
      buyerName: 'Old Row',
      buyerEmail: 'legacy1@example.net, legacy2@example.net',
      order: {
        externalId: 'legacy-1',
        orderNumber: 'L-1',
        isPaid: true,
        buyerName: 'Old Row',
        buyerFirstName: null,
        buyerLastName: null,
        buyerEmail: 'legacy1@example.net, legacy2@example.net',
        createdAt: now.toISOString(),
        updatedAt: now.toISOString(),
        productTitles: [],
        total: null,
        trackingUrl: null,
      },
      nextAttemptAt: now,
    });
    app.ctx.notifyNewOrders();
    const [item] = await waitForActivity(seller.client, settled(1));
    expect(item!.state).toBe('skipped');
    expect(item!.reason).toBe(SKIP_REASONS.refusedRecipient('several addresses'));
    await app.idle();
    expect(app.mail.messages.filter((m) => /legacy\d@/.test(m.recipients.join(' ')))).toEqual([]);
  });
});

describe('sending gates', () => {
  const expectSkipped = async (client: TestClient, reason: string, buyer: string) => {
    const [item] = await waitForActivity(client, settled(1));
    expect(item).toMatchObject({ state: 'skipped', reason });
    await app.idle();
    expect(app.mail.messages.filter((m) => m.to.includes(buyer))).toEqual([]);
  };

  test('a seller whose account email is not confirmed sends nothing and is told why', async () => {
    const seller = await readySeller({ verified: false });
    await seller.order('unverified.buyer@example.com');
    await expectSkipped(seller.client, SKIP_REASONS.unverified, 'unverified.buyer@example.com');
    expect(SKIP_REASONS.unverified).toMatch(/confirm/);
  });

  test('a seller whose sending an operator suspended sends nothing; the reason names it', async () => {
    const seller = await readySeller();
    await app.ctx.db
      .update(users)
      .set({
        sendingSuspendedAt: app.ctx.clock.now(),
        sendingSuspendedReason: 'Phishing reports from recipients.',
      })
      .where(eq(users.id, seller.user.id));
    await seller.order('suspended.buyer@example.com');
    await expectSkipped(
      seller.client,
      'Sending from this account was suspended by Thankly: Phishing reports from recipients. Contact support to have it lifted.',
      'suspended.buyer@example.com',
    );
  });
});
