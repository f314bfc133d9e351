import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SESSION_COOKIE } from '../../src/auth/sessions.ts';
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

  test('refuses an email that already has an account, whatever its case', async () => {
    const { email } = await app.seller();
    const response = await app.client().post('/api/auth/register', {
      name: 'Copy',
      email: email.toUpperCase(),
      password: 'secret-pass',
    });
    expect(response.status).toBe(409);
    expect(response.body.error).toBe('An account with that email already exists.');
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

describe('changing the email', () => {
  test('needs the password and a free address', async () => {
    const { client, password } = await app.seller();
    const other = await app.seller();

    const wrongPassword = await client.patch('/api/auth/update-email', {
      email: 'new@example.com',
      password: 'nope',
    });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body.error).toBe('That password is not correct.');

    const taken = await client.patch('/api/auth/update-email', { email: other.email, password });
    expect(taken.status).toBe(409);

    const invalid = await client.patch('/api/auth/update-email', { email: 'nope', password });
    expect(invalid.body).toEqual({ error: 'Please enter a valid email.' });

    const fresh = `changed-${Date.now()}@example.com`;
    const done = await client.patch('/api/auth/update-email', { email: fresh, password });
    expect(done.status).toBe(200);
    expect((await client.get('/api/me')).body.email).toBe(fresh);
    expect((await app.client().post('/api/auth/login', { email: fresh, password })).status).toBe(
      200,
    );
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
  ] as const) {
    const response = await app.client().request(method, path, method === 'GET' ? undefined : {});
    expect(response.status, `${method} ${path}`).toBe(401);
    expect(response.body.error).toBe('Please log in to continue.');
  }
});
