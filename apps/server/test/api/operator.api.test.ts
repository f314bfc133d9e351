import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { recordAbuseEvent } from '../../src/abuse/abuse-events.ts';
import type { AppContext } from '../../src/context.ts';
import { orderEmails, users } from '../../src/infrastructure/db/schema.ts';
import { logSendingQueue } from '../../src/sending/sending-queue.ts';
import type { Clock } from '../../src/infrastructure/time/athens.ts';
import { insertShop, orderEmailRow } from '../support/fixtures.ts';
import { type TestApp, startTestApp } from '../support/test-app.ts';

const TOKEN = 'op-'.padEnd(40, 'x');
let app: TestApp;
let now = new Date('2026-07-15T12:00:00Z');
const clock: Clock = { now: () => now };

beforeAll(async () => {
  app = await startTestApp({ clock }, { env: { OPERATOR_TOKEN: TOKEN } });
});
afterAll(() => app?.close());

const operator = (token = TOKEN) => {
  const client = app.client();
  const auth = { authorization: `Bearer ${token}` };
  return {
    get: (path: string) => client.request('GET', path, undefined, auth),
    post: (path: string, body: unknown = {}) => client.request('POST', path, body, auth),
  };
};

describe('operator API access', () => {
  test('refuses anyone without the operator token, sellers included', async () => {
    const { client, user } = await app.seller();
    expect((await client.get(`/api/operator/accounts/${user.id}`)).status).toBe(401);
    expect((await app.client().get('/api/operator/accounts')).status).toBe(401);
    expect((await operator('op-'.padEnd(40, 'y')).get('/api/operator/accounts')).status).toBe(401);
    const suspend = await client.post(`/api/operator/accounts/${user.id}/suspend`, {
      reason: 'myself',
    });
    expect(suspend.status).toBe(401);
    const [row] = await app.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.sendingSuspendedAt).toBeNull();
  });

  test('does not exist at all where no operator token is configured', async () => {
    const closed = await startTestApp();
    try {
      const response = await closed
        .client()
        .request('GET', '/api/operator/accounts', undefined, { authorization: 'Bearer anything' });
      expect(response.status).toBe(404);
    } finally {
      await closed.close();
    }
  });

  test('unknown and malformed account ids are 404', async () => {
    expect((await operator().get('/api/operator/accounts/not-a-uuid')).status).toBe(404);
    const missing = '00000000-0000-4000-8000-000000000000';
    expect(
      (await operator().post(`/api/operator/accounts/${missing}/suspend`, { reason: 'spam' }))
        .status,
    ).toBe(404);
  });
});

describe('abuse counters', () => {
  test('counts each kind over the last day and 30 days, and lists the noisiest accounts first', async () => {
    const quiet = await app.seller();
    const noisy = await app.seller();
    now = new Date('2026-07-15T12:00:00Z');
    await recordAbuseEvent(app.ctx, quiet.user.id, 'test_email');
    for (let i = 0; i < 3; i++)
      await recordAbuseEvent(app.ctx, noisy.user.id, 'refused_send', 'several recipients');
    await recordAbuseEvent(app.ctx, noisy.user.id, 'test_email');
    now = new Date('2026-07-17T12:00:00Z');

    const { body } = await operator().get(`/api/operator/accounts/${noisy.user.id}`);
    expect(body.account).toMatchObject({
      id: noisy.user.id,
      email: noisy.email,
      sendingSuspended: null,
      counters: {
        refused_send: { lastDay: 0, last30Days: 3 },
        test_email: { lastDay: 0, last30Days: 1 },
        bounce: { lastDay: 0, last30Days: 0 },
      },
    });

    const list = await operator().get('/api/operator/accounts?limit=2');
    expect(list.body.accounts.map((a: { id: string }) => a.id)).toEqual([
      noisy.user.id,
      quiet.user.id,
    ]);
    const byEmail = await operator().get(
      `/api/operator/accounts?email=${encodeURIComponent(quiet.email.toUpperCase())}`,
    );
    expect(byEmail.body.accounts.map((a: { id: string }) => a.id)).toEqual([quiet.user.id]);
  });
});

describe('suspending sending', () => {
  test('needs a reason, records it, and resumes', async () => {
    const { user } = await app.seller();
    for (const body of [{}, { reason: '' }, { reason: 'x'.repeat(501) }, { reason: 42 }]) {
      const refused = await operator().post(`/api/operator/accounts/${user.id}/suspend`, body);
      expect(refused.status).toBe(400);
      expect(refused.body.error).toEqual(expect.any(String));
    }
    const [untouched] = await app.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(untouched!.sendingSuspendedAt).toBeNull();

    const suspended = await operator().post(`/api/operator/accounts/${user.id}/suspend`, {
      reason: 'Phishing content reported',
    });
    expect(suspended.status).toBe(200);
    expect(suspended.body.account.sendingSuspended).toEqual({
      at: now.toISOString(),
      reason: 'Phishing content reported',
    });

    const resumed = await operator().post(`/api/operator/accounts/${user.id}/resume`);
    expect(resumed.body.account.sendingSuspended).toBeNull();
    const [row] = await app.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.sendingSuspendedReason).toBeNull();
  });
});

describe('the sending queue, for the operator', () => {
  // No workers: what is queued stays queued, so the figures are exactly what was put there.
  let apiOnly: TestApp;
  beforeAll(async () => {
    apiOnly = await startTestApp({ clock }, { env: { OPERATOR_TOKEN: TOKEN, ROLE: 'api' } });
  });
  afterAll(() => apiOnly?.close());

  const queue = async (token = TOKEN) =>
    apiOnly.client().request('GET', '/api/operator/sending-queue', undefined, {
      authorization: `Bearer ${token}`,
    });

  test('counts what is due and how long the oldest has waited, what waits for later, in flight and blocked', async () => {
    expect((await queue()).body.queue).toEqual({
      due: 0,
      oldestDueSeconds: null,
      scheduled: 0,
      inFlight: 0,
      blockRetries: 0,
    });
    const { user } = await apiOnly.seller();
    const shop = await insertShop(apiOnly.ctx.db, user.id);
    const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000);
    await apiOnly.ctx.db
      .insert(orderEmails)
      .values([
        orderEmailRow(shop, { nextAttemptAt: minutesAgo(7) }),
        orderEmailRow(shop, { nextAttemptAt: minutesAgo(2) }),
        orderEmailRow(shop, { nextAttemptAt: minutesAgo(-30) }),
        orderEmailRow(shop, { status: 'sending', claimedAt: minutesAgo(0) }),
        orderEmailRow(shop, { status: 'sent', blockRetryAt: minutesAgo(-60) }),
        orderEmailRow(shop, { status: 'sent' }),
        orderEmailRow(shop, { status: 'skipped' }),
      ]);
    expect((await queue()).body.queue).toEqual({
      due: 2,
      oldestDueSeconds: 7 * 60,
      scheduled: 1,
      inFlight: 1,
      blockRetries: 1,
    });
  });

  test('is logged once a minute while mail waits or is in flight, and not when the queue is idle', async () => {
    const lines: Array<{ fields: unknown; message: string }> = [];
    const log = {
      info: (fields: unknown, message: string) => void lines.push({ fields, message }),
    } as unknown as AppContext['log'];
    const queued = await logSendingQueue({ db: apiOnly.ctx.db, log }, now);
    expect(queued.due).toBeGreaterThan(0);
    expect(lines).toEqual([{ fields: { queue: queued }, message: 'sending queue' }]);

    const idle = await startTestApp({ clock }, { env: { ROLE: 'api' } });
    try {
      await logSendingQueue({ db: idle.ctx.db, log }, now);
      expect(lines).toHaveLength(1);
    } finally {
      await idle.close();
    }
  });

  test('is the operator’s alone: a seller’s session, no token and a wrong token are 401', async () => {
    const { client } = await apiOnly.seller();
    expect((await client.get('/api/operator/sending-queue')).status).toBe(401);
    expect((await apiOnly.client().get('/api/operator/sending-queue')).status).toBe(401);
    expect((await queue('op-'.padEnd(40, 'y'))).status).toBe(401);
  });
});
