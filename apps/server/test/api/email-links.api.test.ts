import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  CHANGED_SUBJECT,
  CHANGE_CONFIRM_SUBJECT,
  CHANGE_REQUESTED_SUBJECT,
  VERIFY_SUBJECT,
} from '../../src/auth/account-mails.ts';
import { emailTokens, passwordResetTokens } from '../../src/infrastructure/db/schema.ts';
import { issueEmailToken } from '../../src/auth/email-tokens.ts';
import { hashToken } from '../../src/auth/tokens.ts';
import { runCleanup } from '../../src/cleanup-job.ts';
import type { Clock } from '../../src/infrastructure/time/athens.ts';
import { confirmEmailToken, resetToken, verifyToken } from '../support/mail-links.ts';
import { type TestApp, type TestClient, startTestApp } from '../support/test-app.ts';

let app: TestApp;
let offsetMs = 0;
const clock: Clock = { now: () => new Date(Date.now() + offsetMs) };

beforeAll(async () => {
  app = await startTestApp({
    clock,
    rateLimits: { verifyResendPerUser: { max: 2, windowMs: 60_000 } },
  });
});
afterAll(() => app?.close());

const INVALID = { error: 'This link is invalid or has expired.' };

async function unverifiedSeller() {
  const seller = await app.seller({ verified: false });
  const mail = await app.mail.waitFor((m) => m.to === seller.email && m.subject === VERIFY_SUBJECT);
  return { ...seller, token: verifyToken(mail) };
}

describe('confirming the account address', () => {
  test('registration mails a 24-hour link to the app page, stored only as a hash', async () => {
    const { email, token, user } = await unverifiedSeller();
    const mail = app.mail.messages.find((m) => m.text.includes(token))!;
    expect(mail.html).toContain(`${app.url}/verify-email?token=${token}`);
    const [row] = await app.ctx.db
      .select()
      .from(emailTokens)
      .where(eq(emailTokens.userId, user.id));
    expect(row).toMatchObject({ purpose: 'verify_email', email, usedAt: null });
    expect(row!.tokenHash).not.toBe(token);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(24 * 60 * 60 * 1000);
  });

  test('the link verifies once; /auth/me and /me say so', async () => {
    const { client, token } = await unverifiedSeller();
    expect((await client.get('/api/auth/me')).body.user.emailVerified).toBe(false);
    expect((await client.get('/api/me')).body).toMatchObject({
      emailVerified: false,
      pendingEmail: null,
    });

    const verified = await client.post('/api/auth/verify-email', { token });
    expect(verified.status).toBe(200);
    expect(verified.body.user.emailVerified).toBe(true);
    expect((await client.get('/api/auth/me')).body.user.emailVerified).toBe(true);
    expect((await client.get('/api/me')).body.emailVerified).toBe(true);

    const again = await client.post('/api/auth/verify-email', { token });
    expect(again.status).toBe(400);
    expect(again.body).toEqual(INVALID);
  });

  test('an expired link is refused', async () => {
    const { client, token } = await unverifiedSeller();
    offsetMs = 24 * 60 * 60 * 1000 + 1000;
    try {
      const response = await client.post('/api/auth/verify-email', { token });
      expect(response.status).toBe(400);
      expect(response.body).toEqual(INVALID);
    } finally {
      offsetMs = 0;
    }
    expect((await client.get('/api/auth/me')).body.user.emailVerified).toBe(false);
  });

  test("another account's link is a 404 and stays unspent; a visitor gets 401", async () => {
    const owner = await unverifiedSeller();
    const other = await app.seller({ verified: false });
    const foreign = await other.client.post('/api/auth/verify-email', { token: owner.token });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toMatch(/another Thankly account/);
    expect((await other.client.get('/api/auth/me')).body.user.emailVerified).toBe(false);
    expect((await app.client().post('/api/auth/verify-email', { token: owner.token })).status).toBe(
      401,
    );
    // Still good for its own account.
    expect((await owner.client.post('/api/auth/verify-email', { token: owner.token })).status).toBe(
      200,
    );
  });

  test('hostile or malformed tokens are a 400, never a 500', async () => {
    const { client } = await app.seller({ verified: false });
    for (const token of ['', 'x', "' OR 1=1 --", 'g'.repeat(64), 'a'.repeat(65), 42, null, {}]) {
      const response = await client.post('/api/auth/verify-email', { token });
      expect(response.status, JSON.stringify(token)).toBe(400);
      expect(response.body).toEqual(INVALID);
    }
    expect((await client.post('/api/auth/verify-email', {})).status).toBe(400);
  });

  test('resend mails a new working link, is limited per seller with Retry-After', async () => {
    const { client, email } = await unverifiedSeller();
    const before = app.mail.messages.filter((m) => m.to === email).length;
    expect((await client.post('/api/auth/verify-email/resend')).body).toEqual({
      ok: true,
      sentTo: email,
    });
    await app.mail.waitFor(
      (m) => m.to === email && app.mail.messages.filter((x) => x.to === email).length > before,
    );
    const latest = app.mail.messages.filter((m) => m.to === email).at(-1)!;
    expect(latest.subject).toBe(VERIFY_SUBJECT);
    expect((await client.post('/api/auth/verify-email/resend')).status).toBe(200);
    const limited = await client.post('/api/auth/verify-email/resend');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.body.error).toMatch(/Too many requests/);

    expect(
      (await client.post('/api/auth/verify-email', { token: verifyToken(latest) })).status,
    ).toBe(200);
  });

  test('a verified seller asking for a resend is told so', async () => {
    const { client } = await app.seller();
    const response = await client.post('/api/auth/verify-email/resend');
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('Your email address is already confirmed.');
  });
});

async function requestChange(client: TestClient, email: string, password: string) {
  const response = await client.patch('/api/auth/update-email', { email, password });
  expect(response.status).toBe(200);
  const mail = await app.mail.waitFor(
    (m) => m.to === email && m.subject === CHANGE_CONFIRM_SUBJECT,
  );
  return confirmEmailToken(mail);
}

describe('changing the email', () => {
  test('needs the password and a valid, different address', async () => {
    const { client, email, password } = await app.seller();
    const wrongPassword = await client.patch('/api/auth/update-email', {
      email: 'new@example.com',
      password: 'nope',
    });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body.error).toBe('That password is not correct.');
    const invalid = await client.patch('/api/auth/update-email', { email: 'nope', password });
    expect(invalid.body).toEqual({ error: 'Please enter a valid email.' });
    // Another seller: each request counts towards the per-seller limit.
    const hostileSeller = await app.seller();
    for (const hostile of ['a@x.com\r\nBcc: b@y.com', 'a@x.com, b@y.com', '"A" <a@x.com>']) {
      const response = await hostileSeller.client.patch('/api/auth/update-email', {
        email: hostile,
        password: hostileSeller.password,
      });
      expect(response.status, hostile).toBe(400);
    }
    const same = await client.patch('/api/auth/update-email', { email, password });
    expect(same.body.error).toBe('That is already your account email.');
  });

  test('end to end through the mails: nothing changes until the new address confirms', async () => {
    const { client, email, password, user } = await app.seller({ name: 'Mover' });
    const otherDevice = app.client();
    expect((await otherDevice.post('/api/auth/login', { email, password })).status).toBe(200);
    const fresh = `moved-${Date.now()}@example.com`;

    const response = await client.patch('/api/auth/update-email', { email: fresh, password });
    expect(response.body).toMatchObject({ user: { email }, pendingEmail: fresh });
    const confirm = await app.mail.waitFor(
      (m) => m.to === fresh && m.subject === CHANGE_CONFIRM_SUBJECT,
    );
    expect(confirm.html).toContain(`${app.url}/confirm-email?token=`);
    const warning = await app.mail.waitFor(
      (m) => m.to === email && m.subject === CHANGE_REQUESTED_SUBJECT,
    );
    expect(warning.text).toContain(fresh);
    expect(warning.text).toContain(`${app.url}/forgot-password`);
    expect(warning.text).toContain(`${app.url}/contact`);
    expect(warning.text).not.toMatch(/confirm-email\?token/);

    // Pending: still the old address for everything, shown as pending on /me.
    expect((await client.get('/api/me')).body).toMatchObject({ email, pendingEmail: fresh });
    expect((await app.client().post('/api/auth/login', { email: fresh, password })).status).toBe(
      401,
    );
    const [row] = await app.ctx.db
      .select()
      .from(emailTokens)
      .where(eq(emailTokens.purpose, 'change_email'));
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(60 * 60 * 1000);

    // Another seller cannot spend the link; the owner can, once.
    const intruder = await app.seller();
    const token = confirmEmailToken(confirm);
    expect((await intruder.client.post('/api/auth/confirm-email', { token })).status).toBe(404);
    const done = await client.post('/api/auth/confirm-email', { token });
    expect(done.status).toBe(200);
    expect(done.body.user).toMatchObject({ id: user.id, email: fresh, emailVerified: true });
    expect((await client.post('/api/auth/confirm-email', { token })).body).toEqual(INVALID);

    expect((await client.get('/api/me')).body).toMatchObject({ email: fresh, pendingEmail: null });
    expect((await otherDevice.get('/api/auth/me')).body).toEqual({ user: null });
    expect((await app.client().post('/api/auth/login', { email: fresh, password })).status).toBe(
      200,
    );
    expect((await app.client().post('/api/auth/login', { email, password })).status).toBe(401);
    const told = await app.mail.waitFor((m) => m.to === email && m.subject === CHANGED_SUBJECT);
    expect(told.text).toContain(fresh);
  });

  test('a link expires after an hour, and a newer request replaces an older one', async () => {
    const { client, password } = await app.seller();
    const first = await requestChange(client, `first-${Date.now()}@example.com`, password);
    const secondEmail = `second-${Date.now()}@example.com`;
    const second = await requestChange(client, secondEmail, password);
    expect((await client.post('/api/auth/confirm-email', { token: first })).body).toEqual(INVALID);
    offsetMs = 60 * 60 * 1000 + 1000;
    try {
      expect((await client.post('/api/auth/confirm-email', { token: second })).body).toEqual(
        INVALID,
      );
      expect((await client.get('/api/me')).body.pendingEmail).toBeNull();
    } finally {
      offsetMs = 0;
    }
  });

  test('a password reset cancels a pending change asked for with the old password', async () => {
    const { client, email, password } = await app.seller();
    const token = await requestChange(client, `hijack-${Date.now()}@example.com`, password);
    await app.client().post('/api/pw/forgot', { email });
    const resetMail = await app.mail.waitFor(
      (m) => m.to === email && m.subject === 'Reset your Thankly password',
    );
    const reset = await app
      .client()
      .post('/api/pw/reset', { token: resetToken(resetMail), password: 'Taken-back-7' });
    expect(reset.body).toEqual({ ok: true });
    const owner = app.client();
    await owner.post('/api/auth/login', { email, password: 'Taken-back-7' });
    expect((await owner.post('/api/auth/confirm-email', { token })).body).toEqual(INVALID);
    expect((await owner.get('/api/me')).body).toMatchObject({ email, pendingEmail: null });
  });

  test('an address a verified account holds is refused when the link is followed', async () => {
    const { client, email, password } = await app.seller();
    const holder = await app.seller();
    const token = await requestChange(client, holder.email, password);
    const response = await client.post('/api/auth/confirm-email', { token });
    expect(response.status).toBe(409);
    expect(response.body.error).toMatch(/already belongs to another Thankly account/);
    expect((await client.get('/api/me')).body.email).toBe(email);
  });

  test('an unverified seller confirming a new address is verified by it', async () => {
    const { client, password } = await app.seller({ verified: false });
    const fresh = `proved-${Date.now()}@example.com`;
    const token = await requestChange(client, fresh, password);
    const done = await client.post('/api/auth/confirm-email', { token });
    expect(done.body.user).toMatchObject({ email: fresh, emailVerified: true });
  });

  test('is limited per seller', async () => {
    const { client, password } = await app.seller();
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      const response = await client.patch('/api/auth/update-email', {
        email: `limit-${i}-${Date.now()}@example.com`,
        password,
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

test('the hourly cleanup forgets spent and expired links and keeps live ones', async () => {
  const { user, email } = await unverifiedSeller();
  const spent = await issueEmailToken(app.ctx.db, {
    userId: user.id,
    purpose: 'verify_email',
    email,
    now: new Date(),
  });
  await app.ctx.db
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(eq(emailTokens.tokenHash, hashToken(spent)));
  const links = () => app.ctx.db.select().from(emailTokens).where(eq(emailTokens.userId, user.id));
  expect(await links()).toHaveLength(2);
  await runCleanup(app.ctx.db, new Date());
  expect((await links()).map((row) => row.usedAt)).toEqual([null]);
  await runCleanup(app.ctx.db, new Date(Date.now() + 25 * 60 * 60 * 1000));
  expect(await links()).toHaveLength(0);
});

describe('outstanding reset links are void after a credential change', () => {
  async function issueResetLinks(email: string, count: number): Promise<string[]> {
    const tokens: string[] = [];
    for (let i = 0; i < count; i++) {
      const before = app.mail.messages.length;
      expect((await app.client().post('/api/pw/forgot', { email })).body).toEqual({ ok: true });
      const mail = await app.mail.waitFor(
        (m) =>
          m.to === email &&
          m.subject === 'Reset your Thankly password' &&
          app.mail.messages.indexOf(m) >= before,
      );
      tokens.push(resetToken(mail));
    }
    return tokens;
  }
  const reset = (token: string) =>
    app.client().post('/api/pw/reset', { token, password: 'Fresh-pass-9' });

  test('after a reset, the other link fails', async () => {
    const { email, user } = await app.seller();
    const [first, second] = await issueResetLinks(email, 2);
    expect((await reset(first!)).body).toEqual({ ok: true });
    expect((await reset(second!)).body).toEqual({ error: 'Invalid or expired reset token' });
    const left = await app.ctx.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, user.id));
    expect(left).toEqual([]);
  });

  test('after a password change', async () => {
    const { client, email, password } = await app.seller();
    const [link] = await issueResetLinks(email, 1);
    await client.patch('/api/auth/update-password', {
      currentPassword: password,
      newPassword: 'Changed-pass-3',
    });
    expect((await reset(link!)).body).toEqual({ error: 'Invalid or expired reset token' });
  });

  test('after a confirmed email change', async () => {
    const { client, email, password } = await app.seller();
    const [link] = await issueResetLinks(email, 1);
    const token = await requestChange(client, `after-reset-${Date.now()}@example.com`, password);
    expect((await client.post('/api/auth/confirm-email', { token })).status).toBe(200);
    expect((await reset(link!)).body).toEqual({ error: 'Invalid or expired reset token' });
  });
});
