import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PLANS, TIME_ZONE_MESSAGES } from '@thankly/api-contract';
import { SELLER, json, mockApi, renderApp, useTestEnvironment } from '../test/harness.tsx';

const me = {
  email: SELLER.email,
  plan: 'free',
  isPaused: false,
  emailVerified: true,
  pendingEmail: null,
  timeZone: 'Europe/Athens',
};

function accountApi(save: (body: unknown) => Response) {
  return mockApi({
    'GET /auth/me': () => json({ user: SELLER }),
    'GET /me': () => json(me),
    'GET /plans': () => json({ plans: PLANS }),
    'GET /sending-domains': () =>
      json({ domains: [], allowed: false, defaultFromAddress: 'thanks@thankly.example' }),
    'GET /insights/settings': () => json({ trackingEnabled: true, redemptionWindowDays: 30 }),
    'PATCH /me/time-zone': save,
  });
}

describe('the time zone on Account', () => {
  useTestEnvironment();

  it('searches as the seller types, takes a match from the keyboard and saves it', async () => {
    const api = accountApi((body) => json(body));
    renderApp('/Account');
    const box = (await screen.findByRole('combobox', {
      name: 'Your time zone',
    })) as HTMLInputElement;
    expect(box.value).toBe('Europe/Athens');
    const save = screen.getByRole('button', { name: 'Save time zone' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);

    const user = userEvent.setup();
    await user.clear(box);
    await user.type(box, 'new york');
    const list = screen.getByRole('listbox', { name: 'Your time zone' });
    const options = within(list).getAllByRole('option');
    expect(options[0]!.textContent).toBe('America/New York');
    expect(box.getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    await user.keyboard('{Enter}');
    expect(box.value).toBe('America/New York');
    expect(box.getAttribute('aria-expanded')).toBe('false');

    await user.click(save);
    expect(await screen.findByText(TIME_ZONE_MESSAGES.saved)).toBeTruthy();
    expect(api.callsTo('PATCH /me/time-zone')[0]?.body).toEqual({ timeZone: 'America/New_York' });
  });

  it('shows the refusal under the field in words', async () => {
    accountApi(() => json({ error: TIME_ZONE_MESSAGES.invalid }, 400));
    renderApp('/Account');
    const box = await screen.findByRole('combobox', { name: 'Your time zone' });
    const user = userEvent.setup();
    await user.clear(box);
    await user.type(box, 'berlin{Enter}');
    await user.click(screen.getByRole('button', { name: 'Save time zone' }));
    expect(await screen.findByText(TIME_ZONE_MESSAGES.invalid)).toBeTruthy();
    expect(box.getAttribute('aria-invalid')).toBe('true');
  });
});
