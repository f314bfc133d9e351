// Trying-out mode (no APP_URL, not production): redirects and mailed links follow the address the
// browser used, so a seller on 127.0.0.1 is not sent to a localhost where they have no session.
// Production never lets a Host header steer them.
import { request as httpRequest } from 'node:http';
import type { OutboxList, OutboxMessage } from '@thankly/api-contract';
import { afterAll, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { connectDemoShop } from '../support/sending-helpers.ts';
import { type TestApp, type TestClient, startTestApp } from '../support/test-app.ts';

let app: TestApp;
let embeddedDefault: string;
beforeAll(async () => {
  app = await startTestApp({}, { mailTo: 'outbox' });
  // What a server started without APP_URL says about itself (config/env.ts).
  embeddedDefault = app.url.replace('127.0.0.1', 'localhost');
});
beforeEach(() => {
  app.ctx.config.appUrl = embeddedDefault;
  app.ctx.config.appUrlConfigured = false;
  app.ctx.config.env = 'test';
});
afterAll(() => app?.close());

/** The text of the newest kept message with this subject, as the seller's outbox shows it. */
async function keptMail(client: TestClient, subject: RegExp): Promise<string> {
  const item = await vi.waitFor(
    async () => {
      const { messages } = (await client.get<OutboxList>('/api/outbox')).body;
      const found = messages.find((m) => subject.test(m.subject));
      if (!found) throw new Error(`no mail matching ${subject} reached the outbox`);
      return found;
    },
    { timeout: 15_000, interval: 100 },
  );
  return (await client.get<OutboxMessage>(`/api/outbox/${item.id}`)).body.text ?? '';
}

/** A POST as a client that claims any Host it likes (fetch always sends the real one). */
function postWithHost(path: string, host: string, body: unknown): Promise<number> {
  const { port } = new URL(app.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        headers: { host, 'content-type': 'application/json' },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

test('the demo shop connects from 127.0.0.1 without a detour to localhost', async () => {
  const { client } = await app.seller();
  const { url } = (await client.get<{ url: string }>('/api/etsy/connect')).body;
  const consent = new URL(url);
  expect(consent.origin).toBe(app.url);
  expect(consent.searchParams.get('redirect_uri')).toBe(`${app.url}/api/etsy/callback`);
  // The whole round trip, with the consent page accepting the browser's own callback address.
  const shop = await connectDemoShop(app, client);
  expect(shop.name).toBeTruthy();
});

test('mailed links follow the browser: confirmation, reset and address change', async () => {
  const seller = await app.seller({ verified: false });
  expect(await keptMail(seller.client, /confirm/i)).toContain(`${app.url}/verify-email?token=`);

  expect((await seller.client.post('/api/pw/forgot', { email: seller.email })).status).toBe(200);
  expect(await keptMail(seller.client, /reset/i)).toContain(`${app.url}/reset-password?token=`);

  // The notice to the current address of a requested change (the new address's own link is
  // mailed to an address that is not the account's, so it is not in this seller's outbox).
  const verified = await app.seller();
  const change = await verified.client.patch('/api/auth/update-email', {
    email: `new-${verified.email}`,
    password: verified.password,
  });
  expect(change.status).toBe(200);
  const notice = await keptMail(verified.client, /about to change/i);
  expect(notice).toContain(`${app.url}/forgot-password`);
  expect(notice).not.toContain(embeddedDefault);
});

test.each([
  // The most exposed case: production, even were APP_URL somehow not marked as set.
  { setting: 'in production', env: 'production', appUrlConfigured: false },
  { setting: 'with APP_URL set', env: 'test', appUrlConfigured: true },
] as const)('$setting, a foreign Host header cannot steer a mailed link', async (setting) => {
  app.ctx.config.env = setting.env;
  app.ctx.config.appUrl = 'https://thankly.example';
  app.ctx.config.appUrlConfigured = setting.appUrlConfigured;
  const seller = await app.seller();
  expect(await postWithHost('/api/pw/forgot', 'evil.example', { email: seller.email })).toBe(200);
  const text = await keptMail(seller.client, /reset/i);
  expect(text).toContain('https://thankly.example/reset-password?token=');
  expect(text).not.toContain('evil.example');
});
