import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import type { InsightsReply } from '@thankly/api-contract';
import { orderEmails, shops, trackingEvents, users } from '../../src/infrastructure/db/schema.ts';
import { loadConfig } from '../../src/app-config.ts';
import { openEmbeddedDatabase, openServerDatabase } from '../../src/infrastructure/db/database.ts';
import { MAX_EVENTS_PER_EMAIL, TrackingEventRecorder } from '../../src/insights/record-event.ts';
import { startRuntime } from '../../src/runtime.ts';
import { clickToken, openToken } from '../../src/insights/tracking-tokens.ts';
import { encryptSecret } from '../../src/infrastructure/crypto/credentials-crypto.ts';
import { athensDate } from '../../src/infrastructure/time/athens.ts';
import { orderEmailRow } from '../support/fixtures.ts';
import { createSellerWithShop } from '../support/pipeline-fixtures.ts';
import { type TestApp, type TestClient, startTestApp } from '../support/test-app.ts';
import { createTestDatabase } from '../support/test-databases.ts';
import { BURST_SECONDS } from '../../src/insights/classify-agent.ts';

/*
 * Issue 33 point 4 and 6: what one person holding a tracked link can do to a seller's numbers,
 * to the database and to our domain's name. Every request comes from a client address of its own
 * (X-Forwarded-For through a trusted proxy), unless a test is about one client.
 */

const DAY_MS = 86_400_000;
const TRACKING_LIMIT = 5;
const BROWSER =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const SHOP_LINK = 'https://shop.example.com/new?utm_source=thankly';
const OTHER_LINK = 'https://shop.example.com/care-guide';

/** How far the app's clock runs ahead of the machine's (opens and clicks come after sending). */
let clockOffsetMs = 0;
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp(
    {
      clock: { now: () => new Date(Date.now() + clockOffsetMs) },
      schedules: false,
      rateLimits: { trackingPerClient: { max: TRACKING_LIMIT, windowMs: 60_000 } },
    },
    { env: { TRUST_PROXY: '1' } },
  );
});
afterAll(() => app?.close());
// A minute after sending: later than a link scanner, so a browser's click is a person's.
beforeEach(() => {
  clockOffsetMs = 60_000;
});

let clients = 0;
/** A client address no other request used. */
const newClient = () => `198.51.${Math.floor(++clients / 250)}.${(clients % 250) + 1}`;

function request(
  path: string,
  { method = 'GET', client = newClient() }: { method?: string; client?: string } = {},
) {
  return fetch(`${app.url}${path}`, {
    method,
    headers: { 'user-agent': BROWSER, 'x-forwarded-for': client },
    redirect: 'manual',
  });
}

const pixelPath = (emailId: string) =>
  `/api/t/o/${openToken(app.ctx.config.appSecret, emailId)}.gif`;
const clickPath = (emailId: string, url = SHOP_LINK) =>
  `/api/t/c/${clickToken(app.ctx.config.appSecret, emailId, url)}`;

/** A seller with one shop and one email sent to a buyer just now (by the app's clock). */
async function sentEmail(): Promise<{ userId: string; emailId: string; seller: TestClient }> {
  const seller = await app.seller();
  const userId = seller.user.id;
  const [shop] = await app.ctx.db
    .insert(shops)
    .values({
      userId,
      marketplace: 'shopify',
      externalId: `${randomUUID()}.myshopify.com`,
      name: 'Tracked Pottery',
      url: 'https://tracked-pottery.example.com',
      credentials: encryptSecret('{}', app.ctx.config.appSecret),
    })
    .returning({ id: shops.id });
  const sentAt = new Date(Date.now());
  const [email] = await app.ctx.db
    .insert(orderEmails)
    .values({
      userId,
      shopId: shop!.id,
      marketplaceOrderId: randomUUID(),
      orderNumber: '1001',
      buyerEmail: 'reader@example.com',
      order: {},
      status: 'sent',
      templateName: 'Thanks',
      sentAt,
      decidedAt: sentAt,
      nextAttemptAt: sentAt,
    })
    .returning({ id: orderEmails.id });
  return { userId, emailId: email!.id, seller: seller.client };
}

/** The events stored for the email, once what this process still holds in memory is written. */
async function eventsOf(emailId: string) {
  await app.ctx.trackingEvents.flush();
  return app.ctx.db.select().from(trackingEvents).where(eq(trackingEvents.orderEmailId, emailId));
}

async function totalsOf(seller: TestClient) {
  const today = athensDate(app.ctx.clock.now());
  const yesterday = athensDate(new Date(app.ctx.clock.now().getTime() - DAY_MS));
  const response = await seller.get<InsightsReply>(`/api/insights?from=${yesterday}&to=${today}`);
  expect(response.status).toBe(200);
  return response.body.totals;
}

/** `count` requests, a few at a time, each from a client of its own. */
async function hammer(path: string, count: number, expectedStatus: number) {
  for (let sent = 0; sent < count; sent += 10) {
    const answers = await Promise.all(
      Array.from({ length: Math.min(10, count - sent) }, () => request(path)),
    );
    for (const answer of answers) expect(answer.status).toBe(expectedStatus);
  }
}

async function expectInterstitial(response: Response, target: string) {
  expect(response.status).toBe(200);
  expect(response.headers.get('location')).toBeNull();
  expect(response.headers.get('refresh')).toBeNull();
  expect(response.headers.get('content-type')).toMatch(/^text\/html/);
  const html = await response.text();
  const escaped = target
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');
  expect(html).toContain(`<code>${escaped}</code>`);
  expect(html).toContain(`href="${escaped}" rel="noopener noreferrer"`);
  expect(html).not.toMatch(/<script|http-equiv/i);
  return html;
}

describe('counting', () => {
  test('150 requests to one link count one click; another link of the email is a second', async () => {
    const { emailId, seller } = await sentEmail();
    await hammer(clickPath(emailId), 150, 302);
    expect(await totalsOf(seller)).toMatchObject({ sent: 1, clicks: 1, machineClicks: 0 });

    // A person reads on before following another link: links of one email followed within
    // BURST_SECONDS of each other are a scanner's (classify-agent.ts).
    await new Promise((resolve) => setTimeout(resolve, (BURST_SECONDS + 0.5) * 1000));
    const other = await request(clickPath(emailId, OTHER_LINK));
    expect(other.headers.get('location')).toBe(OTHER_LINK);
    expect(await totalsOf(seller)).toMatchObject({ clicks: 2 });
  });

  test(`at most ${MAX_EVENTS_PER_EMAIL} events are stored per email, but a first click past them still counts`, async () => {
    const { emailId, seller } = await sentEmail();
    await hammer(pixelPath(emailId), MAX_EVENTS_PER_EMAIL + 20, 200);
    expect(await eventsOf(emailId)).toHaveLength(MAX_EVENTS_PER_EMAIL);

    // The buyer's own click, after someone filled the email's events, is still theirs.
    await hammer(clickPath(emailId), 3, 302);
    const events = await eventsOf(emailId);
    expect(events).toHaveLength(MAX_EVENTS_PER_EMAIL + 1);
    expect(events.filter((e) => e.kind === 'click')).toHaveLength(1);
    expect(await totalsOf(seller)).toMatchObject({ uniqueOpens: 1, clicks: 1 });
  });

  test('HEAD is answered as GET would be and counted nowhere', async () => {
    const { emailId, seller } = await sentEmail();
    const pixel = await request(pixelPath(emailId), { method: 'HEAD' });
    expect(pixel.status).toBe(200);
    expect(pixel.headers.get('content-type')).toBe('image/gif');
    const click = await request(clickPath(emailId), { method: 'HEAD' });
    expect(click.status).toBe(302);
    expect(click.headers.get('location')).toBe(SHOP_LINK);
    expect(await eventsOf(emailId)).toEqual([]);
    expect(await totalsOf(seller)).toMatchObject({
      uniqueOpens: 0,
      machineOpens: 0,
      clicks: 0,
      machineClicks: 0,
    });
  });
});

describe('one client past its limit', () => {
  test('gets 429 for the pixel; its clicks still lead on, uncounted; other clients are not held', async () => {
    const { emailId } = await sentEmail();
    const client = newClient();
    for (let i = 0; i < TRACKING_LIMIT; i++)
      expect((await request(pixelPath(emailId), { client })).status).toBe(200);
    const limited = await request(pixelPath(emailId), { client });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);

    const click = await request(clickPath(emailId), { client });
    expect(click.status).toBe(302);
    expect(click.headers.get('location')).toBe(SHOP_LINK);
    const events = await eventsOf(emailId);
    expect(events.map((e) => e.kind)).toEqual(Array(TRACKING_LIMIT).fill('open'));

    expect((await request(pixelPath(emailId))).status).toBe(200);
  });

  test('an IPv6 client is one client across its /64', async () => {
    const { emailId } = await sentEmail();
    const answers = [];
    for (let i = 0; i <= TRACKING_LIMIT; i++)
      answers.push(
        (await request(pixelPath(emailId), { client: `2001:db8:1:2::${i + 1}` })).status,
      );
    expect(answers).toEqual([...Array(TRACKING_LIMIT).fill(200), 429]);
  });
});

describe('links that no longer lead on', () => {
  test('a good link of a live email redirects and counts', async () => {
    const { emailId, seller } = await sentEmail();
    const response = await request(clickPath(emailId));
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(SHOP_LINK);
    expect(await totalsOf(seller)).toMatchObject({ clicks: 1 });
  });

  test("a suspended seller's link shows our page naming the address, escaped, and counts nothing", async () => {
    const { userId, emailId, seller } = await sentEmail();
    await app.ctx.db
      .update(users)
      .set({ sendingSuspendedAt: new Date(), sendingSuspendedReason: 'Phishing' })
      .where(eq(users.id, userId));
    const hostile = 'https://evil.example.net/login?next=1&x="><script>alert(1)</script>';
    const html = await expectInterstitial(await request(clickPath(emailId, hostile)), hostile);
    expect(html).toContain('Continue to evil.example.net');
    expect(html).not.toContain('Phishing');
    const head = await request(clickPath(emailId), { method: 'HEAD' });
    expect([head.status, head.headers.get('location')]).toEqual([200, null]);
    expect(await eventsOf(emailId)).toEqual([]);
    expect(await totalsOf(seller)).toMatchObject({ clicks: 0 });
  });

  test('a link more than a year after its email was sent shows our page; a day before, it still leads on', async () => {
    const { emailId } = await sentEmail();
    clockOffsetMs = 364 * DAY_MS;
    const stillLive = await request(clickPath(emailId));
    expect(stillLive.headers.get('location')).toBe(SHOP_LINK);
    clockOffsetMs = 366 * DAY_MS;
    await expectInterstitial(await request(clickPath(emailId)), SHOP_LINK);
    expect((await request(pixelPath(emailId))).status).toBe(200);
    expect((await eventsOf(emailId)).map((e) => e.kind)).toEqual(['click']);
  });

  test('a genuine token of an email that does not exist shows our page; a tampered one is not found', async () => {
    const gone = randomUUID();
    await expectInterstitial(await request(clickPath(gone)), SHOP_LINK);
    const token = clickPath(gone).split('/api/t/c/')[1]!;
    const elsewhere = Buffer.from('https://evil.example.net/').toString('base64url');
    const [packed, , signature] = token.split('.');
    const tampered = await request(`/api/t/c/${packed}.${elsewhere}.${signature}`);
    expect(tampered.status).toBe(404);
    expect(tampered.headers.get('location')).toBeNull();
    expect(await eventsOf(gone)).toEqual([]);
  });
});

describe('events are written together, at most a second later', () => {
  const open = (orderEmailId: string) => ({
    orderEmailId,
    kind: 'open' as const,
    userAgent: BROWSER,
    at: app.ctx.clock.now(),
  });

  test('an open is written within a second with nobody asking for the numbers', async () => {
    const { emailId } = await sentEmail();
    expect((await request(pixelPath(emailId))).status).toBe(200);
    // Read straight from the table: no flush, only the recorder's own timer.
    const stored = () =>
      app.ctx.db.select().from(trackingEvents).where(eq(trackingEvents.orderEmailId, emailId));
    await expect
      .poll(async () => (await stored()).map((e) => e.kind), { timeout: 5_000 })
      .toEqual(['open']);
  });

  test('events wait in memory until written; past the bound they are not counted and a warning says how many', async () => {
    const { emailId } = await sentEmail();
    const dropped: number[] = [];
    const recorder = new TrackingEventRecorder(app.ctx.db, {
      flushMs: 3_600_000,
      maxBuffered: 3,
      onDropped: (count) => dropped.push(count),
      onWriteFailed: (error) => {
        throw error;
      },
    });
    for (let i = 0; i < 5; i++) recorder.record(open(emailId));
    const stored = () =>
      app.ctx.db.select().from(trackingEvents).where(eq(trackingEvents.orderEmailId, emailId));
    expect(await stored()).toEqual([]);
    await recorder.flush();
    expect(await stored()).toHaveLength(3);
    expect(dropped).toEqual([2]);
  });

  test('a stopping server writes the events it still holds', async () => {
    const database = await createTestDatabase();
    try {
      const runtime = await startRuntime(
        {
          ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
          dataDir: database.dataDir,
          databaseUrl: database.databaseUrl,
          port: 0,
        },
        { logger: false, schedules: false },
      );
      const { shopId } = await createSellerWithShop(runtime.ctx.database, 'free');
      const [shop] = await runtime.ctx.db.select().from(shops).where(eq(shops.id, shopId));
      const [email] = await runtime.ctx.db
        .insert(orderEmails)
        .values(orderEmailRow(shop!, { status: 'sent', sentAt: new Date() }))
        .returning({ id: orderEmails.id });
      runtime.ctx.trackingEvents.record({ ...open(email!.id), at: new Date() });
      await runtime.stop();

      const reopened = database.databaseUrl
        ? await openServerDatabase(database.databaseUrl)
        : await openEmbeddedDatabase(path.join(database.dataDir, 'pglite'));
      try {
        const stored = await reopened.db
          .select()
          .from(trackingEvents)
          .where(eq(trackingEvents.orderEmailId, email!.id));
        expect(stored.map((e) => e.kind)).toEqual(['open']);
      } finally {
        await reopened.close();
      }
    } finally {
      await database.drop();
    }
  });
});
