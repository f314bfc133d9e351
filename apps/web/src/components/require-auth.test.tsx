import { describe, expect, it, test, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SELLER, json, mockApi, renderApp, useTestEnvironment } from '../test/harness.tsx';
import { browserNavigation } from '../dashboard/marketplace/browser-navigation.ts';
import { isServerCallback, returnPathFrom } from './require-auth.tsx';

describe('route guard', () => {
  useTestEnvironment();

  it('shows Loading… while the session is being determined', async () => {
    let answer: (r: Response) => void = () => {};
    mockApi({ 'GET /auth/me': () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderApp('/Account');
    expect(await screen.findByText('Loading…')).toBeTruthy();
    answer(json({ error: 'Not logged in' }, 401));
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
  });

  it('sends a visitor to /login and back to the requested page after logging in', async () => {
    const api = mockApi({
      'POST /auth/login': () => json({ user: SELLER }),
      'GET /me': () =>
        json({
          email: SELLER.email,
          plan: 'free',
          isPaused: false,
          emailVerified: true,
          pendingEmail: null,
        }),
      'GET /plans': () => json({ error: 'nope' }, 500),
    });
    renderApp('/Account');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), SELLER.email);
    await user.type(screen.getByLabelText('Password'), 'Secret123');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    // The account page is its own lazily loaded chunk: a busy machine takes a while.
    expect(
      await screen.findByRole('heading', { name: 'Account', level: 1 }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(await screen.findByText('Success! Welcome back!')).toBeTruthy();
    expect(api.callsTo('POST /auth/login')[0]?.body).toEqual({
      email: SELLER.email,
      password: 'Secret123',
    });
  });

  it('after signing in, a shop connection waiting at the server’s callback resumes there', async () => {
    const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => {});
    mockApi({ 'POST /auth/login': () => json({ user: SELLER }) });
    const callback = '/api/etsy/callback?code=c0de&state=st4te';
    renderApp(`/login?${new URLSearchParams({ next: callback })}`);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), SELLER.email);
    await user.type(screen.getByLabelText('Password'), 'Secret123');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith(callback));
    assign.mockRestore();
  });

  it('returns only to paths on this site', () => {
    const search = (next: string) => `?${new URLSearchParams({ next })}`;
    expect(returnPathFrom(null, '/thankly', search('/Account'))).toBe('/Account');
    for (const next of [
      '//evil.test/x',
      '/\\evil.test',
      'https://evil.test',
      'javascript:alert(1)',
    ])
      expect(returnPathFrom(null, '/thankly', search(next))).toBe('/thankly');
    expect(returnPathFrom({ from: '//evil.test' }, '/thankly')).toBe('/thankly');
  });

  it('goes to the dashboard after a login nobody asked for', async () => {
    mockApi({ 'POST /auth/login': () => json({ user: SELLER }) });
    renderApp('/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), SELLER.email);
    await user.type(screen.getByLabelText('Password'), 'Secret123');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(
      await screen.findByRole('heading', { name: 'Your Thank-You Notes' }, { timeout: 10_000 }),
    ).toBeTruthy();
  });

  it('shows Failed to log in. when the server refuses', async () => {
    mockApi({ 'POST /auth/login': () => json({ error: 'Invalid email or password' }, 401) });
    renderApp('/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'x@example.com');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Failed to log in.')).toBeTruthy();
    // The refusal hands the form back: the seller can correct it and try again.
    await vi.waitFor(() =>
      expect((screen.getByRole('button', { name: 'Log in' }) as HTMLButtonElement).disabled).toBe(
        false,
      ),
    );
  });

  it('lets a logged-in seller straight through, and logout says goodbye', async () => {
    mockApi({
      'GET /auth/me': () => json({ user: SELLER }),
      'POST /auth/logout': () => json({ ok: true }),
    });
    renderApp('/thankly');
    expect(
      await screen.findByRole('heading', { name: 'Your Thank-You Notes' }, { timeout: 10_000 }),
    ).toBeTruthy();
    const user = userEvent.setup();
    const [logout] = screen.getAllByRole('button', { name: 'Logout' });
    await user.click(logout!);
    expect(await screen.findByText('Successfully logged out. See you again soon!')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Gratitude, on autopilot.' })).toBeTruthy();
  });

  it('routes are exact: /account is not /Account', async () => {
    mockApi({ 'GET /auth/me': () => json({ user: SELLER }) });
    renderApp('/account');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });
});

describe('isServerCallback', () => {
  test('an OAuth marketplace’s callback with its answer goes to the server; nothing else does', () => {
    expect(isServerCallback('/api/etsy/callback?code=1&state=2')).toBe(true);
    expect(isServerCallback('/api/shopify/callback?hmac=1')).toBe(true);
    expect(isServerCallback('/api/etsy/callback')).toBe(false);
    expect(isServerCallback('/api/woocommerce/callback?x=1')).toBe(false);
    expect(isServerCallback('/api/demo/callback?x=1')).toBe(false);
    expect(isServerCallback('/x/api/etsy/callback?code=1')).toBe(false);
    expect(isServerCallback('/thankly?next=/api/etsy/callback?code=1')).toBe(false);
  });
});
