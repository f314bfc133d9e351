import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TemplateSummary } from '@thankly/api-contract';
import {
  SELLER,
  json,
  mockApi,
  renderApp,
  useTestEnvironment,
  type Handler,
} from '../test/harness.tsx';
import { canCreateTemplate } from './dashboard-messages.ts';

function summary(over: Partial<TemplateSummary> = {}): TemplateSummary {
  return {
    id: 't1',
    name: 'Spring',
    subject: 'Thanks [customer-first-name]',
    preheader: '',
    language: 'en',
    html: '<!doctype html><p>Spring email</p>',
    sendConditions: { enabled: false, startDate: null, endDate: null },
    createdAt: '2026-05-01T10:00:00Z',
    updatedAt: '2026-05-01T10:00:00Z',
    activeNow: false,
    ...over,
  };
}

function seller(
  handlers: Record<string, Handler> = {},
  { templates = [summary()], tempLimit = 1, dailyLimit = 5 } = {},
) {
  return mockApi({
    'GET /auth/me': () => json({ user: SELLER }),
    'GET /templates/': () => json({ templates }),
    'GET /templates/selectors/selected': () => json({ selectedTemplateId: null }),
    'GET /templates/effective': () =>
      json({ templateId: null, overridden: false, date: '2026-05-02' }),
    'GET /stats/daily': () => json({ sentToday: 2, dailyLimit, tempLimit, planName: 'Starter' }),
    'GET /shops': () =>
      json({ shops: [], available: { etsy: false, shopify: false, woocommerce: true } }),
    'GET /activity': () => json({ items: [] }),
    'GET /by-hand/summary': () => json({ waiting: 0 }),
    'GET /sending/settings': () => json({ couponCode: 'THANKYOU20' }),
    'GET /templates/t1/empty-tokens': () => json({ emptyTokens: [] }),
    ...handlers,
  });
}

async function card(name: string) {
  return within(await screen.findByRole('listitem', { name }));
}

describe('dashboard', () => {
  useTestEnvironment();

  it('shows loading, then the empty text and the usage line', async () => {
    seller({}, { templates: [] });
    renderApp('/thankly');
    expect(
      await screen.findByRole('heading', { name: 'Your Thank-You Notes' }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(screen.getByLabelText('Loading templates')).toBeTruthy();
    expect(await screen.findByText('No templates yet. Create your first!')).toBeTruthy();
    expect(await screen.findByText(/Today: 2 \/ 5 thank-yous/)).toBeTruthy();
  });

  it('shows Unlimited, badges, the date range, fallbacks and the sandboxed scaled preview', async () => {
    seller(
      {
        'GET /templates/selectors/selected': () => json({ selectedTemplateId: 't1' }),
        'GET /templates/effective': () =>
          json({ templateId: 't2', overridden: true, date: '2026-05-02' }),
      },
      {
        dailyLimit: -1,
        tempLimit: 100,
        templates: [
          summary(),
          summary({
            id: 't2',
            name: '  ',
            subject: '',
            activeNow: true,
            sendConditions: { enabled: true, startDate: '2026-05-01', endDate: '2026-05-10' },
          }),
        ],
      },
    );
    renderApp('/thankly');
    expect(await screen.findByText(/Today: 2 \/ Unlimited thank-yous/)).toBeTruthy();
    const spring = await card('Spring');
    expect(spring.getByText('Selected')).toBeTruthy();
    expect(spring.queryByText('Sending today')).toBeNull();
    const untitled = await card('Untitled template');
    expect(untitled.getByText('Sending today')).toBeTruthy();
    expect(untitled.getByText('Active now')).toBeTruthy();
    // Dates for people, with the calendar date kept for machines.
    const range = untitled.getByText(
      (_, element) =>
        element?.tagName === 'P' && element.textContent === 'Set for 1 May to 10 May 2026',
    );
    expect([...range.querySelectorAll('time')].map((t) => t.dateTime)).toEqual([
      '2026-05-01',
      '2026-05-10',
    ]);
    expect(untitled.queryByText(/2026-05-01/)).toBeNull();
    // A long name is clamped on screen, but whole in the heading and its hover title.
    const heading = spring.getByRole('heading', { name: 'Spring' });
    expect(heading.className).toContain('line-clamp-2');
    expect(heading.getAttribute('title')).toBe('Spring');
    expect(untitled.getByText('(no subject)')).toBeTruthy();
    expect(await screen.findByText('Overridden')).toBeTruthy();
    const frame = spring.getByTitle('Preview of Spring') as HTMLIFrameElement;
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toContain('Spring email');
    expect(frame.style.width).toBe('800px');
    expect(frame.style.height).toBe('520px');
    expect(frame.style.transform).toBe('scale(0.32)');
    expect((frame.parentElement as HTMLElement).style.width).toBe('260px');
    expect((frame.parentElement as HTMLElement).style.height).toBe('170px');
  });

  it('selects a template and marks it', async () => {
    let selectedTemplateId: string | null = null;
    const api = seller({
      'GET /templates/selectors/selected': () => json({ selectedTemplateId }),
      'POST /templates/selectors/select/t1': () => {
        selectedTemplateId = 't1';
        return json({ selectedTemplateId });
      },
    });
    renderApp('/thankly');
    const user = userEvent.setup();
    await user.click((await card('Spring')).getByRole('button', { name: 'Select Spring' }));
    expect(
      await screen.findByText('Template selected - we will use this for future emails.'),
    ).toBeTruthy();
    expect(api.callsTo('POST /templates/selectors/select/t1')[0]?.contentType).toBe(
      'application/json',
    );
    expect(await (await card('Spring')).findByText('Selected')).toBeTruthy();
  });

  it('reports a failed selection', async () => {
    seller({ 'POST /templates/selectors/select/t1': () => json({ error: 'Internal error' }, 500) });
    renderApp('/thankly');
    await userEvent
      .setup()
      .click((await card('Spring')).getByRole('button', { name: 'Select Spring' }));
    expect(
      await screen.findByText('Whoops... failed to select template. Try again later.'),
    ).toBeTruthy();
  });

  it('deletes only after confirmation', async () => {
    const api = seller({ 'DELETE /templates/t1': () => json({ ok: true }) });
    const confirm = vi
      .spyOn(window, 'confirm')
      .mockReturnValueOnce(false)
      .mockReturnValueOnce(true);
    renderApp('/thankly');
    const user = userEvent.setup();
    const del = (await card('Spring')).getByRole('button', { name: 'Delete Spring' });
    await user.click(del);
    expect(api.callsTo('DELETE /templates/t1')).toHaveLength(0);
    await user.click(del);
    expect(await screen.findByText('Template deleted.')).toBeTruthy();
    expect(confirm).toHaveBeenLastCalledWith('Delete "Spring"? This cannot be undone.');
    confirm.mockRestore();
  });

  it('says so when the deleted template was the selected one, and selects nothing', async () => {
    let selectedTemplateId: string | null = 't1';
    const api = seller({
      'GET /templates/selectors/selected': () => json({ selectedTemplateId }),
      'DELETE /templates/t1': () => {
        selectedTemplateId = null;
        return json({ ok: true, selectionCleared: true });
      },
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderApp('/thankly');
    await userEvent
      .setup()
      .click((await card('Spring')).getByRole('button', { name: 'Delete Spring' }));
    expect(await screen.findByText('Template deleted.')).toBeTruthy();
    expect(
      await screen.findByText(
        'It was your selected template, so no template is selected now: new orders get no email until you choose one with Select.',
      ),
    ).toBeTruthy();
    // The refresh after the delete reloads the list, and never asks for the deleted one's warnings.
    const deletedAt = api.calls.findIndex((c) => c.key === 'DELETE /templates/t1');
    await waitFor(() =>
      expect(api.calls.slice(deletedAt).some((c) => c.key === 'GET /templates/')).toBe(true),
    );
    expect(
      api.calls.slice(deletedAt).filter((c) => c.key === 'GET /templates/t1/empty-tokens'),
    ).toEqual([]);
    confirm.mockRestore();
  });

  it('warns on the dashboard when the selected template uses a token real orders leave empty', async () => {
    const message =
      'You have no coupon code saved, so buyers won’t see the part that shows [coupon-code]. Add your code under Coupon code on the dashboard.';
    seller({
      'GET /templates/selectors/selected': () => json({ selectedTemplateId: 't1' }),
      'GET /templates/effective': () =>
        json({ templateId: 't1', overridden: false, date: '2026-05-02' }),
      'GET /templates/t1/empty-tokens': () =>
        json({ emptyTokens: [{ token: '[coupon-code]', message }] }),
    });
    renderApp('/thankly');
    const today = within(await screen.findByRole('region', { name: 'Sending today' }));
    const notice = await today.findByRole('status', { name: 'Tokens that will be empty' });
    expect(notice.textContent).toBe(message);
  });

  it('says once that a test leaves something blank, with the way to the template, not a toast per token', async () => {
    const message = 'Your marketplace doesn’t send tracking links with its orders.';
    seller({
      'POST /emails/test/t1': () =>
        json({
          ok: true,
          sentTo: SELLER.email,
          emptyTokens: [{ token: '[tracking-link]', message }],
        }),
    });
    renderApp('/thankly');
    await userEvent
      .setup()
      .click((await card('Spring')).getByRole('button', { name: 'Send test of Spring' }));
    expect(await screen.findByText('Test email sent! Check your inbox...')).toBeTruthy();
    expect(await screen.findByText(/^Some details in this email will be blank/)).toBeTruthy();
    expect(screen.queryByText(message)).toBeNull();
    expect(screen.getByRole('link', { name: 'Open the template' }).getAttribute('href')).toBe(
      '/thankly/create?id=t1',
    );
  });

  it('reports a failed delete', async () => {
    seller({ 'DELETE /templates/t1': () => json({ error: 'Template not found.' }, 404) });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderApp('/thankly');
    await userEvent
      .setup()
      .click((await card('Spring')).getByRole('button', { name: 'Delete Spring' }));
    expect(
      await screen.findByText('Whoops... failed to delete template. Try again later.'),
    ).toBeTruthy();
    confirm.mockRestore();
  });

  it.each([
    [
      json({ ok: true, sentTo: SELLER.email, emptyTokens: [] }),
      'Test email sent! Check your inbox...',
    ],
    [
      json({ error: 'Too many test emails. Try again in a minute.' }, 429),
      'Too many test emails. Try again in a minute.',
    ],
    [json({ error: 'Failed to send test email' }, 502), 'Failed to send test email'],
    [new Response('', { status: 500 }), 'Failed to send test email'],
  ])('sends a test email and shows the outcome (%#)', async (reply, message) => {
    seller({ 'POST /emails/test/t1': () => reply.clone() });
    renderApp('/thankly');
    await userEvent
      .setup()
      .click((await card('Spring')).getByRole('button', { name: 'Send test of Spring' }));
    expect(await screen.findByText(message)).toBeTruthy();
  });

  it('refuses a new template when the slots are used up', async () => {
    seller();
    renderApp('/thankly');
    await card('Spring');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'New template' }));
    expect(
      await screen.findByText(
        'Whoops.. you have used up all your template slots - upgrade your plan to get more.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Your Thank-You Notes' })).toBeTruthy();
  });

  it('says how many orders wait for a card, with the way to print them', async () => {
    seller({ 'GET /by-hand/summary': () => json({ waiting: 3 }) });
    const { unmount } = renderApp('/thankly');
    const callout = within(
      (
        await screen.findByRole(
          'heading',
          { name: '3 orders waiting for a card' },
          { timeout: 10_000 },
        )
      ).closest('section')!,
    );
    expect(callout.getByText(/did not share these buyers’ email addresses/)).toBeTruthy();
    expect(callout.getByRole('link', { name: 'Print cards' }).getAttribute('href')).toBe(
      '/thankly/cards',
    );
    unmount();
    seller({ 'GET /by-hand/summary': () => json({ waiting: 1 }) });
    renderApp('/thankly');
    expect(
      await screen.findByRole(
        'heading',
        { name: '1 order waiting for a card' },
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
  });

  it('shows no callout when no order waits for a card', async () => {
    const api = seller({ 'GET /by-hand/summary': () => json({ waiting: 0 }) });
    renderApp('/thankly');
    await screen.findByText('Spring', {}, { timeout: 10_000 });
    await waitFor(() => expect(api.callsTo('GET /by-hand/summary')).toHaveLength(1));
    expect(screen.queryByRole('heading', { name: /waiting for a card/ })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Print cards' })).toBeNull();
  });

  it('knows the slot rule', () => {
    expect(canCreateTemplate(0, 0)).toBe(true);
    expect(canCreateTemplate(0, 1)).toBe(true);
    expect(canCreateTemplate(1, 1)).toBe(false);
    expect(canCreateTemplate(19, 20)).toBe(true);
    expect(canCreateTemplate(20, 20)).toBe(false);
  });
});
