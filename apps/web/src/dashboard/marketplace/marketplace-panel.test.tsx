import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Shop } from '@thankly/api-contract';
import {
  SELLER,
  json,
  mockApi,
  renderApp,
  useTestEnvironment,
  type Handler,
} from '../../test/harness.tsx';
import { browserNavigation } from './marketplace-panel.tsx';

const demoShop: Shop = {
  id: 's1',
  marketplace: 'demo',
  name: 'Juniper & Clay (demo)',
  url: null,
  status: 'connected',
  statusReason: null,
  isDemo: true,
  connectedAt: '2026-05-01T10:00:00Z',
  lastOrderAt: null,
};

function seller(handlers: Record<string, Handler>) {
  return mockApi({
    'GET /auth/me': () => json({ user: SELLER }),
    'GET /templates/': () => json({ templates: [] }),
    'GET /templates/selectors/selected': () => json({ selectedTemplateId: null }),
    'GET /templates/effective': () =>
      json({ templateId: null, overridden: false, date: '2026-05-02' }),
    'GET /stats/daily': () =>
      json({ sentToday: 0, dailyLimit: 5, tempLimit: 1, planName: 'Starter' }),
    'GET /shops': () => json({ shops: [] }),
    'GET /activity': () => json({ items: [] }),
    'GET /sending/settings': () => json({ couponCode: '' }),
    ...handlers,
  });
}

describe('marketplace panel', () => {
  useTestEnvironment();

  it('connects by sending the browser to the URL the server returns', async () => {
    seller({ 'GET /etsy/connect': () => json({ url: 'https://www.etsy.com/oauth/connect?x=1' }) });
    const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => {});
    renderApp('/thankly');
    expect(await screen.findByRole('heading', { name: 'Connect your Etsy shop' })).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Connect' }));
    await vi.waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://www.etsy.com/oauth/connect?x=1'),
    );
    assign.mockRestore();
  });

  it('shows the connected demo shop, simulates an order and disconnects after confirming', async () => {
    const api = seller({
      'GET /shops': () => json({ shops: [demoShop] }),
      'POST /shops/s1/demo-order': () => json({ ok: true }),
      'DELETE /shops/s1': () => json({ ok: true }),
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderApp('/thankly');
    const user = userEvent.setup();
    const row = within((await screen.findByText('Juniper & Clay (demo)')).closest('li')!);
    expect(row.getByText('Demo shop')).toBeTruthy();
    await user.click(row.getByRole('button', { name: 'Simulate a paid order' }));
    expect(
      await screen.findByText('Demo order placed - watch the activity list below.'),
    ).toBeTruthy();
    await user.click(row.getByRole('button', { name: 'Disconnect Juniper & Clay (demo)' }));
    expect(await screen.findByText('Shop disconnected.')).toBeTruthy();
    expect(api.callsTo('DELETE /shops/s1')).toHaveLength(1);
    confirm.mockRestore();
  });

  it('checks and saves the coupon code', async () => {
    const api = seller({ 'PUT /sending/settings': (body) => json(body) });
    renderApp('/thankly');
    const user = userEvent.setup();
    const field = await screen.findByLabelText(/Coupon code/);
    await vi.waitFor(() => expect((field as HTMLInputElement).disabled).toBe(false));
    await user.type(field, 'BAD CODE!');
    await user.click(screen.getByRole('button', { name: 'Save code' }));
    expect(
      await screen.findByText('A coupon code may hold letters, digits, - and _ only.'),
    ).toBeTruthy();
    await user.clear(field);
    await user.type(field, 'SPRING-15');
    await user.click(screen.getByRole('button', { name: 'Save code' }));
    expect(await screen.findByText('Coupon code saved.')).toBeTruthy();
    expect(api.callsTo('PUT /sending/settings')[0]?.body).toEqual({ couponCode: 'SPRING-15' });
  });
});
