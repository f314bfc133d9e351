import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { orderEmails, users } from '../../src/infrastructure/db/schema.ts';
import { EtsySimulator } from '../support/etsy-simulator.ts';
import { createServerDatabase } from '../support/pipeline-fixtures.ts';
import { type ServerProcess, waitUntil } from '../support/server-process.ts';
import { spawnTestServer } from '../support/test-server.ts';
import { selectDefaultTemplate } from '../support/sending-helpers.ts';
import { type SmtpSink, startSmtpSink } from '../support/smtp-sink.ts';
import { TestClient } from '../support/test-app.ts';

// A production start of the whole app (API and workers in one process) with Etsy's stand-in and a
// real SMTP sink: receipts as marketplaces have really sent them, announced by signed webhooks,
// must neither end the process nor keep the buyers around them from their thank-yous.

const APP_URL = 'https://thankly.test';
let database: Awaited<ReturnType<typeof createServerDatabase>>;
let mail: SmtpSink;
let sim: EtsySimulator;
let server: ServerProcess;
let url: string;

beforeAll(async () => {
  database = await createServerDatabase();
  mail = await startSmtpSink();
  sim = await new EtsySimulator().start();
  sim.redirectUris.add(`${APP_URL}/api/etsy/callback`);
  const port = 3800 + Math.floor(Math.random() * 500);
  url = `http://127.0.0.1:${port}`;
  server = spawnTestServer({
    NODE_ENV: 'production',
    PORT: String(port),
    APP_URL,
    APP_SECRET: 'a'.repeat(64),
    DATABASE_URL: database.url,
    SMTP_URL: mail.url,
    MAIL_FROM: 'Thankly <notes@mail.thankly.app>',
    SUPPORT_EMAIL: 'support@thankly.app',
    ETSY_KEYSTRING: sim.keystring,
    ETSY_SHARED_SECRET: sim.sharedSecret,
    ETSY_API_URL: sim.url,
    ETSY_AUTH_URL: `${sim.url}/oauth/connect`,
    ETSY_WEBHOOK_SECRET: sim.webhookSecret,
    // The poll job runs every minute; each shop is due again ten seconds after its last poll.
    ETSY_POLL_SECONDS: '10',
    DATA_DIR: '/tmp/thankly-hostile-unused',
  });
  await waitUntil(
    async () => (await fetch(`${url}/api/health`).catch(() => null))?.ok === true,
    () => server.output(),
    120_000,
  );
  // A whole app process starts here, on a fresh PostgreSQL database: on a busy 2-core machine
  // that alone can take more than the default minute.
}, 180_000);
afterAll(async () => {
  await server?.stop();
  await sim?.stop();
  await mail?.close();
  await database?.drop();
});

/** A Business seller, confirmed, with a template selected and the Etsy shop connected. */
async function connectedSeller(): Promise<void> {
  const client = new TestClient(url);
  const email = 'hostile-seller@example.com';
  const registered = await client.post('/api/auth/register', {
    name: 'Nia Seller',
    email,
    password: 'Correct-horse-1',
  });
  expect(registered.status).toBe(201);
  await database.handle.db
    .update(users)
    .set({ emailVerifiedAt: new Date(), plan: 'business' })
    .where(eq(users.email, email));
  await selectDefaultTemplate(client);
  const { url: consentUrl } = (await client.get('/api/etsy/connect')).body as { url: string };
  const consent = await fetch(consentUrl, { redirect: 'manual' });
  const callback = new URL(consent.headers.get('location')!);
  await client.request('GET', callback.pathname + callback.search);
  expect((await client.get('/api/shops')).body.shops).toHaveLength(1);
}

test('hostile receipts announced by webhook end nothing: every good buyer is thanked once and the app keeps answering', async () => {
  await connectedSeller();
  const hostile = [
    { name: 'Zoe Smith \ud83d' },
    { name: '\udc00 Lone low half' },
    { name: 'N'.repeat(100_000) },
    { name: 'Nul\u0000Buyer' },
    { name: 'A\uFFFEB' },
    { grandtotal: { amount: null, divisor: 100, currency_code: 'EUR' } },
    { name: undefined, transactions: undefined, grandtotal: undefined },
  ].map((overrides, i) =>
    sim.addReceipt({ buyer_email: `hostile-${i}@example.com`, ...overrides } as never),
  );
  const relay = sim.addReceipt({ buyer_email: 'one@example.com, two@example.com' });
  const good = [1, 2, 3].map((n) => sim.addReceipt({ buyer_email: `good-${n}@example.com` }));
  // A receipt Etsy answers for twenty times over, as a retrying webhook sender would.
  const repeated = sim.addReceipt({ buyer_email: 'repeated@example.com', name: 'Zoe \ud83d' });

  const deliveries = [
    ...hostile,
    relay,
    ...good,
    ...Array.from({ length: 20 }, () => repeated),
  ].map((receipt) => sim.deliverOrderPaid(`${url}/api/etsy/webhook`, receipt.receipt_id));
  for (const delivered of await Promise.all(deliveries)) expect(delivered.status).toBe(200);

  const thanked = [...hostile, ...good, repeated].map((r) => r.buyer_email!);
  const relayRow = async () =>
    (
      await database.handle.db
        .select()
        .from(orderEmails)
        .where(eq(orderEmails.marketplaceOrderId, String(relay.receipt_id)))
    )[0];
  // Webhooks are worked in no fixed order, so the relay receipt may settle after the good ones.
  await waitUntil(
    async () =>
      thanked.every((to) => mail.messages.some((m) => m.to === to)) &&
      (await relayRow())?.status === 'skipped',
    async () =>
      `mailed ${mail.messages.length} of ${thanked.length}; rows ${JSON.stringify(
        await database.handle.db
          .select({ status: orderEmails.status, n: sql<number>`count(*)::int` })
          .from(orderEmails)
          .groupBy(orderEmails.status),
      )}\n${server.output().slice(-3_000)}`,
    90_000,
  );

  expect(server.child.exitCode).toBeNull();
  expect((await fetch(`${url}/api/health`)).status).toBe(200);
  for (const to of thanked)
    expect(
      mail.messages.filter((m) => m.to === to),
      to,
    ).toHaveLength(1);
  // The cut name arrives as a name, its broken half shown as the replacement character.
  const zoe = mail.messages.find((m) => m.to === 'hostile-0@example.com')!;
  expect(zoe.subject).toBe('Thank you, Zoe!');
  expect(await relayRow()).toMatchObject({ status: 'skipped', buyerEmail: null });
  expect(mail.messages.some((m) => m.to.includes('one@example.com'))).toBe(false);
}, 180_000);

test('a receipt Etsy sends without a readable total does not stop the shop’s poll: the orders only the poll finds are thanked', async () => {
  // No webhook for these: only the poll, which runs every minute, can find them.
  const unreadable = sim.addReceipt({
    buyer_email: 'poll-null-total@example.com',
    grandtotal: { amount: null, divisor: 100, currency_code: 'EUR' },
  } as never);
  const onlyPolled = [1, 2, 3, 4, 5].map((n) =>
    sim.addReceipt({ buyer_email: `poll-only-${n}@example.com` }),
  );
  const expected = [unreadable, ...onlyPolled].map((r) => r.buyer_email!);

  await waitUntil(
    async () => expected.every((to) => mail.messages.some((m) => m.to === to)),
    () => `mailed: ${mail.messages.map((m) => m.to).join(', ')}\n${server.output().slice(-3_000)}`,
    150_000,
  );

  expect(server.child.exitCode).toBeNull();
  for (const to of expected)
    expect(
      mail.messages.filter((m) => m.to === to),
      to,
    ).toHaveLength(1);
}, 180_000);
