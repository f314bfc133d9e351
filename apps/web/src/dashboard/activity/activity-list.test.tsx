import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { ActivityItem } from '@thankly/api-contract';
import { SELLER, json, mockApi, renderApp, useTestEnvironment } from '../../test/harness.tsx';

const items: ActivityItem[] = [
  {
    id: 'a1',
    shopName: 'Juniper & Clay',
    marketplace: 'demo',
    orderNumber: '1001',
    buyerName: 'Alex Morgan',
    buyerEmail: 'alex@example.com',
    templateName: 'Spring',
    state: 'sent',
    reason: null,
    at: '2026-05-02T09:30:00Z',
  },
  {
    id: 'a2',
    shopName: 'Juniper & Clay',
    marketplace: 'demo',
    orderNumber: '1002',
    buyerName: null,
    buyerEmail: null,
    templateName: null,
    state: 'skipped',
    reason: 'Sending is paused.',
    at: '2026-05-02T10:00:00Z',
  },
];

describe('activity list', () => {
  useTestEnvironment();

  it('lists each order with buyer, template, state, reason and Athens time', async () => {
    mockApi({
      'GET /auth/me': () => json({ user: SELLER }),
      'GET /templates/': () => json({ templates: [] }),
      'GET /templates/selectors/selected': () => json({ selectedTemplateId: null }),
      'GET /templates/effective': () =>
        json({ templateId: null, overridden: false, date: '2026-05-02' }),
      'GET /stats/daily': () =>
        json({ sentToday: 0, dailyLimit: 5, tempLimit: 1, planName: 'Starter' }),
      'GET /shops': () => json({ shops: [] }),
      'GET /activity': () => json({ items }),
      'GET /sending/settings': () => json({ couponCode: '' }),
    });
    renderApp('/thankly');
    const sent = within((await screen.findByText('#1001')).closest('tr')!);
    expect(sent.getByText('Alex Morgan')).toBeTruthy();
    expect(sent.getByText('Spring')).toBeTruthy();
    expect(sent.getByText('Sent')).toBeTruthy();
    expect(sent.getByText('May 2, 2026, 12:30 PM')).toBeTruthy();
    const skipped = within(screen.getByText('#1002').closest('tr')!);
    expect(skipped.getByText('Skipped')).toBeTruthy();
    expect(skipped.getByText('Sending is paused.')).toBeTruthy();
  });
});
