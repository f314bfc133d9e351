import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { REGISTRATION_ATTEMPT_SUBJECT, VERIFY_SUBJECT } from '../../src/auth/account-mails.ts';
import { SESSION_COOKIE } from '../../src/auth/sessions.ts';
import { verifyToken } from '../support/mail-links.ts';
import { type TestApp, startTestApp } from '../support/test-app.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ rateLimits: { loginPerEmail: { max: 3, windowMs: 60_000 } } });
});
afterAll(() => app?.close());

describe('registration', () => {
  test('creates a Starter account, signs the seller in and never returns the password', async () => {
    const client = app.client();
    const response = await client.post('/api/auth/register', {
      name: 'Maya',
      email: '  Maya@Example.COM ',
      password: 'secret-pass',
      plan: 'Growth',
    });
    expect(response.status).toBe(201);
    expect(response.body.user).toEqual({
      id: expect.any(String),
      name: 'Maya',
      email: 'maya@example.com',
      plan: 'free',
      emailVerified: false,
      timeZone: 'UTC',
    });
    expect(JSON.stringify(response.body)).not.toMatch(/secret-pass|hash/i);
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith(SESSION_COOKIE));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);

    const me = await client.get('/api/auth/me');
    expect(me.status).toBe(200);
    expect(me.body.user.email).toBe('maya@example.com');
  });

  test.each([
    [{ email: 'a@example.com', password: 'secret-pass' }, 'Please fill out all fields.'],
    [{ name: '', email: 'a@example.com', password: 'secret-pass' }, 'Please fill out all fields.'],
    [{ name: 'A', email: '', password: 'secret-pass' }, 'Please fill out all fields.'],
    [{ name: 'A', email: 'a@example.com', password: '' }, 'Please fill out all fields.'],
    [{ name: 'A', email: 'not-an-email', password: 'secret-pass' }, 'Please enter a valid email.'],
    [{ name: 42, email: 'a@example.com', password: 'secret-pass' }, 'Please fill out all fields.'],
    [
      { name: 'A', email: 'a@example.com', password: 'short' },
      'Password must be at least 8 characters.',
    ],
  ])('refuses %j with a readable message', async (body, message) => {
    const response = await app.client().post('/api/auth/register', body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: message });
  });

  // Formerly a 409 'An account with that email already exists.', which told anyone which
  // addresses have an account. Now a taken address is answered exactly like a fresh one.
  test('answers a taken address exactly like a fresh one, and tells the owner instead', async () => {
    const owner = await app.seller({ name: 'Owner' });
    // The owner's own registration may have mailed them a link before the test marked them
    // confirmed (on a busy machine the job can run first); none may go out from here on.
    await app.idle();
    const ownersLinks = () =>
      app.mail.messages.filter((m) => m.to === owner.email && m.subject === VERIFY_SUBJECT).length;
    const ownersLinksBefore = ownersLinks();
    const fresh = `fresh-${Date.now()}@example.com`;
    const register = async (email: string) => {
      const client = app.client();
      const response = await client.post('/api/auth/register', {
        name: 'Copy',
        email,
        password: 'Intruder-pass-1',
      });
      return { client, response };
    };
    const taken = await register(owner.email.toUpperCase());
    const free = await register(fresh);

    for (const { response } of [taken, free]) {
      expect(response.status).toBe(201);
      expect(Object.keys(response.body.user).sort()).toEqual(
        ['email', 'emailVerified', 'id', 'name', 'plan', 'timeZone'].sort(),
      );
      expect(response.body.user).toMatchObject({
        name: 'Copy',
        plan: 'free',
        emailVerified: false,
      });
      expect(response.headers.getSetCookie().some((c) => c.startsWith(SESSION_COOKIE))).toBe(true);
    }
    expect(taken.response.body.user.email).toBe(owner.email);
    expect(taken.response.body.user.id).not.toBe(owner.user.id);
    for (const { client, response } of [taken, free]) {
      expect((await client.get('/api/auth/me')).body.user).toEqual(response.body.user);
    }

    // The owner hears of it; the fresh address gets its confirmation link.
    const notice = await app.mail.waitFor(
      (m) => m.to === owner.email && m.subject === REGISTRATION_ATTEMPT_SUBJECT,
    );
    expect(notice.text).toContain(`${app.url}/forgot-password`);
    expect(notice.text).not.toMatch(/verify-email/);
    await app.mail.waitFor((m) => m.to === fresh && m.subject === VERIFY_SUBJECT);
    // No confirmation link ever goes out for the copy, not even on request.
    expect((await taken.client.post('/api/auth/verify-email/resend')).body).toEqual({
      ok: true,
      sentTo: owner.email,
    });
    await app.idle();
    expect(ownersLinks()).toBe(ownersLinksBefore);

    // The copy sees nothing of the owner's account, and the owner's password still opens it.
    expect((await taken.client.get('/api/templates/')).body.templates).toEqual([]);
    const ownerLogin = await app
      .client()
      .post('/api/auth/login', { email: owner.email, password: owner.password });
    expect(ownerLogin.body.user.id).toBe(owner.user.id);
    expect(ownerLogin.body.user.emailVerified).toBe(true);
    const copyLogin = await app
      .client()
      .post('/api/auth/login', { email: owner.email, password: 'Intruder-pass-1' });
    expect(copyLogin.body.user.id).toBe(taken.response.body.user.id);
    expect(copyLogin.body.user.emailVerified).toBe(false);
  });

  test('an address confirmed by its owner cannot be confirmed again by an earlier copy', async () => {
    const email = `race-${Date.now()}@example.com`;
    const first = app.client();
    const second = app.client();
    const password = 'Either-pass-1';
    expect((await first.post('/api/auth/register', { name: 'A', email, password })).status).toBe(
      201,
    );
    expect(
      (await second.post('/api/auth/register', { name: 'B', email, password: 'Other-pass-2' }))
        .status,
    ).toBe(201);
    await app.mail.waitFor((m) => m.to === email && m.text.includes('Hi A,'));
    await app.mail.waitFor((m) => m.to === email && m.text.includes('Hi B,'));
    const linkFor = (name: string) =>
      verifyToken(app.mail.messages.find((m) => m.to === email && m.text.includes(`Hi ${name},`))!);

    // Each link confirms only its own account: B's session cannot spend A's link.
    const foreign = await second.post('/api/auth/verify-email', { token: linkFor('A') });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toMatch(/another Thankly account/);

    expect((await second.post('/api/auth/verify-email', { token: linkFor('B') })).status).toBe(200);
    const late = await first.post('/api/auth/verify-email', { token: linkFor('A') });
    expect(late.status).toBe(409);
    expect(late.body.error).toMatch(/already belongs to another Thankly account/);
    expect((await first.get('/api/auth/me')).body.user.emailVerified).toBe(false);
  });
});

describe('login and logout', () => {
  test('logs in with a new session id and logs out for good', async () => {
    const { client, email, password } = await app.seller();
    const registeredSession = client.cookie(SESSION_COOKIE);

    const login = await client.post('/api/auth/login', { email, password });
    expect(login.status).toBe(200);
    expect(login.body.user.email).toBe(email);
    const loggedInSession = client.cookie(SESSION_COOKIE);
    expect(loggedInSession).toBeDefined();
    expect(loggedInSession).not.toBe(registeredSession);

    // The session it replaced no longer works.
    const stale = app.client();
    const staleMe = await stale.request('GET', '/api/auth/me', undefined, {
      cookie: `${SESSION_COOKIE}=${registeredSession}`,
    });
    expect(staleMe.body).toEqual({ user: null });

    const logout = await client.post('/api/auth/logout');
    expect(logout.body).toEqual({ ok: true });
    expect((await client.get('/api/auth/me')).body).toEqual({ user: null });
    const replay = await app.client().request('GET', '/api/auth/me', undefined, {
      cookie: `${SESSION_COOKIE}=${loggedInSession}`,
    });
    expect(replay.body).toEqual({ user: null });
  });

  test('answers a wrong password and an unknown email alike', async () => {
    const { email } = await app.seller();
    const wrong = await app.client().post('/api/auth/login', { email, password: 'Wrong-pass-1' });
    const unknown = await app
      .client()
      .post('/api/auth/login', { email: 'nobody@example.com', password: 'x' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
  });

  test('picks the account whose password matches, the verified one first', async () => {
    const owner = await app.seller({ password: 'Shared-pass-1' });
    // Two more accounts with the address: one with the same password, one with another.
    for (const password of ['Shared-pass-1', 'Own-pass-2']) {
      const response = await app
        .client()
        .post('/api/auth/register', { name: 'Copy', email: owner.email, password });
      expect(response.status).toBe(201);
    }
    const same = await app
      .client()
      .post('/api/auth/login', { email: owner.email, password: 'Shared-pass-1' });
    expect(same.body.user).toMatchObject({ id: owner.user.id, emailVerified: true });
    const own = await app
      .client()
      .post('/api/auth/login', { email: owner.email, password: 'Own-pass-2' });
    expect(own.status).toBe(200);
    expect(own.body.user.id).not.toBe(owner.user.id);
    expect(own.body.user.emailVerified).toBe(false);
  });

  test('limits guesses per email with 429 and Retry-After', async () => {
    const { email, password } = await app.seller();
    for (let i = 0; i < 3; i++) {
      expect(
        (await app.client().post('/api/auth/login', { email, password: 'Wrong-pass-1' })).status,
      ).toBe(401);
    }
    const limited = await app.client().post('/api/auth/login', { email, password });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.body.error).toMatch(/Too many requests/);
  });
});

describe('changing the password', () => {
  test('checks the current one, enforces the minimum and signs out other devices', async () => {
    const { client, email, password } = await app.seller();
    const otherDevice = app.client();
    expect((await otherDevice.post('/api/auth/login', { email, password })).status).toBe(200);

    const short = await client.patch('/api/auth/update-password', {
      currentPassword: password,
      newPassword: 'short',
    });
    expect(short.body).toEqual({ error: 'New password must be at least 8 characters' });

    const wrong = await client.patch('/api/auth/update-password', {
      currentPassword: 'Not-it-123',
      newPassword: 'Another-pass-2',
    });
    expect(wrong.status).toBe(400);

    const done = await client.patch('/api/auth/update-password', {
      currentPassword: password,
      newPassword: 'Another-pass-2',
    });
    expect(done.body).toEqual({ ok: true });
    expect((await client.get('/api/auth/me')).status).toBe(200);
    expect((await otherDevice.get('/api/auth/me')).body).toEqual({ user: null });
    expect((await app.client().post('/api/auth/login', { email, password })).status).toBe(401);
    expect(
      (await app.client().post('/api/auth/login', { email, password: 'Another-pass-2' })).status,
    ).toBe(200);
  });
});

test('protected calls answer 401 without a session', async () => {
  expect((await app.client().get('/api/auth/me')).body).toEqual({ user: null });
  for (const [method, path] of [
    ['GET', '/api/me'],
    ['PATCH', '/api/me/pause'],
    ['GET', '/api/stats/daily'],
    ['PATCH', '/api/auth/update-email'],
    ['PATCH', '/api/auth/update-password'],
    ['POST', '/api/auth/verify-email'],
    ['POST', '/api/auth/verify-email/resend'],
    ['POST', '/api/auth/confirm-email'],
  ] as const) {
    const response = await app.client().request(method, path, method === 'GET' ? undefined : {});
    expect(response.status, `${method} ${path}`).toBe(401);
    expect(response.body.error).toBe('Please log in to continue.');
  }
});
