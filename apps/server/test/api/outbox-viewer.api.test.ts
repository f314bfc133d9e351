// The in-app outbox: a seller reads their own account's kept mail (headers, HTML and text parts).
import type { OutboxList, OutboxMessage } from '@thankly/api-contract';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { type TestApp, type TestClient, startTestApp } from '../support/test-app.ts';

const RESET_SUBJECT = 'Reset your Thankly password';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({}, { mailTo: 'outbox' });
});
afterAll(() => app?.close());

const listOf = (client: TestClient) => client.get<OutboxList>('/api/outbox');

/** The reset mail goes out from a job: wait until the seller's own list holds it. */
async function resetMailOf(client: TestClient, email: string) {
  expect((await app.client().post('/api/pw/forgot', { email })).status).toBe(200);
  return vi.waitFor(
    async () => {
      const { messages } = (await listOf(client)).body;
      const found = messages.find((m) => m.subject === RESET_SUBJECT);
      if (!found) throw new Error('the reset mail never reached the outbox');
      return found;
    },
    { timeout: 15_000, interval: 100 },
  );
}

test('a seller lists their kept mail and reads one message: headers, HTML and text', async () => {
  const { client, email } = await app.seller();
  const item = await resetMailOf(client, email);
  const list = await listOf(client);
  expect(list.status).toBe(200);
  expect(list.headers.get('cache-control')).toBe('no-store');
  expect(list.body.enabled).toBe(true);
  expect(list.body.messages.every((m) => m.to === email)).toBe(true);

  const read = await client.get<OutboxMessage>(`/api/outbox/${item.id}`);
  expect(read.status).toBe(200);
  expect(read.headers.get('cache-control')).toBe('no-store');
  const header = (name: string) => read.body.headers.find((h) => h.name.toLowerCase() === name);
  expect(header('subject')?.value).toBe(RESET_SUBJECT);
  expect(header('to')?.value).toContain(email);
  // The parts come decoded (no quoted-printable soft breaks or =3D), ready to show.
  expect(read.body.html).toMatch(/<a [^>]*href="http:\/\/127\.0\.0\.1:\d+\/reset-password\?token=/);
  expect(read.body.html).not.toContain('=3D');
  expect(read.body.text).toMatch(/\/reset-password\?token=\S+/);
  expect(read.body.text).not.toContain('<a');
});

describe('who may read a kept message', () => {
  test("another seller's message is missing, however its id is asked for", async () => {
    const a = await app.seller();
    const b = await app.seller();
    const mailOfA = await resetMailOf(a.client, a.email);

    const byB = await b.client.get(`/api/outbox/${mailOfA.id}`);
    expect(byB.status).toBe(404);
    expect(JSON.stringify(byB.body)).not.toContain('reset-password');
    expect((await listOf(b.client)).body.messages.map((m) => m.id)).not.toContain(mailOfA.id);
  });

  test('nobody anonymously', async () => {
    const a = await app.seller();
    const mail = await resetMailOf(a.client, a.email);
    const anonymous = app.client();
    expect((await listOf(anonymous)).status).toBe(401);
    const read = await anonymous.get(`/api/outbox/${mail.id}`);
    expect(read.status).toBe(401);
    expect(JSON.stringify(read.body)).not.toContain('reset-password');
  });

  test('a malformed or hostile id is the same 404 as a missing one', async () => {
    const { client } = await app.seller();
    for (const id of ['not-a-uuid', "' OR 1=1 --", '..%2F..%2Fetc%2Fpasswd', crypto.randomUUID()])
      expect((await client.get(`/api/outbox/${encodeURIComponent(id)}`)).status).toBe(404);
  });
});

describe('where mail really goes out', () => {
  let relayed: TestApp;
  beforeAll(async () => {
    relayed = await startTestApp();
  });
  afterAll(() => relayed?.close());

  test('the outbox says it is not in use and shows nothing', async () => {
    const { client, email } = await relayed.seller();
    expect((await relayed.client().post('/api/pw/forgot', { email })).status).toBe(200);
    await relayed.idle();
    const list = await listOf(client);
    expect(list.status).toBe(200);
    expect(list.body).toEqual({ enabled: false, messages: [] });
    expect((await client.get(`/api/outbox/${crypto.randomUUID()}`)).status).toBe(404);
  });
});
