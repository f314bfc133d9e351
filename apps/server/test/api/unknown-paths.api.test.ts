// A rate-limited 404 (issue 39 point 5): paths nothing serves (unknown /api paths, unknown pages,
// methods no route takes) answer 404 `{ error }` (a page: the prerendered 404 page) until one
// client has asked for too many of them in a window, then 429 with Retry-After, so a scanner
// walking a word list cannot run unbounded. Known routes and other clients are not held back, and
// the window passes on the app's clock.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type TestApp, startTestApp } from '../support/test-app.ts';

const LIMIT = 5;
const WINDOW_MS = 60_000;

// Real time (requests wait in it) that the test can move on without sleeping.
let skippedMs = 0;
const realStart = Date.now();
const clock = { now: () => new Date(realStart + skippedMs + (Date.now() - realStart)) };

let app: TestApp;
let webDist: string;
beforeAll(async () => {
  // A web build of our own, so the 404 page is there whatever apps/web/dist holds.
  webDist = await mkdtemp(path.join(tmpdir(), 'thankly-unknown-paths-'));
  await writeFile(path.join(webDist, 'spa.html'), '<!doctype html><title>app</title>');
  await writeFile(
    path.join(webDist, '404.html'),
    '<!doctype html><title>Not found</title><p>No page at /__thankly-requested-path__</p>',
  );
  await writeFile(path.join(webDist, 'spa-routes.json'), JSON.stringify(['/thankly']));
  app = await startTestApp(
    { clock, rateLimits: { unknownPathPerClient: { max: LIMIT, windowMs: WINDOW_MS } } },
    // Clients are told apart by the address the (trusted) proxy forwards.
    { env: { TRUST_PROXY: '1', WEB_DIST: webDist } },
  );
});
afterAll(async () => {
  await app?.close();
  await rm(webDist, { recursive: true, force: true });
});

let client = 0;
const newClient = () => `203.0.113.${++client}`;
const from = (address: string, method: string, url: string, body?: unknown) =>
  app.client().request(method, url, body, { 'x-forwarded-for': address });

describe('paths nothing serves', () => {
  test('an unknown /api path is a 404 { error } until the limit, then 429 with Retry-After', async () => {
    const address = newClient();
    for (let i = 0; i < LIMIT; i++) {
      const response = await from(address, 'GET', `/api/probe-${i}`);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ error: `No such endpoint: GET /api/probe-${i}` });
    }
    const refused = await from(address, 'GET', '/api/probe-last');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: expect.stringMatching(/^Too many requests/) });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(WINDOW_MS / 1000);
  });

  test('unknown pages, unknown methods and disguised /api paths share one count', async () => {
    const address = newClient();
    const page = await from(address, 'GET', '/wp-login.php');
    expect(page.status).toBe(404);
    expect(page.body).toContain('No page at /wp-login.php');
    const method = await from(address, 'DELETE', '/api/health');
    expect(method.status).toBe(404);
    expect(method.body).toEqual({ error: 'No such endpoint: DELETE /api/health' });
    const posted = await from(address, 'POST', '/.env', { x: 1 });
    expect(posted.status).toBe(404);
    // The router decodes '%61' to 'a': this is an unknown /api path like any other.
    const disguised = await from(address, 'GET', '/%61pi/admin');
    expect(disguised.status).toBe(404);
    // fetch resolves the dots itself: this asks for /etc/passwd, an unknown page.
    const traversal = await from(address, 'GET', '/api/../../etc/passwd');
    expect(traversal.body).toContain('No page at /etc/passwd');

    for (const [method, url] of [
      ['GET', '/admin.php'],
      ['GET', '/api/x'],
      ['PUT', '/anything'],
    ] as const) {
      const response = await from(address, method, url, method === 'PUT' ? {} : undefined);
      expect(response.status, url).toBe(429);
      expect(response.body, url).toEqual({ error: expect.stringMatching(/^Too many requests/) });
    }
  });

  test('a limited client still reaches real routes and pages; another client is not held back', async () => {
    const address = newClient();
    for (let i = 0; i <= LIMIT; i++) await from(address, 'GET', `/api/nope-${i}`);
    expect((await from(address, 'GET', '/api/nope')).status).toBe(429);

    const health = await from(address, 'GET', '/api/health');
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ ok: true });
    const appRoute = await from(address, 'GET', '/thankly');
    expect(appRoute.status).toBe(200);
    expect(appRoute.body).toContain('<title>app</title>');

    const other = await from(newClient(), 'GET', '/api/nope');
    expect(other.status).toBe(404);
  });

  test('the limit lasts for its window on the app clock, then 404s again', async () => {
    const address = newClient();
    for (let i = 0; i < LIMIT; i++) await from(address, 'GET', `/api/gone-${i}`);
    expect((await from(address, 'GET', '/api/gone')).status).toBe(429);
    skippedMs += WINDOW_MS / 2;
    expect((await from(address, 'GET', '/api/gone')).status).toBe(429);
    skippedMs += WINDOW_MS;
    const again = await from(address, 'GET', '/api/gone');
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ error: 'No such endpoint: GET /api/gone' });
  });
});
