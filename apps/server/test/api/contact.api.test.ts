import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { contactMessages, users } from '../../src/infrastructure/db/schema.ts';
import { type TestApp, startTestApp } from '../support/test-app.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ rateLimits: { contactPerClient: { max: 14, windowMs: 60_000 } } });
});
afterAll(() => app?.close());

const valid = { name: 'Lena', email: 'lena@example.com', message: 'Can I use my own domain?' };

describe('contact form', () => {
  test.each([
    [{ ...valid, name: '  ' }, 'Please add your name.'],
    [{ ...valid, name: undefined }, 'Please add your name.'],
    [{ ...valid, email: '' }, 'An email is required.'],
    [{ ...valid, email: 'lena-at-example' }, 'Please enter a valid email.'],
    [{ ...valid, message: '' }, 'A short message helps us respond faster.'],
    [{ ...valid, message: 'x'.repeat(1001) }, 'Please keep your message under 1000 characters.'],
  ])('refuses %j and stores nothing', async (body, message) => {
    const before = (await app.ctx.db.select().from(contactMessages)).length;
    const response = await app.client().post('/api/contact', body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: message });
    expect((await app.ctx.db.select().from(contactMessages)).length).toBe(before);
  });

  test('stores the message and forwards it to support with Reply-To the sender', async () => {
    const message = `Hello from the test ${Date.now()}`;
    const response = await app
      .client()
      .post('/api/contact', { ...valid, message: message.padEnd(1000, '.') });
    expect(response.body).toEqual({ ok: true });
    const mail = await app.mail.waitFor((m) => m.text.includes(message));
    expect(mail.to).toBe(app.ctx.config.supportEmail);
    expect(mail.replyTo).toBe('lena@example.com');
    expect(mail.subject).toBe('Contact form: Lena');
    const [stored] = await app.ctx.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, 'lena@example.com'));
    expect(stored).toMatchObject({ name: 'Lena', isPriority: false });
  });

  test('flags Business subscribers as priority', async () => {
    const { client, user } = await app.seller();
    await app.ctx.db.update(users).set({ plan: 'business' }).where(eq(users.id, user.id));
    const message = `Priority question ${Date.now()}`;
    expect((await client.post('/api/contact', { ...valid, message })).body).toEqual({ ok: true });
    const mail = await app.mail.waitFor((m) => m.text.includes(message));
    expect(mail.subject).toBe('[Priority] Contact form: Lena');
    const [stored] = await app.ctx.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.userId, user.id));
    expect(stored!.isPriority).toBe(true);
  });

  test('is rate limited per client', async () => {
    let status = 200;
    for (let i = 0; i < 15 && status !== 429; i++) {
      status = (await app.client().post('/api/contact', valid)).status;
    }
    expect(status).toBe(429);
  });
});
