import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PLANS } from '@thankly/api-contract';
import {
  SELLER,
  json,
  mockApi,
  renderApp,
  useTestEnvironment,
  type Handler,
} from '../test/harness.tsx';
import { preloadRoute } from '../lazy-pages.tsx';
import { TRACKING_LABEL, TRACKING_SAVED, TRACKING_SAVE_FAILED } from './tracking-card.tsx';
import { WINDOW_LABEL, windowSaved } from './redemption-window-field.tsx';

function accountWith(handlers: Record<string, Handler>) {
  return mockApi({
    'GET /auth/me': () => json({ user: SELLER }),
    'GET /plans': () => json({ plans: PLANS }),
    'GET /me': () =>
      json({
        email: SELLER.email,
        plan: 'free',
        isPaused: false,
        emailVerified: true,
        pendingEmail: null,
      }),
    'GET /sending-domains': () =>
      json({ domains: [], allowed: false, defaultFromAddress: 'thanks@thankly.example' }),
    ...handlers,
  });
}

function trackingSwitch() {
  return screen.findByRole('switch', { name: TRACKING_LABEL });
}

describe('tracking switch on the Account page', () => {
  useTestEnvironment();
  // The Account page's chunk loads once here, not inside the first test's wait.
  beforeAll(async () => {
    await preloadRoute('/Account');
  });

  it('shows the saved setting and says what tracking does', async () => {
    accountWith({
      'GET /insights/settings': () => json({ trackingEnabled: true, redemptionWindowDays: 30 }),
    });
    renderApp('/Account');
    const toggle = await trackingSwitch();
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    const card = screen.getByRole('region', { name: 'Insights tracking' });
    expect(within(card).getByText(/tiny invisible image/).textContent).toContain(
      'Buyers’ unsubscribe links are never changed',
    );
    expect(toggle.getAttribute('aria-describedby')).toBeTruthy();
  });

  it('saves a change with PUT and shows the saved state', async () => {
    const api = accountWith({
      'GET /insights/settings': () => json({ trackingEnabled: true, redemptionWindowDays: 30 }),
      'PUT /insights/settings': (body) => json({ redemptionWindowDays: 30, ...(body as object) }),
    });
    renderApp('/Account');
    await userEvent.setup().click(await trackingSwitch());
    expect(await screen.findByText(TRACKING_SAVED.off)).toBeTruthy();
    expect((await trackingSwitch()).getAttribute('aria-checked')).toBe('false');
    expect(api.callsTo('PUT /insights/settings').map((c) => c.body)).toEqual([
      { trackingEnabled: false },
    ]);
  });

  it('keeps the saved state and says so when saving fails', async () => {
    accountWith({
      'GET /insights/settings': () => json({ trackingEnabled: false, redemptionWindowDays: 30 }),
      'PUT /insights/settings': () => json({ error: 'Internal error' }, 500),
    });
    renderApp('/Account');
    await userEvent.setup().click(await trackingSwitch());
    expect(await screen.findByText(TRACKING_SAVE_FAILED)).toBeTruthy();
    expect((await trackingSwitch()).getAttribute('aria-checked')).toBe('false');
  });

  it('saves the redemption window on its own, and refuses one out of range', async () => {
    const api = accountWith({
      'GET /insights/settings': () => json({ trackingEnabled: true, redemptionWindowDays: 30 }),
      'PUT /insights/settings': (body) => json({ trackingEnabled: true, ...(body as object) }),
    });
    renderApp('/Account');
    const user = userEvent.setup();
    const field = (await screen.findByLabelText(WINDOW_LABEL)) as HTMLInputElement;
    await waitFor(() => expect(field.value).toBe('30'));
    await user.clear(field);
    await user.type(field, '400');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Choose at most 365 days.')).toBeTruthy();
    expect(api.callsTo('PUT /insights/settings')).toEqual([]);
    await user.clear(field);
    await user.type(field, '14');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(windowSaved(14))).toBeTruthy();
    expect(api.callsTo('PUT /insights/settings').map((c) => c.body)).toEqual([
      { redemptionWindowDays: 14 },
    ]);
  });
});
