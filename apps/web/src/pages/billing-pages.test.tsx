import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { SELLER, json, mockApi, renderApp, useTestEnvironment } from '../test/harness.tsx';

const signedIn = { 'GET /auth/me': () => json({ user: SELLER }) };

describe('billing return pages and help', () => {
  useTestEnvironment();

  it('the success page syncs the plan and shows the new limits', async () => {
    const api = mockApi({ ...signedIn, 'POST /billing/sync': () => json({ plan: 'growth' }) });
    renderApp('/billing/success?session_id=cs_test_1');
    expect(await screen.findByText(/You are now on the/)).toBeTruthy();
    expect(screen.getByText('Growth')).toBeTruthy();
    expect(screen.getByText(/100 emails a day, 20 templates/)).toBeTruthy();
    expect(api.callsTo('POST /billing/sync').length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Go to your templates' }).getAttribute('href')).toBe(
      '/thankly',
    );
  });

  it('the success page says the payment is being confirmed while the plan has not changed yet', async () => {
    mockApi({ ...signedIn, 'POST /billing/sync': () => json({ error: 'down' }, 502) });
    renderApp('/billing/success');
    expect(await screen.findByText(/Your payment is being confirmed/)).toBeTruthy();
  });

  it('the cancel page says nothing was charged', async () => {
    mockApi(signedIn);
    renderApp('/billing/cancel');
    expect(await screen.findByRole('heading', { name: 'Checkout cancelled' })).toBeTruthy();
    expect(screen.getByText(/You have not been charged/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to your account' }).getAttribute('href')).toBe(
      '/Account',
    );
  });

  it('the billing help page explains plans, paying, cancelling and refunds to visitors', async () => {
    mockApi({ 'GET /auth/me': () => json({ error: 'Please log in to continue.' }, 401) });
    renderApp('/docs/billing');
    expect(await screen.findByRole('heading', { name: 'Billing help', level: 1 })).toBeTruthy();
    for (const heading of [
      'Plans',
      'Paying',
      'Changing plans',
      'If a payment fails',
      'Cancelling',
      'Refunds',
    ]) {
      expect(screen.getByRole('heading', { name: heading, level: 2 })).toBeTruthy();
    }
    expect(screen.getByRole('rowheader', { name: 'Business' })).toBeTruthy();
    expect(screen.getByText(/saves up to 17%/)).toBeTruthy();
  });
});
