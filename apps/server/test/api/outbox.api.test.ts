import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { type TestApp, type TestClient, startTestApp } from '../support/test-app.ts';

const OPERATOR_TOKEN = 'o'.repeat(40);
const operator = { authorization: `Bearer ${OPERATOR_TOKEN}` };
const RESET_SUBJECT = 'Reset your Thankly password';

interface OutboxItem {
  id: string;
  to: string;
  subject: string;
  raw: string;
}

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({}, { mailTo: 'outbox', env: { OPERATOR_TOKEN } });
});
afterAll(() => app?.close());

const readAs = async (client: TestClient, headers: Record<string, string> = {}) =>
  client.request<{ messages: OutboxItem[] }>('GET', '/dev/outbox.json', undefined, headers);

/** Product mail goes out from a job: wait until the operator's view holds what is expected. */
async function waitForMail(match: (m: OutboxItem) => boolean): Promise<OutboxItem> {
  return vi.waitFor(
    async () => {
      const found = (await readAs(app.client(), operator)).body.messages.find(match);
      if (!found) throw new Error('the expected mail never reached the outbox');
      return found;
    },
    { timeout: 15_000, interval: 100 },
  );
}

async function resetMailOf(email: string): Promise<OutboxItem> {
  expect((await app.client().post('/api/pw/forgot', { email })).status).toBe(200);
  return waitForMail((m) => m.to === email && m.subject === RESET_SUBJECT);
}

test('without SMTP_URL, product mail is kept in the outbox and nothing is delivered', async () => {
  const { client, email } = await app.seller();
  const reset = await resetMailOf(email);
  expect(reset.raw).toMatch(/reset-password\?token=/);
  expect(app.mail.messages).toHaveLength(0);

  const page = await client.get('/dev/outbox');
  expect(page.status).toBe(200);
  expect(page.headers.get('content-type')).toMatch(/text\/html/);
  expect(page.headers.get('cache-control')).toBe('no-store');
  expect(page.body).toContain(RESET_SUBJECT);
  expect(page.body).toContain('Nothing was delivered');

  const eml = await client.get(`/dev/outbox/${reset.id}.eml`);
  expect(eml.status).toBe(200);
  expect(eml.headers.get('content-type')).toMatch(/message\/rfc822/);
  expect(eml.body).toContain(`To: ${email}`);
  expect((await client.get('/dev/outbox/not-a-uuid.eml')).status).toBe(400);
});

describe('who may read the outbox', () => {
  test('nobody anonymously: the list, the JSON and each message ask to sign in', async () => {
    const { email } = await app.seller();
    const reset = await resetMailOf(email);
    const anonymous = app.client();

    const json = await readAs(anonymous);
    expect(json.status).toBe(401);
    expect(JSON.stringify(json.body)).not.toContain('token=');

    const page = await anonymous.get('/dev/outbox');
    expect(page.status).toBe(401);
    expect(page.body).toContain('Sign in');
    expect(page.body).toContain('href="/login"');
    expect(page.body).not.toContain(RESET_SUBJECT);
    expect(page.body).not.toContain(email);

    const eml = await anonymous.get(`/dev/outbox/${reset.id}.eml`);
    expect(eml.status).toBe(401);
    expect(eml.body).not.toContain('reset-password');

    // A wrong operator token is no better than none.
    const forged = await readAs(anonymous, { authorization: `Bearer ${'x'.repeat(40)}` });
    expect(forged.status).toBe(401);
  });

  test("a seller reads their own account's mail and never another's reset link", async () => {
    const a = await app.seller();
    const b = await app.seller();
    const resetA = await resetMailOf(a.email);
    const resetB = await resetMailOf(b.email);

    const seenByA = (await readAs(a.client)).body.messages;
    expect(seenByA.map((m) => m.id)).toContain(resetA.id);
    expect(seenByA.map((m) => m.id)).not.toContain(resetB.id);
    expect(seenByA.every((m) => m.to === a.email)).toBe(true);

    expect((await a.client.get(`/dev/outbox/${resetB.id}.eml`)).status).toBe(404);
    const pageA = await a.client.get('/dev/outbox');
    expect(pageA.body).toContain(a.email);
    expect(pageA.body).not.toContain(b.email);

    const seenByB = (await readAs(b.client)).body.messages.map((m) => m.id);
    expect(seenByB).toContain(resetB.id);
    expect(seenByB).not.toContain(resetA.id);
  });

  test('the operator reads every message', async () => {
    const a = await app.seller();
    const b = await app.seller();
    const resetA = await resetMailOf(a.email);
    const resetB = await resetMailOf(b.email);
    const all = (await readAs(app.client(), operator)).body.messages.map((m) => m.id);
    expect(all).toEqual(expect.arrayContaining([resetA.id, resetB.id]));
    const eml = await app
      .client()
      .request('GET', `/dev/outbox/${resetB.id}.eml`, undefined, operator);
    expect(eml.status).toBe(200);
    expect(eml.body).toContain(`To: ${b.email}`);
  });

  test('mail sent on a seller’s behalf is theirs, not the account that holds the recipient address', async () => {
    const sender = await app.seller();
    const recipient = await app.seller();
    await app.ctx.mailer.send({
      to: recipient.email,
      subject: 'Thank you for your order',
      html: '<p>Thanks</p>',
      text: 'Thanks',
      accountId: sender.user.id,
    });
    const bySender = (await readAs(sender.client)).body.messages;
    expect(bySender.map((m) => m.subject)).toContain('Thank you for your order');
    const byRecipient = (await readAs(recipient.client)).body.messages;
    expect(byRecipient.map((m) => m.subject)).not.toContain('Thank you for your order');
  });

  test('contact messages are the operator’s, even for an account registered under the support address', async () => {
    const squatter = await app.seller({ email: app.ctx.config.supportEmail });
    expect(
      (
        await app.client().post('/api/contact', {
          name: 'Visitor',
          email: 'visitor@example.com',
          message: 'A private question about my order',
        })
      ).status,
    ).toBe(200);
    const mail = await waitForMail((m) => m.subject.startsWith('Contact form: Visitor'));
    expect((await readAs(squatter.client)).body.messages.map((m) => m.id)).not.toContain(mail.id);
    expect((await squatter.client.get(`/dev/outbox/${mail.id}.eml`)).status).toBe(404);
  });
});
