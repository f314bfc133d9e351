import { eq } from 'drizzle-orm';
import { createDefaultTemplate } from '@thankly/email';
import { TIME_ZONE_MESSAGES } from '@thankly/api-contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { users } from '../../src/infrastructure/db/schema.ts';
import type { Clock } from '../../src/infrastructure/time/athens.ts';
import { type TestApp, type TestClient, startTestApp } from '../support/test-app.ts';

let app: TestApp;
let now = new Date('2026-07-15T12:00:00Z');
const clock: Clock = { now: () => now };

beforeAll(async () => {
  app = await startTestApp({ clock });
});
afterAll(() => app?.close());

const zoneOf = async (client: TestClient) => (await client.get('/api/me')).body.timeZone;

describe('the seller time zone at sign-up', () => {
  test("keeps the browser's zone, in Intl's own spelling", async () => {
    const berlin = await app.seller({ timeZone: 'Europe/Berlin' });
    expect(berlin.user.timeZone).toBe('Europe/Berlin');
    expect(await zoneOf(berlin.client)).toBe('Europe/Berlin');
    expect((await berlin.client.get('/api/auth/me')).body.user.timeZone).toBe('Europe/Berlin');

    const lower = await app.seller({ timeZone: 'america/new_york' });
    expect(lower.user.timeZone).toBe('America/New_York');
  });

  test('a browser that reports none, or one that is not a zone, signs up on UTC', async () => {
    expect((await app.seller()).user.timeZone).toBe('UTC');
    for (const timeZone of ['Mars/Olympus_Mons', '../etc/passwd', 'x'.repeat(10_000), '+01:00']) {
      const seller = await app.seller({ timeZone });
      expect(seller.user.timeZone).toBe('UTC');
    }
    const client = app.client();
    const response = await client.post('/api/auth/register', {
      name: 'Odd',
      email: `odd-${Date.now()}@example.com`,
      password: 'Correct-horse-1',
      timeZone: { zone: 'Europe/Berlin' },
    });
    expect(response.status).toBe(201);
    expect(response.body.user.timeZone).toBe('UTC');
  });
});

describe('PATCH /me/time-zone', () => {
  test('saves a real zone; GET /me and the session say it', async () => {
    const { client } = await app.seller({ timeZone: 'Europe/Berlin' });
    const response = await client.patch('/api/me/time-zone', { timeZone: 'Asia/Tokyo' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ timeZone: 'Asia/Tokyo' });
    expect(await zoneOf(client)).toBe('Asia/Tokyo');
    expect((await client.get('/api/auth/me')).body.user.timeZone).toBe('Asia/Tokyo');
    // UTC is a zone too, though Chrome's list leaves it out.
    expect((await client.patch('/api/me/time-zone', { timeZone: 'UTC' })).body.timeZone).toBe(
      'UTC',
    );
  });

  test('refuses what is not an IANA zone with words, and changes nothing', async () => {
    const { client, user } = await app.seller({ timeZone: 'Europe/Berlin' });
    const hostile: unknown[] = [
      'garbage',
      'Not/AZone',
      'x'.repeat(10 * 1024),
      '../etc',
      '../../etc/passwd',
      'Europe/../../etc/passwd',
      'Europe/Berlin\u0000',
      '<script>alert(1)</script>',
      '+01:00',
      '',
      ' ',
    ];
    for (const timeZone of hostile) {
      const response = await client.patch('/api/me/time-zone', { timeZone });
      expect(response.status, String(timeZone).slice(0, 40)).toBe(400);
      expect(response.body.error).toBe(TIME_ZONE_MESSAGES.invalid);
    }
    for (const body of [{}, { timeZone: null }, { timeZone: 42 }, { timeZone: ['UTC'] }]) {
      const response = await client.patch('/api/me/time-zone', body);
      expect(response.status).toBe(400);
      expect(response.body.error).toEqual(expect.any(String));
    }
    const [row] = await app.ctx.db
      .select({ timeZone: users.timeZone })
      .from(users)
      .where(eq(users.id, user.id));
    expect(row!.timeZone).toBe('Europe/Berlin');
  });

  test("changes only the signed-in seller's own zone; nobody signed in changes none", async () => {
    const a = await app.seller({ timeZone: 'Europe/Berlin' });
    const b = await app.seller({ timeZone: 'Europe/Lisbon' });
    expect((await b.client.patch('/api/me/time-zone', { timeZone: 'Asia/Tokyo' })).status).toBe(
      200,
    );
    expect(await zoneOf(a.client)).toBe('Europe/Berlin');
    expect(await zoneOf(b.client)).toBe('Asia/Tokyo');
    // No route names an account: an id in the body is not read.
    await b.client.patch('/api/me/time-zone', { timeZone: 'Asia/Dubai', userId: a.user.id });
    expect(await zoneOf(a.client)).toBe('Europe/Berlin');

    const anonymous = await app
      .client()
      .patch('/api/me/time-zone', { timeZone: 'Asia/Tokyo', userId: a.user.id });
    expect(anonymous.status).toBe(401);
    expect(await zoneOf(a.client)).toBe('Europe/Berlin');
  });
});

describe("what follows the seller's zone", () => {
  test('a journey never saved starts on it; a saved one keeps its own', async () => {
    const { client } = await app.seller({ timeZone: 'America/Chicago' });
    expect((await client.get('/api/journey')).body.timeZone).toBe('America/Chicago');
    await client.patch('/api/me/time-zone', { timeZone: 'Asia/Tokyo' });
    expect((await client.get('/api/journey')).body.timeZone).toBe('Asia/Tokyo');

    const saved = await client.put('/api/journey', { timeZone: 'Europe/Paris', steps: [] });
    expect(saved.status).toBe(200);
    await client.patch('/api/me/time-zone', { timeZone: 'UTC' });
    expect((await client.get('/api/journey')).body.timeZone).toBe('Europe/Paris');
  });

  test('a dated template starts at midnight in Athens (spec section 3), whatever zone the seller shows times in', async () => {
    const { client, user } = await app.seller({ timeZone: 'Pacific/Kiritimati' });
    await app.ctx.db.update(users).set({ plan: 'business' }).where(eq(users.id, user.id));
    const { design } = createDefaultTemplate();
    const selected = await client.post('/api/templates', { name: 'Always', subject: 'Hi', design });
    await client.post(`/api/templates/selectors/select/${selected.body.id}`);
    const dated = await client.post('/api/templates', {
      name: 'Summer',
      subject: 'Thanks',
      design,
      sendConditions: { enabled: true, startDate: '2026-07-16', endDate: '2026-07-20' },
    });
    expect(dated.status).toBe(201);
    const notYet = { templateId: selected.body.id, overridden: false, date: '2026-07-15' };
    // 10:00 UTC on 15 July is midnight of 16 July in Kiritimati (UTC+14), not in Athens.
    now = new Date('2026-07-15T10:00:00Z');
    expect((await client.get('/api/templates/effective')).body).toEqual(notYet);
    // 21:00 UTC is midnight in Athens (UTC+3 in summer): the range starts.
    now = new Date('2026-07-15T20:59:59Z');
    expect((await client.get('/api/templates/effective')).body).toEqual(notYet);
    now = new Date('2026-07-15T21:00:00Z');
    expect((await client.get('/api/templates/effective')).body).toEqual({
      templateId: dated.body.id,
      overridden: true,
      date: '2026-07-16',
    });
    const list = (await client.get('/api/templates/')).body.templates;
    expect(list.find((t: { id: string }) => t.id === dated.body.id).activeNow).toBe(true);

    // The seller's own zone moves no date range.
    await client.patch('/api/me/time-zone', { timeZone: 'UTC' });
    expect((await client.get('/api/templates/effective')).body.overridden).toBe(true);
    now = new Date('2026-07-15T12:00:00Z');
  });
});
