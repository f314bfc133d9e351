import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { orderEmails, users } from '../../src/infrastructure/db/schema.ts';
import type { MailMessage, Mailer } from '../../src/infrastructure/mail/mailer.ts';
import {
  DEFAULT_DISPATCHER_OPTIONS,
  Dispatcher,
  type DispatcherOptions,
} from '../../src/sending/dispatcher.ts';
import { insertShop, orderEmailRow } from '../support/fixtures.ts';
import { selectDefaultTemplate } from '../support/sending-helpers.ts';
import { waitUntil } from '../support/server-process.ts';
import { type TestApp, startTestApp } from '../support/test-app.ts';
import { HandOverDeclinedError } from '../../src/infrastructure/mail/hand-over-transport.ts';

// The app runs no sender of its own (ROLE=api): each test drives a Dispatcher whose mail server it
// controls, to see which orders are in flight at any moment.
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({}, { env: { ROLE: 'api' } });
});
afterAll(() => app?.close());

const OPTIONS: DispatcherOptions = {
  ...DEFAULT_DISPATCHER_OPTIONS,
  idleMs: 50,
  leaseMs: 60_000,
  concurrency: 2,
  batchSize: 3,
};

/** A mail server that holds back the sends to `held` until released, and accepts the rest. */
function controlledMailer(...held: string[]) {
  const sent: string[] = [];
  let inFlight = 0;
  let mostInFlight = 0;
  /** For each send: whether its order was already marked as handed to the mail server. */
  const markedBeforeSend: boolean[] = [];
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const mailer: Mailer = {
    kind: 'smtp',
    async send(message: MailMessage) {
      // As a real mailer does once a connection is free for the message.
      if (message.handOver && !(await message.handOver())) throw new HandOverDeclinedError();
      inFlight++;
      mostInFlight = Math.max(mostInFlight, inFlight);
      const [row] = await app.ctx.db
        .select({ smtpStartedAt: orderEmails.smtpStartedAt, status: orderEmails.status })
        .from(orderEmails)
        .where(eq(orderEmails.buyerEmail, message.to));
      markedBeforeSend.push(row?.status === 'sending' && row.smtpStartedAt !== null);
      if (held.includes(message.to)) await released;
      inFlight--;
      sent.push(message.to);
      return { messageId: message.messageId ?? '' };
    },
    close() {},
  };
  return { mailer, sent, markedBeforeSend, mostInFlight: () => mostInFlight, release };
}

async function businessSellerWithOrders(count: number) {
  const { client, user } = await app.seller();
  await app.ctx.db.update(users).set({ plan: 'business' }).where(eq(users.id, user.id));
  await selectDefaultTemplate(client);
  const shop = await insertShop(app.ctx.db, user.id);
  const buyers = Array.from({ length: count }, (_, i) => `buyer-${i}-${shop.id}@example.com`);
  const now = new Date().toISOString();
  await app.ctx.db.insert(orderEmails).values(
    buyers.map((buyerEmail, i) =>
      orderEmailRow(shop, {
        buyerEmail,
        // In this order, so the held one is claimed first.
        nextAttemptAt: new Date(Date.now() - 60_000 + i),
        order: {
          externalId: `order-${i}`,
          orderNumber: String(1000 + i),
          isPaid: true,
          buyerName: 'Pat Buyer',
          buyerFirstName: 'Pat',
          buyerLastName: 'Buyer',
          buyerEmail,
          createdAt: now,
          updatedAt: now,
          productTitles: ['Mug'],
          total: null,
          trackingUrl: null,
        },
      }),
    ),
  );
  const statuses = async () =>
    (
      await app.ctx.db
        .select({ to: orderEmails.buyerEmail, status: orderEmails.status })
        .from(orderEmails)
        .where(eq(orderEmails.shopId, shop.id))
    ).sort((a, b) => buyers.indexOf(a.to!) - buyers.indexOf(b.to!));
  return { buyers, statuses };
}

test('a send the mail server holds up delays only its own order: the rest of its batch and later batches go on', async () => {
  const { buyers, statuses } = await businessSellerWithOrders(7);
  const [slow, ...others] = buyers as [string, ...string[]];
  const mail = controlledMailer(slow);
  const dispatcher = new Dispatcher({ ...app.ctx, mailer: mail.mailer }, OPTIONS);
  dispatcher.start();
  try {
    // With a barrier per chunk of `concurrency`, nothing after the slow order's chunk would move.
    await waitUntil(
      async () => others.every((buyer) => mail.sent.includes(buyer)),
      async () => JSON.stringify(await statuses()),
    );
    await waitUntil(
      async () => (await statuses()).slice(1).every((row) => row.status === 'sent'),
      async () => JSON.stringify(await statuses()),
    );
    expect((await statuses())[0]!.status).toBe('sending');
    expect(mail.sent).not.toContain(slow);
  } finally {
    mail.release();
    await dispatcher.stop();
  }
  // Stopping waited for the held order to settle, and recorded it.
  expect((await statuses()).map((row) => row.status)).toEqual(buyers.map(() => 'sent'));
  expect(mail.sent.toSorted()).toEqual(buyers.toSorted());
  // Never more than `concurrency` orders at the mail server, and every one marked before its send.
  expect(mail.mostInFlight()).toBeLessThanOrEqual(OPTIONS.concurrency);
  expect(mail.markedBeforeSend).toEqual(buyers.map(() => true));
});

test('a worker claims no more orders than it has room for: the rest stay in the queue for any worker', async () => {
  const { buyers, statuses } = await businessSellerWithOrders(5);
  // Both of the window's places are taken by sends the mail server holds up.
  const mail = controlledMailer(buyers[0]!, buyers[1]!);
  const dispatcher = new Dispatcher({ ...app.ctx, mailer: mail.mailer }, OPTIONS);
  dispatcher.start();
  try {
    await waitUntil(
      async () => mail.markedBeforeSend.length === OPTIONS.concurrency,
      async () => JSON.stringify(await statuses()),
    );
    // Time for many passes of the worker's loop (idleMs is 50): none may claim an order it has
    // no room for, which would keep it from other workers while its lease ran out.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await statuses()).map((row) => row.status)).toEqual([
      'sending',
      'sending',
      'pending',
      'pending',
      'pending',
    ]);
    // Released, the same worker takes the rest as its places come free.
    mail.release();
    await waitUntil(
      async () => (await statuses()).every((row) => row.status === 'sent'),
      async () => JSON.stringify(await statuses()),
    );
  } finally {
    mail.release();
    await dispatcher.stop();
  }
  expect(mail.sent.toSorted()).toEqual(buyers.toSorted());
});

test('stopping while an order is at the mail server claims nothing more and settles that order', async () => {
  const { buyers, statuses } = await businessSellerWithOrders(5);
  const mail = controlledMailer(buyers[0]!);
  const dispatcher = new Dispatcher(
    { ...app.ctx, mailer: mail.mailer },
    { ...OPTIONS, concurrency: 1, batchSize: 1 },
  );
  dispatcher.start();
  await waitUntil(
    async () => (await statuses())[0]!.status === 'sending',
    async () => JSON.stringify(await statuses()),
  );
  const stopped = dispatcher.stop();
  mail.release();
  await stopped;
  const after = await statuses();
  expect(after[0]!.status).toBe('sent');
  // At most the batch claimed before the stop was handled; nothing is left claimed.
  expect(after.filter((row) => row.status === 'sending')).toEqual([]);
  expect(after.filter((row) => row.status === 'pending').length).toBeGreaterThanOrEqual(
    buyers.length - 2,
  );
});
