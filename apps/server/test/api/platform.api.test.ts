import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/app-config.ts';
import { pageViews, rateLimitCounters, shops } from '../../src/infrastructure/db/schema.ts';
import {
  DEFAULT_RATE_LIMITS,
  postgresRateLimitStore,
} from '../../src/infrastructure/http/rate-limits.ts';
import { runCleanup } from '../../src/cleanup-job.ts';
import { type Runtime, startRuntime } from '../../src/runtime.ts';
import { unsubscribeToken } from '../../src/buyer-email/unsubscribe-links.ts';
import { type TestApp, startTestApp } from '../support/test-app.ts';
import { createTestDatabase, testEngine } from '../support/test-databases.ts';

const PAGE_VIEW_LIMIT = 20;

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({
    rateLimits: { pageViewPerClient: { max: PAGE_VIEW_LIMIT, windowMs: 60_000 } },
  });
});
afterAll(() => app?.close());

test('health answers once the database is reachable', async () => {
  const response = await app.client().get('/api/health');
  expect(response.status).toBe(200);
  expect(response.body).toEqual({ ok: true });
});

test('every response carries the security headers', async () => {
  for (const path of ['/api/health', '/api/plans', '/api/nope']) {
    const { headers } = await app.client().get(path);
    expect(headers.get('content-security-policy')).toMatch(/default-src 'self'/);
    expect(headers.get('content-security-policy')).toMatch(/frame-ancestors 'self'/);
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('x-frame-options')).toBe('SAMEORIGIN');
  }
});

describe('bad input never becomes a 500', () => {
  test('malformed JSON is a 400 with a readable error', async () => {
    const response = await app.client().request('POST', '/api/auth/login', '{"email":', {
      'content-type': 'application/json',
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'The request body is not valid JSON.' });
  });

  test('wrong types are a 400', async () => {
    for (const body of [[], 'text', 12, { email: { $ne: 1 }, password: ['x'] }]) {
      const response = await app.client().post('/api/auth/login', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(typeof response.body.error).toBe('string');
    }
  });

  test('an unknown API path is a JSON 404', async () => {
    const response = await app.client().get('/api/does-not-exist');
    expect(response.status).toBe(404);
    expect(response.body.error).toMatch(/No such endpoint/);
  });
});

describe('cross-site request defence', () => {
  test('state-changing calls must be JSON', async () => {
    const response = await app.client().request('POST', '/api/auth/login', 'email=a&password=b', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(response.status).toBe(415);
    expect(response.body.error).toBe('Send the request body as application/json.');
  });

  test('calls from a foreign origin are refused', async () => {
    const { client } = await app.seller();
    const foreign: Array<Record<string, string>> = [
      { origin: 'https://evil.example' },
      { 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of foreign) {
      const response = await client.request('PATCH', '/api/me/pause', { isPaused: true }, headers);
      expect(response.status).toBe(403);
    }
    expect((await client.get('/api/me')).body.isPaused).toBe(false);
    const sameOrigin = await client.request(
      'PATCH',
      '/api/me/pause',
      { isPaused: true },
      { origin: app.url },
    );
    expect(sameOrigin.status).toBe(200);
  });

  test('is decided on the matched route: a percent-encoded /api/ path is refused too', async () => {
    const { client } = await app.seller();
    const attacks: Array<{ path: string; headers: Record<string, string> }> = [
      { path: '/%61pi/auth/logout', headers: { origin: 'https://evil.example' } },
      { path: '/%61pi/auth/logout', headers: { 'sec-fetch-site': 'cross-site' } },
      { path: '/api/auth/%6Cogout', headers: { origin: 'https://evil.example' } },
      { path: '/%61%70%69/auth/logout', headers: { origin: 'https://evil.example' } },
      { path: '/api/auth/logout/', headers: { origin: 'https://evil.example' } },
      { path: '/api/auth/logout?next=/', headers: { origin: 'https://evil.example' } },
    ];
    for (const { path, headers } of attacks) {
      const response = await client.request('POST', path, {}, headers);
      expect(response.status, path).toBe(403);
      expect(response.body.error, path).toBe('Cross-site requests are not allowed.');
    }
    // Spellings the router does not match reach no route at all, and log nobody out either.
    for (const path of ['//api/auth/logout', '/API/auth/logout', '/Api/Auth/Logout']) {
      const response = await client.request('POST', path, {}, { origin: 'https://evil.example' });
      expect([403, 404], path).toContain(response.status);
    }
    expect((await client.get('/api/me')).status).toBe(200);

    // A body that is not JSON is refused on an encoded path as on the plain one.
    const form = await client.request('PATCH', '/%61pi/me/pause', 'isPaused=true', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(form.status).toBe(415);
    expect((await client.get('/api/me')).body.isPaused).toBe(false);
  });

  test('the signed-in user is found on an encoded API path, like on the plain one', async () => {
    const { client } = await app.seller();
    const me = await client.get('/%61pi/me');
    expect(me.status).toBe(200);
    const loggedOut = await client.request('POST', '/%61pi/auth/logout', {}, { origin: app.url });
    expect(loggedOut.status).toBe(200);
    expect((await client.get('/api/me')).status).toBe(401);
  });
});

describe('page-view analytics', () => {
  test('counts views per path without keeping anything about the visitor', async () => {
    for (let i = 0; i < 3; i++) {
      expect(
        (await app.client().post('/api/analytics/page-view', { path: '/pricing' })).status,
      ).toBe(204);
    }
    const rows = await app.ctx.db.select().from(pageViews);
    expect(rows).toEqual([
      { day: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), path: '/pricing', views: 3 },
    ]);
  });

  test('refuses paths with query strings', async () => {
    const response = await app
      .client()
      .post('/api/analytics/page-view', { path: '/reset-password?token=abc' });
    expect(response.status).toBe(400);
  });

  test('is limited per client (120 a minute unless lowered)', async () => {
    expect(DEFAULT_RATE_LIMITS.pageViewPerClient).toEqual({ max: 120, windowMs: 60_000 });
    const client = app.client();
    let accepted = 0;
    let limited: { status: number; headers: Headers; body: { error: string } } | undefined;
    for (let i = 0; i <= PAGE_VIEW_LIMIT && !limited; i++) {
      const response = await client.post('/api/analytics/page-view', { path: '/flood' });
      if (response.status === 429) limited = response;
      else accepted += 1;
    }
    expect(limited?.status).toBe(429);
    expect(limited!.body.error).toMatch(/^Too many requests/);
    expect(Number(limited!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(accepted).toBeLessThanOrEqual(PAGE_VIEW_LIMIT);
  });
});

describe('request logs', () => {
  test('carry the route pattern, never the path, its query, a token or a buyer address', async () => {
    const lines: string[] = [];
    const logged = await buildApp(app.ctx, {
      logLevel: 'info',
      logStream: new Writable({
        write(chunk, _encoding, done) {
          lines.push(String(chunk));
          done();
        },
      }),
    });
    try {
      const { user } = await app.seller();
      const [shop] = await app.ctx.db
        .insert(shops)
        .values({
          userId: user.id,
          marketplace: 'demo',
          externalId: `log-${user.id}`,
          name: 'Mugs',
        })
        .returning();
      const buyer = 'buyer.private@example.com';
      const token = unsubscribeToken(app.ctx.config.appSecret, shop!.id, buyer);
      const resetToken = 'r3s3t-t0k3n-that-must-not-be-logged';

      const page = await logged.inject({ method: 'GET', url: `/api/unsubscribe/${token}` });
      expect(page.statusCode).toBe(200);
      const done = await logged.inject({
        method: 'POST',
        url: `/api/unsubscribe/${token}?utm_source=${encodeURIComponent(buyer)}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(done.statusCode).toBe(200);
      await logged.inject({ method: 'GET', url: `/reset-password?token=${resetToken}` });
      // POST: no route at all, whether or not the web app's GET fallback is built.
      await logged.inject({ method: 'POST', url: `/api/nope/${resetToken}`, payload: {} });
      await logged.inject({
        method: 'POST',
        url: '/api/pw/reset',
        payload: { token: resetToken, password: 'Another-horse-2' },
      });

      const text = lines.join('');
      expect(lines.length).toBeGreaterThan(5);
      for (const secret of [
        token,
        token.split('.')[1]!, // the buyer's address, base64url-encoded inside the token
        buyer,
        encodeURIComponent(buyer),
        resetToken,
        'utm_source',
      ]) {
        expect(text, secret).not.toContain(secret);
      }
      const requests = lines
        .map((line) => JSON.parse(line) as { req?: Record<string, unknown> })
        .filter((line) => line.req)
        .map((line) => line.req);
      expect(requests).toContainEqual({
        method: 'POST',
        route: '/api/unsubscribe/:token',
        remoteNetwork: '127.0.0.0/24',
      });
      expect(requests).toContainEqual(expect.objectContaining({ route: '(no route)' }));
      expect(requests.every((req) => !('url' in req!))).toBe(true);
    } finally {
      await logged.close();
    }
  });
});

describe('client addresses behind proxies', () => {
  let direct: TestApp;
  let proxied: TestApp;
  const loginLimit = { loginPerClient: { max: 3, windowMs: 60_000 } };
  beforeAll(async () => {
    direct = await startTestApp({ rateLimits: loginLimit });
    proxied = await startTestApp({ rateLimits: loginLimit }, { env: { TRUST_PROXY: '1' } });
  });
  afterAll(async () => {
    await direct?.close();
    await proxied?.close();
  });

  let attempt = 0;
  const login = (target: TestApp, forwardedFor: string) =>
    target
      .client()
      .request(
        'POST',
        '/api/auth/login',
        { email: `nobody${++attempt}@example.com`, password: 'Wrong-horse-1' },
        { 'x-forwarded-for': forwardedFor },
      );

  test('by default X-Forwarded-For is ignored: rotating it does not reset the login limit', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 5; i++) statuses.push((await login(direct, `198.51.100.${i}`)).status);
    expect(statuses.slice(0, 3).every((s) => s !== 429)).toBe(true);
    expect(statuses.slice(3)).toEqual([429, 429]);
  });

  test('with TRUST_PROXY=1 the client is the address the proxy forwarded', async () => {
    for (let i = 0; i < 3; i++) expect((await login(proxied, '203.0.113.7')).status).not.toBe(429);
    expect((await login(proxied, '203.0.113.7')).status).toBe(429);
    // Another client behind the same proxy has its own allowance.
    expect((await login(proxied, '203.0.113.8')).status).not.toBe(429);
    // Only the nearest hop is trusted: an address the client put in front of it is not used.
    expect((await login(proxied, '203.0.113.7, 203.0.113.9')).status).not.toBe(429);
    expect((await login(proxied, '203.0.113.1, 203.0.113.7')).status).toBe(429);
  });
});

describe.runIf(testEngine === 'postgres')('rate limits on a PostgreSQL server', () => {
  test('two API processes on one database enforce one limit, keyed without addresses in the clear', async () => {
    const database = await createTestDatabase();
    const config = {
      ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ROLE: 'api' }),
      dataDir: database.dataDir,
      databaseUrl: database.databaseUrl,
    };
    const overrides = {
      logger: false,
      rateLimits: { loginPerClient: { max: 4, windowMs: 60_000 } },
    };
    const processes: Runtime[] = [];
    try {
      for (let i = 0; i < 2; i++) processes.push(await startRuntime(config, overrides));
      const urls: string[] = [];
      for (const { app: server } of processes) {
        await server!.listen({ port: 0, host: '127.0.0.1' });
        urls.push(`http://127.0.0.1:${(server!.server.address() as { port: number }).port}`);
      }
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const response = await fetch(`${urls[i % 2]}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: `shared${i}@example.com`, password: 'Wrong-horse-1' }),
        });
        statuses.push(response.status);
      }
      // Three attempts on each process: counted apart, neither would have refused any.
      expect(statuses.slice(0, 4).every((s) => s === 401)).toBe(true);
      expect(statuses.slice(4)).toEqual([429, 429]);

      const { db } = processes[0]!.ctx;
      const rows = await db.select().from(rateLimitCounters);
      expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.key))).toBe(true);
      expect(JSON.stringify(rows)).not.toMatch(/127\.0\.0\.1|example\.com/);
      expect(rows.map((row) => row.hits)).toContain(6);

      // Ended windows are pruned by the hourly cleanup; live ones stay.
      await runCleanup(db, new Date());
      expect(await db.select().from(rateLimitCounters)).toHaveLength(rows.length);
      await runCleanup(db, new Date(Date.now() + 61 * 60_000));
      expect(await db.select().from(rateLimitCounters)).toHaveLength(0);
    } finally {
      for (const running of processes) await running.stop();
      await database.drop();
    }
  });

  test('a fixed window counts up, then starts again at one once it has ended', async () => {
    let now = new Date('2026-03-01T10:00:00Z');
    const Store = postgresRateLimitStore(app.ctx.db, 'w'.repeat(40), { now: () => now });
    const store = new Store().child();
    const hit = () =>
      new Promise<{ current: number; ttl: number }>((resolve, reject) =>
        store.incr(
          'window-test',
          (error, result) => (error ? reject(error) : resolve(result!)),
          1000,
        ),
      );
    const first = await hit();
    expect(first.current).toBe(1);
    expect(first.ttl).toBe(1000);
    now = new Date(now.getTime() + 400);
    expect(await hit()).toEqual({ current: 2, ttl: 600 });
    now = new Date(now.getTime() + 599);
    expect(await hit()).toEqual({ current: 3, ttl: 1 });
    // The window ends at its reset time: the next hit starts a new one.
    now = new Date(now.getTime() + 1);
    expect(await hit()).toEqual({ current: 1, ttl: 1000 });
  });
});
