import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  SELLER,
  dashboardHandlers,
  json,
  mockApi,
  renderApp,
  useTestEnvironment,
  type Handler,
} from '../test/harness.tsx';

const PAUSE_ID = '7d2f5a70-3a55-4d43-9d63-4f1b6f0d2c11';

const me = (isPaused: boolean) =>
  json({
    email: SELLER.email,
    plan: 'free',
    isPaused,
    emailVerified: true,
    pendingEmail: null,
    postalAddress: '',
    billingInterval: null,
    canManageBilling: false,
  });

function seller(handlers: Record<string, Handler>) {
  return mockApi({ ...dashboardHandlers(), ...handlers });
}

describe('a pause the seller chose', () => {
  useTestEnvironment();

  it('is shown prominently on the dashboard, and Sending today names no template', async () => {
    let paused = true;
    const api = seller({
      'GET /me': () => me(paused),
      'PATCH /me/pause': (body) => {
        paused = (body as { isPaused: boolean }).isPaused;
        return json({ isPaused: paused });
      },
      'GET /me/pauses/latest': () =>
        json({
          pause: {
            id: PAUSE_ID,
            pausedAt: '2026-05-01T10:00:00Z',
            resumedAt: paused ? null : '2026-05-02T10:00:00Z',
            heldOrders: 3,
          },
        }),
      [`POST /pauses/${PAUSE_ID}/thank`]: () => json({ queued: 3 }),
    });
    renderApp('/thankly');
    const notice = await screen.findByRole(
      'region',
      { name: 'Sending is paused' },
      { timeout: 10_000 },
    );
    expect(within(notice).getByText(/New orders get no thank-you email/)).toBeTruthy();
    const today = screen.getByRole('region', { name: 'Sending today' });
    expect(within(today).getByText('Nothing is going out while sending is paused.')).toBeTruthy();
    // While paused there is nothing to thank yet.
    expect(screen.queryByRole('button', { name: /Thank these/ })).toBeNull();

    const user = userEvent.setup();
    await user.click(within(notice).getByRole('button', { name: 'Turn sending back on' }));
    expect(await screen.findByText(/3 orders arrived while sending was paused/)).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Sending is paused' })).toBeNull();
    // Nothing was queued by resuming: only the seller's click thanks them.
    expect(api.callsTo(`POST /pauses/${PAUSE_ID}/thank`)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Thank these 3 buyers now' }));
    expect(await screen.findByText('Your thank-yous are on their way to 3 buyers.')).toBeTruthy();
    expect(api.callsTo(`POST /pauses/${PAUSE_ID}/thank`)).toHaveLength(1);
  });

  it('asks first on Account, saying what happens to orders; declining changes nothing', async () => {
    const api = seller({
      'GET /me': () => me(false),
      'GET /plans': () => json({ plans: [] }),
      'GET /me/pauses/latest': () => json({ pause: null }),
      'PATCH /me/pause': () => json({ isPaused: true }),
    });
    const confirm = vi
      .spyOn(window, 'confirm')
      .mockReturnValueOnce(false)
      .mockReturnValueOnce(true);
    renderApp('/Account');
    const user = userEvent.setup();
    const toggle = await screen.findByRole('switch', {}, { timeout: 10_000 });
    await user.click(toggle);
    expect(confirm).toHaveBeenCalledWith(
      expect.stringMatching(
        /^Pause sending\? Orders paid while sending is paused get no thank-you email\./,
      ),
    );
    expect(api.callsTo('PATCH /me/pause')).toHaveLength(0);
    await user.click(toggle);
    await waitFor(() => expect(api.callsTo('PATCH /me/pause')).toHaveLength(1));
    expect(api.callsTo('PATCH /me/pause')[0]?.body).toEqual({ isPaused: true });
    confirm.mockRestore();
  });
});
