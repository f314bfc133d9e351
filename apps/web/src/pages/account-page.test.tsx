import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PLANS } from '@thankly/api-contract';
import { SELLER, json, mockApi, renderApp, useTestEnvironment } from '../test/harness.tsx';
import { PAUSE_CONFIRM } from '../account/sending-card.tsx';
import { yearlyPricesNote } from '../lib/pricing-view.ts';

const signedIn = {
  'GET /auth/me': () => json({ user: SELLER }),
  'GET /plans': () => json({ plans: PLANS }),
  'GET /sending-domains': () =>
    json({ domains: [], allowed: false, defaultFromAddress: 'thanks@thankly.example' }),
  'GET /insights/settings': () => json({ trackingEnabled: true, redemptionWindowDays: 30 }),
};

function sendingSwitch() {
  return screen.findByRole('switch', { name: 'Automatic sending' });
}

describe('account page', () => {
  useTestEnvironment();

  it('shows a skeleton, then plan and status badges and the cards', async () => {
    let answer: (r: Response) => void = () => {};
    mockApi({
      ...signedIn,
      'GET /me': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderApp('/Account');
    expect(await screen.findByTestId('account-skeleton')).toBeTruthy();
    answer(
      json({
        email: SELLER.email,
        plan: 'growth',
        isPaused: true,
        emailVerified: true,
        pendingEmail: null,
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Account', level: 1 })).toBeTruthy();
    expect(screen.getAllByText('Paused').length).toBeGreaterThan(0);
    expect(screen.getByText('Current')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Manage Growth' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Choose Business' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Billing help' }).getAttribute('href')).toBe(
      '/docs/billing',
    );
    expect(screen.getByText(yearlyPricesNote())).toBeTruthy();
  });

  it('flips the switch at once and keeps it when the server agrees', async () => {
    mockApi({
      ...signedIn,
      'GET /me': () =>
        json({
          email: SELLER.email,
          plan: 'free',
          isPaused: false,
          emailVerified: true,
          pendingEmail: null,
        }),
      'PATCH /me/pause': (body) => json(body),
    });
    renderApp('/Account');
    const user = userEvent.setup();
    const toggle = await sendingSwitch();
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    // Pausing asks first, saying what happens to orders meanwhile.
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    await user.click(toggle);
    expect(confirm).toHaveBeenCalledWith(PAUSE_CONFIRM);
    confirm.mockRestore();
    expect(await screen.findByText('Sending paused')).toBeTruthy();
    expect((await sendingSwitch()).getAttribute('aria-checked')).toBe('false');
  });

  it('rolls the switch back with a message when the server fails', async () => {
    let fail: (r: Response) => void = () => {};
    const api = mockApi({
      ...signedIn,
      'GET /me': () =>
        json({
          email: SELLER.email,
          plan: 'free',
          isPaused: false,
          emailVerified: true,
          pendingEmail: null,
        }),
      'PATCH /me/pause': () => new Promise<Response>((resolve) => (fail = resolve)),
    });
    renderApp('/Account');
    const user = userEvent.setup();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    await user.click(await sendingSwitch());
    confirm.mockRestore();
    // Optimistic: paused before the server has answered.
    await vi.waitFor(async () =>
      expect((await sendingSwitch()).getAttribute('aria-checked')).toBe('false'),
    );
    expect(screen.getAllByText('Paused').length).toBeGreaterThan(0);
    fail(json({ error: 'Internal error' }, 500));
    expect(await screen.findByText('Unable to update pause state')).toBeTruthy();
    expect((await sendingSwitch()).getAttribute('aria-checked')).toBe('true');
    expect(api.callsTo('PATCH /me/pause')[0]?.body).toEqual({ isPaused: true });
  });

  it('shows the billing errors while billing is not there', async () => {
    mockApi({
      ...signedIn,
      'GET /me': () =>
        json({
          email: SELLER.email,
          plan: 'growth',
          isPaused: false,
          emailVerified: true,
          pendingEmail: null,
          billingInterval: 'month',
          canManageBilling: true,
        }),
      'POST /billing/portal': () => json({ error: 'Not Found' }, 404),
      'POST /billing/checkout': () => json({ error: 'Not Found' }, 404),
    });
    renderApp('/Account');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Manage billing' }));
    expect(await screen.findByText('Could not open billing portal')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Choose Business' }));
    expect(await screen.findByText('Could not start checkout')).toBeTruthy();
  });

  it('offers Starter the plans, not a billing portal with nothing in it', async () => {
    mockApi({
      ...signedIn,
      'GET /me': () =>
        json({
          email: SELLER.email,
          plan: 'free',
          isPaused: false,
          emailVerified: true,
          pendingEmail: null,
          billingInterval: null,
          canManageBilling: false,
        }),
    });
    renderApp('/Account');
    expect(await screen.findByRole('button', { name: 'Choose Growth' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Manage billing' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Manage Starter' })).toBeNull();
    expect(screen.getByText('Your current plan')).toBeTruthy();
  });

  it('shows a yearly plan at its yearly price and interval', async () => {
    mockApi({
      ...signedIn,
      'GET /me': () =>
        json({
          email: SELLER.email,
          plan: 'growth',
          isPaused: false,
          emailVerified: true,
          pendingEmail: null,
          billingInterval: 'year',
          canManageBilling: true,
        }),
    });
    renderApp('/Account');
    const line = await screen.findByTestId('current-plan');
    expect(line.textContent).toBe('Current plan: Growth · $90/yr, billed yearly');
    expect(screen.getByRole('button', { name: 'Yearly' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(screen.queryByText('/mo')).toBeNull();
    expect(screen.getByRole('button', { name: 'Manage billing' })).toBeTruthy();
  });

  it('a password change that fails and then succeeds leaves only the success on screen', async () => {
    let attempts = 0;
    mockApi({
      ...signedIn,
      'GET /me': () =>
        json({
          email: SELLER.email,
          plan: 'free',
          isPaused: false,
          emailVerified: true,
          pendingEmail: null,
        }),
      'PATCH /auth/update-password': () =>
        ++attempts === 1
          ? json({ error: 'Current password is incorrect' }, 400)
          : json({ ok: true }),
    });
    renderApp('/Account');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Current password'), 'Wrong1234');
    await user.type(screen.getByLabelText('New password'), 'Better-pass-1');
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await screen.findByText('Current password is incorrect')).toBeTruthy();

    await user.clear(screen.getByLabelText('Current password'));
    await user.type(screen.getByLabelText('Current password'), 'Secret123');
    await user.type(screen.getByLabelText('New password'), 'Better-pass-1');
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await screen.findByText('Password updated')).toBeTruthy();
    expect(screen.queryByText('Current password is incorrect')).toBeNull();
    expect(screen.getAllByTestId('toast')).toHaveLength(1);
  });

  it('checks the new password length before sending', async () => {
    const api = mockApi({
      ...signedIn,
      'GET /me': () =>
        json({
          email: SELLER.email,
          plan: 'free',
          isPaused: false,
          emailVerified: true,
          pendingEmail: null,
        }),
      'PATCH /auth/update-password': () => json({ ok: true }),
    });
    renderApp('/Account');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Current password'), 'Secret123');
    await user.type(screen.getByLabelText('New password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await screen.findByText('New password must be at least 8 characters')).toBeTruthy();
    // The field to fix has the focus.
    await vi.waitFor(() =>
      expect(document.activeElement).toBe(screen.getByLabelText('New password')),
    );
    expect(api.callsTo('PATCH /auth/update-password')).toHaveLength(0);
    await user.type(screen.getByLabelText('New password'), 'Enough1');
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await screen.findByText('Password updated')).toBeTruthy();
  });

  it("prefers the server's error when the email update is refused", async () => {
    mockApi({
      ...signedIn,
      'GET /me': () =>
        json({
          email: SELLER.email,
          plan: 'free',
          isPaused: false,
          emailVerified: true,
          pendingEmail: null,
        }),
      'PATCH /auth/update-email': () => json({ error: 'Wrong password' }, 400),
    });
    renderApp('/Account');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Confirm with password'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Update email' }));
    expect(await screen.findByText('Wrong password')).toBeTruthy();
  });

  it('asks for an email change and shows the address waiting for its link', async () => {
    const api = mockApi({
      ...signedIn,
      'GET /me': () =>
        json({
          email: SELLER.email,
          plan: 'free',
          isPaused: false,
          emailVerified: true,
          pendingEmail: null,
        }),
      'PATCH /auth/update-email': (body) =>
        json({ user: SELLER, pendingEmail: (body as { email: string }).email }),
    });
    renderApp('/Account');
    const user = userEvent.setup();
    expect(await screen.findByText('Confirmed')).toBeTruthy();
    const field = screen.getByLabelText('Email');
    await user.clear(field);
    await user.type(field, 'new@example.com');
    await user.type(screen.getByLabelText('Confirm with password'), 'Secret123');
    await user.click(screen.getByRole('button', { name: 'Update email' }));
    expect(await screen.findByText('Email updated')).toBeTruthy();
    const pending = await screen.findByTestId('pending-email');
    expect(pending.textContent).toContain('new@example.com');
    expect(pending.textContent).toMatch(/changes to it when you follow that link/);
    expect(pending.textContent).toContain(SELLER.email);
    expect(api.callsTo('PATCH /auth/update-email')[0]?.body).toEqual({
      email: 'new@example.com',
      password: 'Secret123',
    });
  });

  it('shows a pending change and an unconfirmed address after a reload', async () => {
    mockApi({
      ...signedIn,
      'GET /me': () =>
        json({
          email: SELLER.email,
          plan: 'free',
          isPaused: false,
          emailVerified: false,
          pendingEmail: 'later@example.com',
        }),
    });
    renderApp('/Account');
    expect((await screen.findByTestId('pending-email')).textContent).toContain('later@example.com');
    expect(screen.getByText('Not confirmed')).toBeTruthy();
  });

  it("says 'Failed to load account' when /me fails", async () => {
    mockApi({ ...signedIn, 'GET /me': () => new Response('', { status: 500 }) });
    renderApp('/Account');
    expect(await screen.findByText('Failed to load account')).toBeTruthy();
  });
});
