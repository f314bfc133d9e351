import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { JOURNEY_MESSAGES, type ActivityItem, type ActivityStep } from '@thankly/api-contract';
import {
  SELLER,
  dashboardHandlers,
  json,
  mockApi,
  renderApp,
  useTestEnvironment,
} from '../../test/harness.tsx';
import { activityItem, orderId } from '../../thank-by-hand/test-fixtures.ts';
import { isSendingNow } from '../marketplace/marketplace-queries.ts';

const STEP_SENT = '77777777-7777-4777-8777-777777777771';
const STEP_SCHEDULED = '77777777-7777-4777-8777-777777777772';
const STEP_SKIPPED = '77777777-7777-4777-8777-777777777773';

function step(over: Partial<ActivityStep> = {}): ActivityStep {
  return {
    id: STEP_SENT,
    stepName: 'On its way',
    templateName: 'Shipped',
    state: 'sent',
    reason: null,
    at: '2026-05-03T07:00:00Z',
    scheduled: false,
    ...over,
  };
}

function order(over: Partial<ActivityItem> = {}): ActivityItem {
  return activityItem({
    id: orderId(1),
    marketplace: 'etsy',
    orderNumber: '1001',
    buyerEmail: 'alex@example.com',
    state: 'sent',
    reason: null,
    byHand: null,
    ...over,
  });
}

const timeline = (orderNumber: string) =>
  screen.findByRole('list', { name: `Follow-up emails of order #${orderNumber}` });

describe('follow-up emails in Recent orders', () => {
  useTestEnvironment();

  it('lists each follow-up under its order: sent when, scheduled for when, skipped why', async () => {
    const items = [
      order({
        progress: 'delivered',
        steps: [
          step(),
          step({
            id: STEP_SCHEDULED,
            stepName: 'How did we do?',
            state: 'pending',
            scheduled: true,
            at: '2026-05-08T06:00:00Z',
          }),
          step({
            id: STEP_SKIPPED,
            stepName: 'Come back',
            state: 'skipped',
            reason: 'Only for returning buyers.',
          }),
        ],
      }),
    ];
    mockApi({ ...dashboardHandlers(), 'GET /activity': () => json({ items }) });
    renderApp('/thankly');
    const list = within(await timeline('1001'));
    const [sent, scheduled, skipped] = list.getAllByRole('listitem');
    expect(sent!.textContent).toContain('Sent');
    // On the seller's clock (Europe/Athens, UTC+3 in May), named.
    expect(sent!.textContent).toContain('May 3, 2026, 10:00 AM EEST');
    expect(scheduled!.textContent).toContain('Scheduled');
    expect(scheduled!.textContent).toContain('for May 8, 2026, 9:00 AM EEST');
    expect(
      within(scheduled!).getByRole('button', { name: 'Cancel "How did we do?" for order #1001' }),
    ).toBeTruthy();
    expect(within(sent!).queryByRole('button')).toBeNull();
    expect(skipped!.textContent).toContain('Skipped');
    expect(skipped!.textContent).toContain('Only for returning buyers.');
    expect(screen.getByText('Delivered')).toBeTruthy();
    // Not a demo order: no buttons that move it on.
    expect(screen.queryByRole('button', { name: /Mark shipped/ })).toBeNull();
  });

  it("shows the thank-you and its follow-ups on one order on the seller's one clock, named", async () => {
    const items = [
      order({
        // Paid (and thanked) at 23:30 UTC: already the next day in Berlin.
        at: '2026-05-02T23:30:00Z',
        steps: [
          step({ at: '2026-05-03T07:00:00Z' }),
          step({
            id: STEP_SCHEDULED,
            stepName: 'How did we do?',
            state: 'pending',
            scheduled: true,
            at: '2026-05-08T06:00:00Z',
          }),
        ],
      }),
    ];
    mockApi({
      ...dashboardHandlers(),
      'GET /auth/me': () => json({ user: { ...SELLER, timeZone: 'Europe/Berlin' } }),
      'GET /activity': () => json({ items }),
    });
    renderApp('/thankly');
    const list = within(await timeline('1001'));
    const row = screen.getByText('May 3, 2026, 1:30 AM CEST');
    expect(row.getAttribute('dateTime')).toBe('2026-05-02T23:30:00Z');
    const [sent, scheduled] = list.getAllByRole('listitem');
    expect(sent!.textContent).toContain('May 3, 2026, 9:00 AM CEST');
    expect(scheduled!.textContent).toContain('for May 8, 2026, 8:00 AM CEST');
    // Nothing on the browser's own clock, nothing unlabelled.
    const times = [...document.querySelectorAll('time')].map((t) => t.textContent ?? '');
    expect(times.length).toBeGreaterThanOrEqual(3);
    for (const text of times) expect(text).toMatch(/ CEST$/);
  });

  it('cancels a scheduled email after asking, then reloads the list', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    let steps = [step({ id: STEP_SCHEDULED, state: 'pending', scheduled: true })];
    const api = mockApi({
      ...dashboardHandlers(),
      'GET /activity': () => json({ items: [order({ steps })] }),
      [`POST /activity/${STEP_SCHEDULED}/cancel`]: () => {
        steps = [step({ id: STEP_SCHEDULED, state: 'skipped', reason: 'Cancelled by you.' })];
        return json({ ok: true });
      },
    });
    renderApp('/thankly');
    const list = within(await timeline('1001'));
    await userEvent.click(
      list.getByRole('button', { name: 'Cancel "On its way" for order #1001' }),
    );
    expect(confirm).toHaveBeenCalledWith(
      'Cancel "On its way" for order #1001? It will not be sent.',
    );
    await screen.findByText('Email cancelled - it will not be sent.');
    await screen.findByText('Cancelled by you.');
    expect(api.callsTo(`POST /activity/${STEP_SCHEDULED}/cancel`)).toHaveLength(1);
    expect(api.callsTo('GET /activity').length).toBeGreaterThanOrEqual(2);
    confirm.mockRestore();
  });

  it('says why when the email is no longer scheduled, and asks nothing when the seller says no', async () => {
    const confirm = vi
      .spyOn(window, 'confirm')
      .mockReturnValueOnce(false)
      .mockReturnValueOnce(true);
    const api = mockApi({
      ...dashboardHandlers(),
      'GET /activity': () =>
        json({
          items: [
            order({ steps: [step({ id: STEP_SCHEDULED, state: 'pending', scheduled: true })] }),
          ],
        }),
      [`POST /activity/${STEP_SCHEDULED}/cancel`]: () =>
        json({ error: JOURNEY_MESSAGES.notScheduled }, 409),
    });
    renderApp('/thankly');
    const button = within(await timeline('1001')).getByRole('button', {
      name: /Cancel "On its way"/,
    });
    await userEvent.click(button);
    expect(api.callsTo(`POST /activity/${STEP_SCHEDULED}/cancel`)).toHaveLength(0);
    await userEvent.click(button);
    expect(await screen.findByText(JOURNEY_MESSAGES.notScheduled)).toBeTruthy();
    confirm.mockRestore();
  });

  it('offers the demo shop’s order events by how far the order is', async () => {
    const items = [
      order({ id: orderId(1), orderNumber: '2001', marketplace: 'demo', progress: 'paid' }),
      order({ id: orderId(2), orderNumber: '2002', marketplace: 'demo', progress: 'shipped' }),
      order({ id: orderId(3), orderNumber: '2003', marketplace: 'demo', progress: 'delivered' }),
      order({ id: orderId(4), orderNumber: '2004', marketplace: 'demo', progress: 'cancelled' }),
    ];
    mockApi({ ...dashboardHandlers(), 'GET /activity': () => json({ items }) });
    renderApp('/thankly');
    await screen.findByText('#2001');
    const names = (n: string) =>
      screen
        .queryAllByRole('button', { name: new RegExp(`for order #${n}$`) })
        .map((b) => b.textContent);
    expect(names('2001')).toEqual(['Mark shipped', 'Refund']);
    expect(names('2002')).toEqual(['Mark delivered', 'Refund']);
    expect(names('2003')).toEqual(['Refund']);
    expect(names('2004')).toEqual([]);
    expect(screen.getByText('Refunded or cancelled')).toBeTruthy();
  });

  it('marks a demo order shipped: busy, a toast, and the list reloaded with its new step', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let shipped = false;
    const api = mockApi({
      ...dashboardHandlers(),
      'GET /activity': () =>
        json({
          items: [
            order({
              marketplace: 'demo',
              progress: shipped ? 'shipped' : 'paid',
              steps: shipped ? [step({ state: 'pending', scheduled: true })] : [],
            }),
          ],
        }),
      [`POST /orders/${orderId(1)}/demo-event`]: async () => {
        await held;
        shipped = true;
        return json({ ok: true });
      },
    });
    renderApp('/thankly');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Mark shipped for order #1001' }),
    );
    const busy = await screen.findByRole('button', { name: 'Marking shipped… for order #1001' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect(
      (screen.getByRole('button', { name: 'Refund for order #1001' }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
    release();
    await screen.findByText('Order #1001 marked as shipped.');
    expect(api.callsTo(`POST /orders/${orderId(1)}/demo-event`)[0]!.body).toEqual({
      event: 'shipped',
    });
    const list = within(await timeline('1001'));
    expect(list.getByText('Scheduled')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Mark delivered for order #1001' })).toBeTruthy(),
    );
  });
});

describe('how often Recent orders looks again', () => {
  it('looks again soon only while a follow-up is being sent', () => {
    const due = step({ state: 'pending', scheduled: false });
    const later = step({ state: 'pending', scheduled: true });
    expect(isSendingNow([order({ steps: [due] })])).toBe(true);
    expect(isSendingNow([order({ steps: [later, step()] })])).toBe(false);
    expect(isSendingNow(undefined)).toBe(false);
  });
});
