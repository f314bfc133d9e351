import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { journeySteps, orderEmails, templates } from '../../src/infrastructure/db/schema.ts';
import {
  addPaidOrders,
  createSellerWithShop,
  createServerDatabase,
} from '../support/pipeline-fixtures.ts';
import { waitUntil } from '../support/server-process.ts';
import { spawnTestServer } from '../support/test-server.ts';
import { type SmtpSink, startSmtpSink } from '../support/smtp-sink.ts';

// Several worker processes on one PostgreSQL server: what a scaled-out deployment runs.
let database: Awaited<ReturnType<typeof createServerDatabase>>;
let mail: SmtpSink;

beforeAll(async () => {
  database = await createServerDatabase();
  mail = await startSmtpSink();
});
afterAll(async () => {
  await mail?.close();
  await database?.drop();
});

const workerEnv = (extra: Record<string, string> = {}) => ({
  ROLE: 'worker',
  NODE_ENV: 'test',
  DATABASE_URL: database.url,
  SMTP_URL: mail.url,
  SEND_LEASE_SECONDS: '3',
  DATA_DIR: '/tmp/thankly-worker-unused',
  ...extra,
});

async function statusCounts(): Promise<Record<string, number>> {
  const rows = await database.handle.db
    .select({ status: orderEmails.status, n: sql<number>`count(*)::int` })
    .from(orderEmails)
    .groupBy(orderEmails.status);
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}

const unsettled = async () => {
  const counts = await statusCounts();
  return (counts.pending ?? 0) + (counts.sending ?? 0);
};

/** A worker killed at the failpoint, then a healthy one until no order is left undecided. */
async function crashThenRecover(failpoint: string, extra: Record<string, string> = {}) {
  const crashing = spawnTestServer(workerEnv({ THANKLY_FAILPOINT: failpoint, ...extra }));
  expect(await crashing.exit).toBe('SIGKILL');
  const recovering = spawnTestServer(workerEnv(extra));
  try {
    await waitUntil(
      async () => (await unsettled()) === 0,
      async () => JSON.stringify(await statusCounts()),
    );
  } finally {
    expect(await recovering.stop()).toBe(0);
  }
}

const mailsTo = (address: string) => mail.messages.filter((m) => m.to === address).length;

describe('a worker killed between steps', () => {
  test.each(['after-claim', 'after-decide', 'after-smtp'] as const)(
    'at %s: after a restart every order is emailed at most once and none is left undecided',
    async (failpoint) => {
      const seller = await createSellerWithShop(database.handle, 'business');
      const buyers = await addPaidOrders(database.handle, seller, 4);

      await crashThenRecover(failpoint);
      for (const buyer of buyers) expect(mailsTo(buyer), buyer).toBeLessThanOrEqual(1);
      const rows = await database.handle.db
        .select()
        .from(orderEmails)
        .where(sql`${orderEmails.shopId} = ${seller.shopId}`);
      const delivered = buyers.filter((b) => mailsTo(b) === 1);
      for (const row of rows.filter((r) => r.status === 'sent'))
        expect(mailsTo(row.buyerEmail!)).toBe(1);
      if (failpoint === 'after-smtp') {
        // Orders already handed to the mail server when the worker died are recorded as interrupted,
        // never sent again; the rest were sent once after the restart.
        const interrupted = rows.filter((r) => r.status === 'failed');
        expect(interrupted.length).toBeGreaterThanOrEqual(1);
        for (const row of interrupted) expect(row.reason).toMatch(/may have been delivered/);
        expect(rows.every((r) => r.status === 'sent' || r.status === 'failed')).toBe(true);
      } else {
        // Nothing had reached the mail server: every order is sent exactly once.
        expect(rows.every((r) => r.status === 'sent')).toBe(true);
        expect(delivered).toHaveLength(4);
      }
    },
  );
});

describe('a worker killed in the middle of a batch larger than its mail server connections', () => {
  const connections = 5;
  // Every point of a batch of 40 with 5 connections: before anything is sent, after the first
  // email, once the first round of connections is used, in the middle and at the last one.
  test.each([
    'after-claim',
    'after-decide',
    'after-smtp:1',
    'after-smtp:6',
    'after-smtp:20',
    'after-smtp:39',
  ])(
    'at %s: each order is emailed at most once, and every order whose transaction never began is emailed after the restart',
    async (failpoint) => {
      const seller = await createSellerWithShop(database.handle, 'business');
      const buyers = await addPaidOrders(database.handle, seller, 40);

      await crashThenRecover(failpoint, {
        SMTP_URL: `${mail.url}?maxConnections=${connections}`,
      });

      const rows = await database.handle.db
        .select()
        .from(orderEmails)
        .where(sql`${orderEmails.shopId} = ${seller.shopId}`);
      expect(rows).toHaveLength(40);
      for (const buyer of buyers) expect(mailsTo(buyer), buyer).toBeLessThanOrEqual(1);
      for (const row of rows.filter((r) => r.status === 'sent'))
        expect(mailsTo(row.buyerEmail!), row.buyerEmail!).toBe(1);
      const interrupted = rows.filter((r) => r.status === 'failed');
      for (const row of interrupted) expect(row.reason).toMatch(/may have been delivered/);
      expect(rows.every((r) => r.status === 'sent' || r.status === 'failed')).toBe(true);
      // Only an order that held one of the connections can be caught by the crash: its
      // transaction had begun, or was about to. Every other order was sent after the restart.
      const neverDelivered = interrupted.filter((r) => mailsTo(r.buyerEmail!) === 0);
      expect(neverDelivered.length).toBeLessThanOrEqual(connections);
      const neverBegun = neverDelivered.filter(
        (r) => !mail.recipientsBegun.includes(r.buyerEmail!),
      );
      expect(neverBegun.length).toBeLessThanOrEqual(connections - 1);
      if (!failpoint.startsWith('after-smtp')) expect(interrupted).toEqual([]);
    },
  );
});

describe('a worker killed between a journey’s steps', () => {
  /** A seller whose orders get a follow-up right after the thank-you, from its own template. */
  async function sellerWithFollowUp() {
    const seller = await createSellerWithShop(database.handle, 'business');
    const [thanks] = await database.handle.db
      .select()
      .from(templates)
      .where(sql`${templates.userId} = ${seller.userId}`);
    const [followUp] = await database.handle.db
      .insert(templates)
      .values({ ...thanks!, id: undefined, name: 'Follow-up', subject: 'A little follow-up' })
      .returning();
    await database.handle.db.insert(journeySteps).values({
      userId: seller.userId,
      position: 0,
      name: 'Right after',
      templateId: followUp!.id,
      trigger: 'after-previous',
      conditions: { buyer: 'any', minTotal: null, productContains: null, shopId: null },
      createdAt: new Date(Date.now() - 60_000),
    });
    return seller;
  }

  const mailsOf = (address: string, subject: string) =>
    mail.messages.filter((m) => m.to === address && m.subject.startsWith(subject)).length;

  test.each(['after-claim', 'after-decide', 'after-smtp'] as const)(
    'at %s: each order gets each step at most once, and all of them when nothing reached the mail server',
    async (failpoint) => {
      const seller = await sellerWithFollowUp();
      const buyers = await addPaidOrders(database.handle, seller, 3);
      const rows = () =>
        database.handle.db
          .select()
          .from(orderEmails)
          .where(sql`${orderEmails.shopId} = ${seller.shopId}`);
      expect(await rows()).toHaveLength(6);

      await crashThenRecover(failpoint);
      for (const buyer of buyers) {
        expect(mailsOf(buyer, 'Thank you'), buyer).toBeLessThanOrEqual(1);
        expect(mailsOf(buyer, 'A little follow-up'), buyer).toBeLessThanOrEqual(1);
      }
      const settled = await rows();
      if (failpoint === 'after-smtp') {
        expect(settled.every((r) => r.status === 'sent' || r.status === 'failed')).toBe(true);
      } else {
        expect(settled.every((r) => r.status === 'sent')).toBe(true);
        for (const buyer of buyers) expect(mailsOf(buyer, 'A little follow-up')).toBe(1);
      }
    },
  );
});

test('two workers share the queue: each order once, and daily limits hold across them', async () => {
  const starters = await Promise.all(
    Array.from({ length: 6 }, () => createSellerWithShop(database.handle, 'free')),
  );
  const business = await Promise.all(
    Array.from({ length: 4 }, () => createSellerWithShop(database.handle, 'business')),
  );
  const starterBuyers = await Promise.all(
    starters.map((s) => addPaidOrders(database.handle, s, 8)),
  );
  const businessBuyers = await Promise.all(
    business.map((s) => addPaidOrders(database.handle, s, 25)),
  );

  const workers = [spawnTestServer(workerEnv()), spawnTestServer(workerEnv())];
  try {
    await waitUntil(
      async () => (await unsettled()) === 0,
      async () => JSON.stringify(await statusCounts()),
      60_000,
    );
  } finally {
    for (const worker of workers) expect(await worker.stop()).toBe(0);
  }

  for (const buyers of starterBuyers) {
    // Starter sends 5 a day: never more, whichever worker decided.
    expect(buyers.filter((b) => mailsTo(b) === 1)).toHaveLength(5);
    expect(buyers.every((b) => mailsTo(b) <= 1)).toBe(true);
  }
  for (const buyers of businessBuyers) expect(buyers.every((b) => mailsTo(b) === 1)).toBe(true);
  const ids = mail.messages.map((m) => String(m.headers.get('message-id')));
  expect(new Set(ids).size).toBe(ids.length);
});

test('a worker leaves out the payment, S3 and inbound-mail code it is not set up to use', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'thankly-loaded-'));
  const list = path.join(dir, 'packages.txt');
  const recorder = fileURLToPath(new URL('../support/record-loaded-packages.mjs', import.meta.url));
  // Each costs a process tens of megabytes; a worker without Stripe, S3 or a bounce address
  // needs none of them.
  const worker = spawnTestServer(
    workerEnv({
      LOG_LEVEL: 'info',
      NODE_OPTIONS: `--import=${recorder}`,
      THANKLY_LOADED_PACKAGES: list,
    }),
  );
  try {
    await waitUntil(
      async () => worker.output().includes('Thankly worker started'),
      () => worker.output(),
    );
  } finally {
    expect(await worker.stop()).toBe(0);
  }
  const loaded = new Set((await readFile(list, 'utf8')).split('\n'));
  await rm(dir, { recursive: true, force: true });
  // What every worker runs on: the record is read.
  expect(loaded).toContain('pg-boss');
  expect(loaded).toContain('nodemailer');
  for (const unused of ['stripe', '@aws-sdk/client-s3', 'smtp-server', 'mailparser'])
    expect(loaded).not.toContain(unused);
});
