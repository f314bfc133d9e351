import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { pageViews } from '../../src/db/schema.ts';
import { type TestApp, startTestApp } from '../support/test-app.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
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
});
