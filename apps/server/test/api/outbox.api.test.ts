import { afterAll, beforeAll, expect, test } from 'vitest';
import { type TestApp, startTestApp } from '../support/test-app.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({}, { mailTo: 'outbox' });
});
afterAll(() => app?.close());

test('without SMTP_URL, product mail is kept in the outbox an operator can read', async () => {
  const { email } = await app.seller();
  expect((await app.client().post('/api/pw/forgot', { email })).status).toBe(200);

  let messages: Array<{ id: string; to: string; subject: string; raw: string }> = [];
  for (let i = 0; i < 50 && messages.length === 0; i++) {
    messages = (await app.client().get('/dev/outbox.json')).body.messages;
    if (messages.length === 0) await new Promise((r) => setTimeout(r, 200));
  }
  expect(messages).toHaveLength(1);
  expect(messages[0]).toMatchObject({ to: email, subject: 'Reset your Thankly password' });
  expect(messages[0]!.raw).toMatch(/reset-password\?token=/);
  expect(app.mail.messages).toHaveLength(0);

  const page = await app.client().get('/dev/outbox');
  expect(page.headers.get('content-type')).toMatch(/text\/html/);
  expect(page.body).toContain('Reset your Thankly password');
  expect(page.body).toContain('Nothing was delivered');

  const eml = await app.client().get(`/dev/outbox/${messages[0]!.id}.eml`);
  expect(eml.headers.get('content-type')).toMatch(/message\/rfc822/);
  expect(eml.body).toContain(`To: ${email}`);
  expect((await app.client().get('/dev/outbox/not-a-uuid.eml')).status).toBe(400);
});
