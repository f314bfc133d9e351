import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PLANS } from '@thankly/api-contract';
import { SELLER, json, mockApi, renderApp, useTestEnvironment } from '../test/harness.tsx';

const UNVERIFIED = { ...SELLER, emailVerified: false };
const dashboardCalls = {
  'GET /plans': () => json({ plans: PLANS }),
  'GET /templates/': () => json({ templates: [] }),
  'GET /stats/daily': () =>
    json({ sentToday: 0, dailyLimit: 5, tempLimit: 1, planName: 'Starter' }),
  'GET /templates/selectors/selected': () => json({ selectedTemplateId: null }),
};

describe('the confirm-your-address banner', () => {
  useTestEnvironment();

  it('names the address on every page while it is unconfirmed, and resends the link', async () => {
    const api = mockApi({
      'GET /auth/me': () => json({ user: UNVERIFIED }),
      'POST /auth/verify-email/resend': () => json({ ok: true, sentTo: SELLER.email }),
    });
    renderApp('/pricing');
    const banner = await screen.findByTestId('verify-email-banner');
    expect(banner.textContent).toMatch(/Confirm your email address/);
    expect(banner.textContent).toContain(SELLER.email);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Resend link' }));
    expect(await screen.findByText(/Sent! Check the inbox of elena@example.com/)).toBeTruthy();
    expect(api.callsTo('POST /auth/verify-email/resend')).toHaveLength(1);
  });

  it('tells how long to wait when resends are limited', async () => {
    mockApi({
      'GET /auth/me': () => json({ user: UNVERIFIED }),
      'POST /auth/verify-email/resend': () =>
        json({ error: 'Too many requests.' }, 429, { 'Retry-After': '120' }),
    });
    renderApp('/features');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Resend link' }));
    expect(await screen.findByText(/wait ~120s before requesting another/)).toBeTruthy();
  });

  it('is absent for a confirmed seller and for visitors', async () => {
    mockApi({ 'GET /auth/me': () => json({ user: SELLER }), ...dashboardCalls });
    renderApp('/pricing');
    expect(await screen.findByRole('link', { name: 'App' })).toBeTruthy();
    expect(screen.queryByTestId('verify-email-banner')).toBeNull();
  });
});

describe('the verify page', () => {
  useTestEnvironment();

  it('confirms with the token of the link and the banner goes away', async () => {
    const api = mockApi({
      'GET /auth/me': () => json({ user: UNVERIFIED }),
      'POST /auth/verify-email': () => json({ user: SELLER }),
    });
    renderApp(`/verify-email?token=${'a'.repeat(64)}`);
    expect(await screen.findByRole('heading', { name: 'Email address confirmed' })).toBeTruthy();
    expect(api.callsTo('POST /auth/verify-email')).toEqual([
      expect.objectContaining({ body: { token: 'a'.repeat(64) } }),
    ]);
    expect(screen.getByRole('link', { name: 'Go to your templates' })).toBeTruthy();
    expect(screen.queryByTestId('verify-email-banner')).toBeNull();
  });

  it("shows the server's reason and offers a new link when it fails", async () => {
    mockApi({
      'GET /auth/me': () => json({ user: UNVERIFIED }),
      'POST /auth/verify-email': () => json({ error: 'This link is invalid or has expired.' }, 400),
      'POST /auth/verify-email/resend': () => json({ ok: true, sentTo: SELLER.email }),
    });
    renderApp(`/verify-email?token=${'b'.repeat(64)}`);
    expect(await screen.findByText('This link is invalid or has expired.')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Send me a new link' }));
    expect(await screen.findByText(/Sent! Check the inbox/)).toBeTruthy();
  });

  it('sends a visitor to log in first, keeping the link', async () => {
    mockApi({});
    renderApp(`/verify-email?token=${'c'.repeat(64)}`);
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
  });
});

describe('the confirm-new-address page', () => {
  useTestEnvironment();

  it('applies the change with the token of the link and shows the new address', async () => {
    const api = mockApi({
      'GET /auth/me': () => json({ user: SELLER }),
      'POST /auth/confirm-email': () =>
        json({ user: { ...SELLER, email: 'new@example.com', emailVerified: true } }),
    });
    renderApp(`/confirm-email?token=${'d'.repeat(64)}`);
    expect(
      await screen.findByRole('heading', { name: 'New email address confirmed' }),
    ).toBeTruthy();
    expect(screen.getByText('new@example.com')).toBeTruthy();
    expect(api.callsTo('POST /auth/confirm-email')).toEqual([
      expect.objectContaining({ body: { token: 'd'.repeat(64) } }),
    ]);
    expect(screen.getByRole('link', { name: 'Back to your account' }).getAttribute('href')).toBe(
      '/Account',
    );
  });

  it('says why when the address is taken, and that nothing changed', async () => {
    mockApi({
      'GET /auth/me': () => json({ user: SELLER }),
      'POST /auth/confirm-email': () =>
        json({ error: 'That address already belongs to another Thankly account.' }, 409),
    });
    renderApp(`/confirm-email?token=${'e'.repeat(64)}`);
    expect(
      await screen.findByText('That address already belongs to another Thankly account.'),
    ).toBeTruthy();
    expect(screen.getByText(/Your account email has not changed/)).toBeTruthy();
  });

  it('a link without a token is refused without calling the server', async () => {
    mockApi({ 'GET /auth/me': () => json({ user: SELLER }) });
    renderApp('/confirm-email');
    expect(await screen.findByText('This link is invalid or has expired.')).toBeTruthy();
  });
});
