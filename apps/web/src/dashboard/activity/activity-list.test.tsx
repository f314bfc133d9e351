import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ActivityItem } from '@thankly/api-contract';
import {
  dashboardHandlers,
  json,
  mockApi,
  renderApp,
  useTestEnvironment,
} from '../../test/harness.tsx';
import { activityItem } from '../../thank-by-hand/test-fixtures.ts';

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
    byHand: null,
    thankedBy: null,
    thankedAt: null,
    reachedBy: [{ channel: 'email', at: '2026-05-02T09:30:00Z' }],
    packedAt: null,
    deliveryProblem: null,
    progress: 'paid',
    steps: [],
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
    byHand: null,
    thankedBy: null,
    thankedAt: null,
    reachedBy: [],
    packedAt: null,
    deliveryProblem: null,
    progress: 'paid',
    steps: [],
  },
];

const row = async (orderNumber: string) =>
  within((await screen.findByText(orderNumber, {}, { timeout: 10_000 })).closest('tr')!);

describe('activity list', () => {
  useTestEnvironment();

  it("lists each order with buyer, template, state, reason and time on the seller's clock", async () => {
    mockApi({ ...dashboardHandlers(), 'GET /activity': () => json({ items }) });
    renderApp('/thankly');
    const sent = await row('#1001');
    expect(sent.getByText('Alex Morgan')).toBeTruthy();
    expect(sent.getByText('Spring')).toBeTruthy();
    expect(sent.getByText('Sent')).toBeTruthy();
    expect(sent.getByText('May 2, 2026, 12:30 PM EEST')).toBeTruthy();
    const skipped = await row('#1002');
    expect(skipped.getByText('Skipped')).toBeTruthy();
    expect(skipped.getByText('Sending is paused.')).toBeTruthy();
    expect(skipped.queryByRole('link', { name: /Print card/ })).toBeNull();
  });

  it('says per order which channel reached the buyer, and the Packed box marks it', async () => {
    const viaEtsy = activityItem({
      id: '00000000-0000-4000-8000-000000000021',
      orderNumber: '1021',
      reachedBy: [
        { channel: 'purchase-message', at: '2026-05-02T09:00:00Z' },
        { channel: 'card', at: '2026-05-02T11:00:00Z' },
      ],
      thankedBy: 'card',
      thankedAt: '2026-05-02T11:00:00Z',
    });
    const waiting = activityItem({
      id: '00000000-0000-4000-8000-000000000022',
      orderNumber: '1022',
    });
    const api = mockApi({
      ...dashboardHandlers(),
      'GET /activity': () => json({ items: [viaEtsy, waiting, items[0]] }),
      'POST /cards/packed': () =>
        json({ orderIds: [viaEtsy.id], packedAt: '2026-05-02T12:00:00Z' }),
      'GET /by-hand/summary': () => json({ waiting: 1 }),
    });
    renderApp('/thankly');
    const etsy = await row('#1021');
    expect(etsy.getByText('Etsy purchase message')).toBeTruthy();
    expect(etsy.getByText('Printed card, not packed yet')).toBeTruthy();
    expect((await row('#1022')).getByText('Not yet')).toBeTruthy();
    expect((await row('#1001')).getByText('Email sent')).toBeTruthy();
    expect((await row('#1001')).queryByRole('checkbox')).toBeNull();
    const box = etsy.getByRole('checkbox', { name: /Packed with its card/ });
    box.focus();
    await userEvent.setup().keyboard(' ');
    await vi.waitFor(() =>
      expect(api.callsTo('POST /cards/packed')[0]?.body).toEqual({
        orderIds: [viaEtsy.id],
        packed: true,
      }),
    );
  });

  it('an order waiting to be thanked by hand offers its card and a message', async () => {
    const waiting = activityItem({ id: 'o-7', orderNumber: '1007' });
    mockApi({ ...dashboardHandlers(), 'GET /activity': () => json({ items: [waiting] }) });
    renderApp('/thankly');
    const waitingRow = await row('#1007');
    expect(waitingRow.getByText('Waiting for a card or message')).toBeTruthy();
    expect(waitingRow.queryByText('Skipped')).toBeNull();
    expect(waitingRow.getByText('Etsy did not share the buyer’s email address.')).toBeTruthy();
    const print = waitingRow.getByRole('link', { name: 'Print card for order #1007' });
    expect(print.getAttribute('href')).toBe('/thankly/cards?ids=o-7');
    expect(waitingRow.getByRole('button', { name: 'Copy message for order #1007' })).toBeTruthy();
  });

  it('a sent email that bounced, was marked as spam or was blocked says so, with the reason and when', async () => {
    const sent = items[0]!;
    mockApi({
      ...dashboardHandlers(),
      'GET /activity': () =>
        json({
          items: [
            {
              ...sent,
              deliveryProblem: {
                kind: 'bounced',
                reason: 'The buyer’s mail server says this address does not exist.',
                at: '2026-05-02T09:40:00Z',
              },
            },
            {
              ...sent,
              id: 'a3',
              orderNumber: '1003',
              deliveryProblem: {
                kind: 'complained',
                reason: 'The buyer marked this email as spam; Thankly will not email them again.',
                at: '2026-05-03T07:15:00Z',
              },
            },
            {
              ...sent,
              id: 'a4',
              orderNumber: '1004',
              deliveryProblem: {
                kind: 'blocked',
                reason:
                  'A mail provider refused Thankly’s mail, not this buyer’s address (550 5.7.26 unauthenticated). Thankly will send it again in an hour.',
                at: '2026-05-03T08:00:00Z',
              },
            },
          ],
        }),
    });
    renderApp('/thankly');
    const bounced = await row('#1001');
    expect(bounced.getByText('Bounced').className).toContain('amber');
    expect(bounced.queryByText('Sent')).toBeNull();
    expect(
      bounced.getByText('The buyer’s mail server says this address does not exist.'),
    ).toBeTruthy();
    expect(bounced.getByText('May 2, 2026, 12:40 PM EEST').getAttribute('dateTime')).toBe(
      '2026-05-02T09:40:00Z',
    );
    const complained = await row('#1003');
    expect(complained.getByText('Marked as spam')).toBeTruthy();
    expect(complained.getByText(/The buyer marked this email as spam/)).toBeTruthy();
    const blocked = await row('#1004');
    expect(blocked.getByText('Blocked').className).toContain('amber');
    expect(blocked.getByText(/Thankly will send it again in an hour/)).toBeTruthy();
  });

  it('an order thanked by card or message says which, and when, with no actions left', async () => {
    mockApi({
      ...dashboardHandlers(),
      'GET /activity': () =>
        json({
          items: [
            activityItem({
              id: 'o-8',
              orderNumber: '1008',
              thankedBy: 'card',
              thankedAt: '2026-05-03T07:15:00Z',
            }),
            activityItem({
              id: 'o-9',
              orderNumber: '#1009',
              byHand: 'print-preferred',
              thankedBy: 'message',
              thankedAt: '2026-05-03T08:00:00Z',
            }),
          ],
        }),
    });
    renderApp('/thankly');
    const card = await row('#1008');
    expect(card.getByText('Card printed').className).toContain('emerald');
    expect(card.getByText('May 3, 2026, 10:15 AM EEST').getAttribute('dateTime')).toBe(
      '2026-05-03T07:15:00Z',
    );
    expect(card.queryByRole('link', { name: /Print card/ })).toBeNull();
    const message = await row('#1009');
    expect(message.getByText('Message sent').className).toContain('emerald');
    expect(message.getByText('May 3, 2026, 11:00 AM EEST')).toBeTruthy();
    expect(message.queryByRole('button', { name: /Copy message/ })).toBeNull();
  });
});
