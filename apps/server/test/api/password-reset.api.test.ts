import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { passwordResetTokens } from '../../src/infrastructure/db/schema.ts';
import type { Clock } from '../../src/infrastructure/time/athens.ts';
import { type TestApp, startTestApp } from '../support/test-app.ts';

let app: TestApp;
let offsetMs = 0;
const clock: Clock = { now: () => new Date(Date.now() + offsetMs) };

beforeAll(async () => {
  app = await startTestApp({
    clock,
    rateLimits: {
      forgotPerEmail: { max: 2, windowMs: 60_000 },
      forgotPerClient: { max: 50, windowMs: 60_000 },
    },
  });
});
afterAll(() => app?.close());

function tokenFrom(text: string): string {
  const match = /reset-password\?token=([0-9a-f]+)/.exec(text);
  if (!match) throw new Error('no reset link in the mail');
  return match[1]!;
}

async function requestReset(email: string): Promise<string> {
  const response = await app.client().post('/api/pw/forgot', { email });
  expect(response.body).toEqual({ ok: true });
  const mail = await app.mail.waitFor(
    (m) => m.to === email && m.subject === 'Reset your Thankly password',
  );
  return tokenFrom(mail.text);
}

describe('forgot password', () => {
  test('answers the same whether or not the email has an account', async () => {
    const { email } = await app.seller();
    const known = await app.client().post('/api/pw/forgot', { email });
    const unknown = await app.client().post('/api/pw/forgot', { email: 'nobody-here@example.com' });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
  });

  test('mails a single 64-hex token link to the app, stored only as a hash', async () => {
    const { email } = await app.seller();
    const token = await requestReset(email);
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    const mail = app.mail.messages.find((m) => m.text.includes(token))!;
    expect(mail.html).toContain(`${app.url}/reset-password?token=${token}`);
    const stored = await app.ctx.db.select().from(passwordResetTokens);
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.some((row) => row.tokenHash === token)).toBe(false);
  });

  test('goes to the verified account of the address, else the newest', async () => {
    const owner = await app.seller();
    const copy = app.client();
    const registered = await copy.post('/api/auth/register', {
      name: 'Copy',
      email: owner.email,
      password: 'Copy-pass-1',
    });
    expect(registered.status).toBe(201);
    const token = await requestReset(owner.email);
    expect(
      (await app.client().post('/api/pw/reset', { token, password: 'Owner-new-2' })).body,
    ).toEqual({ ok: true });
    const login = await app
      .client()
      .post('/api/auth/login', { email: owner.email, password: 'Owner-new-2' });
    expect(login.body.user.id).toBe(owner.user.id);
    // The copy's session and password are untouched: the link was not for it.
    expect((await copy.get('/api/auth/me')).body.user.id).toBe(registered.body.user.id);

    // No verified account: the newest one.
    const email = `unverified-${Date.now()}@example.com`;
    await app.seller({ email, verified: false, password: 'First-pass-1' });
    const newest = await app.seller({ email, verified: false, password: 'Second-pass-2' });
    const second = await requestReset(email);
    await app.client().post('/api/pw/reset', { token: second, password: 'Newest-new-3' });
    const newestLogin = await app
      .client()
      .post('/api/auth/login', { email, password: 'Newest-new-3' });
    expect(newestLogin.body.user.id).toBe(newest.user.id);
  });

  test('limits requests per email, for unknown addresses too, with Retry-After', async () => {
    for (const email of [(await app.seller()).email, 'ghost@example.com']) {
      for (let i = 0; i < 2; i++)
        expect((await app.client().post('/api/pw/forgot', { email })).status).toBe(200);
      const limited = await app.client().post('/api/pw/forgot', { email });
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });
});

describe('reset password', () => {
  test('sets the new password once, ends every session, and refuses the token again', async () => {
    const { client, email, password } = await app.seller();
    const token = await requestReset(email);

    const reset = await app.client().post('/api/pw/reset', { token, password: 'Brand-new-9' });
    expect(reset.body).toEqual({ ok: true });
    expect((await client.get('/api/auth/me')).body).toEqual({ user: null });
    expect((await app.client().post('/api/auth/login', { email, password })).status).toBe(401);
    expect(
      (await app.client().post('/api/auth/login', { email, password: 'Brand-new-9' })).status,
    ).toBe(200);

    const again = await app.client().post('/api/pw/reset', { token, password: 'Another-one-9' });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ error: 'Invalid or expired reset token' });
  });

  test.each([
    ['short1A', 'At least 8 characters.'],
    ['alllowercase1', 'One uppercase letter.'],
    ['ALLUPPERCASE1', 'One lowercase letter.'],
    ['NoNumbersHere', 'One number.'],
  ])('enforces the password rules: %s', async (password, message) => {
    const token = 'a'.repeat(64);
    const response = await app.client().post('/api/pw/reset', { token, password });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: message });
  });

  test('refuses a malformed or unknown token', async () => {
    for (const token of ['xyz', '', 'g'.repeat(64), 'b'.repeat(64)]) {
      const response = await app
        .client()
        .post('/api/pw/reset', { token, password: 'Valid-pass-1' });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: 'Invalid or expired reset token' });
    }
  });

  test('a link expires after 15 minutes', async () => {
    const { email, user } = await app.seller();
    const token = await requestReset(email);
    const [row] = await app.ctx.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, user.id));
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeGreaterThanOrEqual(
      15 * 60_000 - 5_000,
    );
    offsetMs = 15 * 60_000 + 1_000;
    try {
      const response = await app
        .client()
        .post('/api/pw/reset', { token, password: 'Valid-pass-1' });
      expect(response.body).toEqual({ error: 'Invalid or expired reset token' });
    } finally {
      offsetMs = 0;
    }
  });
});
