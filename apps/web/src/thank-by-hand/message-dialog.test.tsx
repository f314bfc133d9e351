import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MarketplaceMessage, MessageSent } from '@thankly/api-contract';
import {
  dashboardHandlers,
  json,
  mockApi,
  renderApp,
  useTestEnvironment,
} from '../test/harness.tsx';
import { activityItem } from './test-fixtures.ts';

const ORDER = activityItem({ id: 'o-7', orderNumber: '1007' });
const MESSAGE: MarketplaceMessage = {
  orderId: 'o-7',
  marketplace: 'etsy',
  text: 'Hi Sam,\n\nThank you for your order #1007!\n\nJuniper & Clay',
  orderUrl: 'https://www.etsy.com/your/orders/sold?order_id=1007',
};

function seller(handlers: Parameters<typeof mockApi>[0] = {}) {
  let thanked = false;
  return mockApi({
    ...dashboardHandlers(),
    'GET /activity': () =>
      json({
        items: [
          thanked ? { ...ORDER, thankedBy: 'message', thankedAt: '2026-05-03T08:00:00Z' } : ORDER,
        ],
      }),
    'GET /orders/o-7/message': () => json(MESSAGE),
    'POST /orders/o-7/message-sent': () => {
      thanked = true;
      return json({
        thankedBy: 'message',
        thankedAt: '2026-05-03T08:00:00Z',
      } satisfies MessageSent);
    },
    ...handlers,
  });
}

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(
    await screen.findByRole(
      'button',
      { name: 'Copy message for order #1007' },
      { timeout: 10_000 },
    ),
  );
  const dialog = await screen.findByRole('dialog', { name: 'Message for order #1007' });
  await within(dialog).findByLabelText('Message');
  return within(dialog);
}

describe('message dialog', () => {
  useTestEnvironment();

  it('shows the message to paste, copies it, and links to the order on the marketplace', async () => {
    seller();
    renderApp('/thankly');
    const user = userEvent.setup();
    const dialog = await openDialog(user);
    const field = dialog.getByLabelText('Message') as HTMLTextAreaElement;
    expect(field.readOnly).toBe(true);
    expect(field.value).toBe(MESSAGE.text);
    expect(
      dialog.getByText(
        'Thankly never sends through Etsy: paste this into your buyer messages there.',
      ),
    ).toBeTruthy();
    const link = dialog.getByRole('link', { name: /Open order on Etsy/ });
    expect(link.getAttribute('href')).toBe(MESSAGE.orderUrl);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    await user.click(dialog.getByRole('button', { name: 'Copy message' }));
    expect(await dialog.findByText('Copied')).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(MESSAGE.text);
  });

  it('selects the text for copying by hand when the browser refuses the clipboard', async () => {
    seller({ 'GET /orders/o-7/message': () => json({ ...MESSAGE, orderUrl: null }) });
    renderApp('/thankly');
    const user = userEvent.setup();
    const dialog = await openDialog(user);
    expect(dialog.queryByRole('link', { name: /Open order/ })).toBeNull();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('NotAllowedError'));
    await user.click(dialog.getByRole('button', { name: 'Copy message' }));
    expect(await dialog.findByText(/the message is selected, press Ctrl\+C/)).toBeTruthy();
    const field = dialog.getByLabelText('Message') as HTMLTextAreaElement;
    expect(document.activeElement).toBe(field);
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, MESSAGE.text.length]);
  });

  it('marks the message sent, closes and shows the order as thanked', async () => {
    const api = seller();
    renderApp('/thankly');
    const user = userEvent.setup();
    const dialog = await openDialog(user);
    await user.click(dialog.getByRole('button', { name: 'Mark message sent' }));
    expect(await screen.findByText('Order #1007 is marked as thanked by message.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.callsTo('POST /orders/o-7/message-sent')).toHaveLength(1);
    expect(await screen.findByText('Message sent')).toBeTruthy();
  });

  it('says why it cannot be marked when the order was thanked another way', async () => {
    seller({
      'POST /orders/o-7/message-sent': () =>
        json({ error: 'This order was thanked with a printed card already.' }, 409),
    });
    renderApp('/thankly');
    const user = userEvent.setup();
    const dialog = await openDialog(user);
    await user.click(dialog.getByRole('button', { name: 'Mark message sent' }));
    expect((await dialog.findByRole('alert')).textContent).toBe(
      'This order was thanked with a printed card already.',
    );
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('keeps the focus inside, closes on Escape and gives the focus back', async () => {
    seller();
    renderApp('/thankly');
    const user = userEvent.setup();
    const opener = await screen.findByRole(
      'button',
      { name: 'Copy message for order #1007' },
      { timeout: 10_000 },
    );
    const dialog = await openDialog(user);
    expect(document.activeElement).toBe(screen.getByRole('dialog'));
    // Shift+Tab from the dialog itself wraps to its last control. The wrap passes through a focus
    // guard at the dialog's edge and lands a frame later, hence the waits.
    await user.tab({ shift: true });
    await vi.waitFor(() =>
      expect(document.activeElement).toBe(
        dialog.getByRole('button', { name: 'Mark message sent' }),
      ),
    );
    await user.tab();
    await vi.waitFor(() =>
      expect(document.activeElement).toBe(dialog.getByRole('button', { name: 'Close' })),
    );
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await vi.waitFor(() => expect(document.activeElement).toBe(opener));
  });
});
