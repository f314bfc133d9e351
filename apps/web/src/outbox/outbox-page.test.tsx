import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SELLER, json, mockApi, renderApp, useTestEnvironment } from '../test/harness.tsx';

const RESET = {
  id: '11111111-1111-4111-8111-111111111111',
  to: SELLER.email,
  subject: 'Reset your Thankly password',
  createdAt: '2026-11-20T10:00:00.000Z',
};
const TEST_EMAIL = {
  id: '22222222-2222-4222-8222-222222222222',
  to: SELLER.email,
  subject: '[Test] Thank you for your order',
  createdAt: '2026-11-21T09:30:00.000Z',
};
const kept = { enabled: true, messages: [TEST_EMAIL, RESET] };
const fullMessage = (item: typeof RESET, html: string | null, text: string | null) => ({
  ...item,
  headers: [
    { name: 'From', value: 'Thankly <no-reply@thankly.example>' },
    { name: 'Subject', value: item.subject },
  ],
  html,
  text,
});

describe('the outbox', () => {
  useTestEnvironment();

  it('is linked from the banner on every app page while mail is kept locally', async () => {
    mockApi({
      'GET /auth/me': () => json({ user: SELLER }),
      'GET /outbox': () => json(kept),
    });
    renderApp('/Account');
    const banner = await screen.findByTestId('mail-kept-locally-banner');
    expect(banner.textContent).toMatch(/Nothing is delivered/);
    const link = within(banner).getByRole('link', { name: 'Open your outbox (2)' });
    expect(link.getAttribute('href')).toBe('/thankly/outbox');
  });

  it('shows no banner where mail really goes out, and the page says there is nothing to read', async () => {
    mockApi({ 'GET /auth/me': () => json({ user: SELLER }) });
    renderApp('/thankly/outbox');
    expect(await screen.findByText(/sends its emails for real/)).toBeTruthy();
    expect(screen.queryByTestId('mail-kept-locally-banner')).toBeNull();
  });

  it('renders the newest email in a sandboxed frame, with its text part and headers', async () => {
    const api = mockApi({
      'GET /auth/me': () => json({ user: SELLER }),
      'GET /outbox': () => json(kept),
      [`GET /outbox/${TEST_EMAIL.id}`]: () =>
        json(
          fullMessage(
            TEST_EMAIL,
            '<p>Thank you, Ada!</p><script>parent.alert(1)</script>',
            'Thank you, Ada!',
          ),
        ),
    });
    renderApp('/thankly/outbox');
    const frame = (await screen.findByTitle(`Email: ${TEST_EMAIL.subject}`)) as HTMLIFrameElement;
    // No allow-scripts and no allow-same-origin: the email cannot run code or reach the app.
    expect(frame.getAttribute('sandbox')).toBe('allow-popups allow-popups-to-escape-sandbox');
    expect(frame.getAttribute('srcdoc')).toMatch(/^<base target="_blank">/);
    expect(frame.getAttribute('srcdoc')).toContain('<p>Thank you, Ada!</p>');

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Plain text' }));
    expect(screen.getByText('Thank you, Ada!')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Headers' }));
    expect(screen.getByText('Thankly <no-reply@thankly.example>')).toBeTruthy();
    expect(api.callsTo(`GET /outbox/${RESET.id}`)).toHaveLength(0);
  });

  it('opens another email from the list, and a text-only email shows its text', async () => {
    mockApi({
      'GET /auth/me': () => json({ user: SELLER }),
      'GET /outbox': () => json(kept),
      [`GET /outbox/${TEST_EMAIL.id}`]: () => json(fullMessage(TEST_EMAIL, '<p>Hi</p>', 'Hi')),
      [`GET /outbox/${RESET.id}`]: () =>
        json(fullMessage(RESET, null, 'Choose a new password: http://127.0.0.1/reset-password')),
    });
    renderApp('/thankly/outbox');
    const list = await screen.findByRole('navigation', { name: 'Kept emails' });
    await userEvent.setup().click(within(list).getByRole('link', { name: /Reset your Thankly/ }));
    expect(await screen.findByText(/Choose a new password/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Email' })).toBeNull();
    expect(within(list).getByRole('link', { current: true }).textContent).toMatch(/Reset/);
  });

  it("says so when an email is not the seller's (another account's id in the URL)", async () => {
    mockApi({
      'GET /auth/me': () => json({ user: SELLER }),
      'GET /outbox': () => json(kept),
      'GET /outbox/33333333-3333-4333-8333-333333333333': () =>
        json({ error: 'No such message in your outbox.' }, 404),
    });
    renderApp('/thankly/outbox?message=33333333-3333-4333-8333-333333333333');
    expect(await screen.findByText('Could not open this email.')).toBeTruthy();
  });
});
