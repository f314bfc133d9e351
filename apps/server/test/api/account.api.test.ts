import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { orderEmails, users } from '../../src/infrastructure/db/schema.ts';
import type { Clock } from '../../src/infrastructure/time/athens.ts';
import { insertShop, orderEmailRow } from '../support/fixtures.ts';
import { type TestApp, startTestApp } from '../support/test-app.ts';

let app: TestApp;
let now = new Date('2026-07-15T12:00:00Z');
const clock: Clock = { now: () => now };

beforeAll(async () => {
  app = await startTestApp({ clock });
});
afterAll(() => app?.close());

describe('/me', () => {
  test('shows the email, its verification, plan and sending state, and pauses and resumes', async () => {
    const { client, email } = await app.seller();
    expect((await client.get('/api/me')).body).toEqual({
      email,
      plan: 'free',
      isPaused: false,
      emailVerified: true,
      pendingEmail: null,
      postalAddress: '',
      timeZone: 'UTC',
      billingInterval: null,
      canManageBilling: false,
    });

    expect((await client.patch('/api/me/pause', { isPaused: true })).body).toEqual({
      isPaused: true,
    });
    expect((await client.get('/api/me')).body.isPaused).toBe(true);
    expect((await client.patch('/api/me/pause', { isPaused: false })).body).toEqual({
      isPaused: false,
    });
    expect((await client.get('/api/me')).body.isPaused).toBe(false);
  });

  test('refuses a pause value that is not a boolean, changing nothing', async () => {
    const { client } = await app.seller();
    for (const body of [{ isPaused: 'yes' }, {}, { isPaused: null }]) {
      const response = await client.patch('/api/me/pause', body);
      expect(response.status).toBe(400);
      expect(response.body.error).toEqual(expect.any(String));
    }
    expect((await client.get('/api/me')).body.isPaused).toBe(false);
  });
});

test('/plans lists the three plans with prices and features', async () => {
  const { body } = await app.client().get('/api/plans');
  expect(body.plans.map((p: { id: string }) => p.id)).toEqual(['free', 'growth', 'business']);
  expect(body.plans[0]).toMatchObject({ name: 'Starter', priceMonthly: 0 });
  expect(body.plans[1]).toMatchObject({ name: 'Growth', priceMonthly: 9 });
  expect(body.plans[2]).toMatchObject({ name: 'Business', priceMonthly: 19 });
  for (const plan of body.plans) {
    expect(plan.priceYearly).toBeLessThanOrEqual(plan.priceMonthly * 12);
    expect(plan.features.length).toBeGreaterThan(0);
  }
});

describe('/stats/daily', () => {
  test("reports the plan's limits", async () => {
    const { client, user } = await app.seller();
    expect((await client.get('/api/stats/daily')).body).toEqual({
      sentToday: 0,
      emailsToday: 0,
      cardsToday: 0,
      messagesToday: 0,
      dailyLimit: 5,
      tempLimit: 1,
      planName: 'Starter',
    });
    await app.ctx.db.update(users).set({ plan: 'business' }).where(eq(users.id, user.id));
    expect((await client.get('/api/stats/daily')).body).toEqual({
      sentToday: 0,
      emailsToday: 0,
      cardsToday: 0,
      messagesToday: 0,
      dailyLimit: -1,
      tempLimit: 100,
      planName: 'Business',
    });
  });

  test('counts only emails sent during the Athens day', async () => {
    const { client, user } = await app.seller();
    const other = await app.seller();
    const shop = await insertShop(app.ctx.db, user.id);
    const otherShop = await insertShop(app.ctx.db, other.user.id);
    // Athens is UTC+3 in July: its 15 July runs from 14 July 21:00 UTC to 15 July 21:00 UTC.
    const sent = (sentAt: string, on = shop) =>
      orderEmailRow(on, { status: 'sent', sentAt: new Date(sentAt) });
    await app.ctx.db.insert(orderEmails).values([
      sent('2026-07-14T20:59:59Z'), // 14 July in Athens
      sent('2026-07-14T21:00:00Z'),
      sent('2026-07-15T20:59:59Z'),
      sent('2026-07-15T21:00:00Z'), // 16 July in Athens
      sent('2026-07-15T10:00:00Z', otherShop),
      orderEmailRow(shop, { status: 'skipped' }),
    ]);
    now = new Date('2026-07-15T12:00:00Z');
    expect((await client.get('/api/stats/daily')).body.sentToday).toBe(2);
    now = new Date('2026-07-15T21:30:00Z');
    expect((await client.get('/api/stats/daily')).body.sentToday).toBe(1);
  });

  test('names emails, printed cards and marketplace messages apart; the limit counts emails and cards', async () => {
    const { client, user } = await app.seller();
    const shop = await insertShop(app.ctx.db, user.id);
    const at = new Date('2026-07-15T10:00:00Z');
    await app.ctx.db
      .insert(orderEmails)
      .values([
        orderEmailRow(shop, { status: 'sent', sentAt: at }),
        orderEmailRow(shop, { status: 'skipped', byHand: 'no-buyer-email', cardPrintedAt: at }),
        orderEmailRow(shop, { status: 'skipped', byHand: 'no-buyer-email', messageSentAt: at }),
      ]);
    now = new Date('2026-07-15T12:00:00Z');
    expect((await client.get('/api/stats/daily')).body).toMatchObject({
      sentToday: 2,
      emailsToday: 1,
      cardsToday: 1,
      messagesToday: 1,
    });
  });
});
