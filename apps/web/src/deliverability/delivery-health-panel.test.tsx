import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import {
  dashboardHandlers,
  healthyDelivery,
  json,
  mockApi,
  renderApp,
  useTestEnvironment,
} from '../test/harness.tsx';

async function panel() {
  const heading = await screen.findByRole(
    'heading',
    { name: 'Delivery health' },
    { timeout: 10_000 },
  );
  return within(heading.closest('section')!);
}

function rate(card: ReturnType<typeof within>, title: string) {
  return within(card.getByRole('heading', { name: title }).parentElement!.parentElement!);
}

describe('delivery health panel', () => {
  useTestEnvironment();

  it('shows the rates, the counts and the limits over the last 30 days', async () => {
    mockApi({
      ...dashboardHandlers(),
      'GET /deliverability/health': () =>
        json(
          healthyDelivery({
            sent: 400,
            bounces: 18,
            complaints: 1,
            bounceRate: 0.045,
            complaintRate: 0.0025,
          }),
        ),
    });
    renderApp('/thankly');
    const card = await panel();
    expect(await card.findByText('Last 30 days · 400 emails sent')).toBeTruthy();
    const bounces = rate(card, 'Bounce rate');
    expect(bounces.getByText('4.5%')).toBeTruthy();
    expect(bounces.getByText('18 of 400 emails bounced · limit 5%')).toBeTruthy();
    expect(bounces.getByText('Close to the limit')).toBeTruthy();
    expect(bounces.getByRole('meter').getAttribute('aria-valuetext')).toBe('4.5% of a 5% limit');
    const complaints = rate(card, 'Spam complaint rate');
    expect(complaints.getByText('0.25%')).toBeTruthy();
    expect(complaints.getByText('1 of 400 emails marked as spam · limit 0.3%')).toBeTruthy();
    expect(complaints.getByText('Close to the limit')).toBeTruthy();
    expect(card.getByText(/Above either limit, Thankly pauses your sending/)).toBeTruthy();
    expect(screen.queryByRole('alert', { name: 'Sending is paused' })).toBeNull();
  });

  it('healthy rates are marked healthy', async () => {
    mockApi({
      ...dashboardHandlers(),
      'GET /deliverability/health': () =>
        json(healthyDelivery({ sent: 250, bounces: 2, bounceRate: 0.008 })),
    });
    renderApp('/thankly');
    const card = await panel();
    expect(await card.findByText('0.8%')).toBeTruthy();
    expect(card.getAllByText('Healthy')).toHaveLength(2);
  });

  it('says when too few emails were sent to judge', async () => {
    mockApi(dashboardHandlers());
    renderApp('/thankly');
    const card = await panel();
    expect(
      await card.findByText(
        'Too few emails to judge yet: rates count once 100 emails have gone out in 30 days (0 so far).',
      ),
    ).toBeTruthy();
    expect(card.getAllByText('Too few to judge')).toHaveLength(2);
    // Small senders are judged all the same, by their last 10 emails.
    expect(
      card.getByText(
        'However few emails you send, Thankly also pauses sending when 3 of your last 10 go to addresses that do not exist, and emails you to say what to do.',
      ),
    ).toBeTruthy();
    expect(card.getByText('0 of 0 emails bounced · limit 5%')).toBeTruthy();
  });

  it('a paused account gets an alert at the top with the reason and the way back', async () => {
    const reason =
      'Sending paused: 7% of your emails in the last 30 days bounced, above the 5% limit.';
    mockApi({
      ...dashboardHandlers(),
      'GET /deliverability/health': () =>
        json(
          healthyDelivery({
            sent: 200,
            bounces: 14,
            bounceRate: 0.07,
            paused: { at: '2026-05-02T09:30:00Z', reason },
          }),
        ),
    });
    renderApp('/thankly');
    const alert = within(
      await screen.findByRole('alert', { name: 'Sending is paused' }, { timeout: 10_000 }),
    );
    expect(alert.getByText('May 2, 2026, 12:30 PM EEST')).toBeTruthy();
    expect(alert.getByText(reason)).toBeTruthy();
    expect(alert.getByText(/Contact support: tell us what you changed/)).toBeTruthy();
    expect(alert.getByRole('link', { name: 'Contact support' }).getAttribute('href')).toBe(
      '/contact',
    );
    // Under the title, before every section of the dashboard.
    const firstSection = screen.getByRole('heading', { name: 'Sending today' });
    const position = alert.getByText(reason).compareDocumentPosition(firstSection);
    expect(position & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const card = await panel();
    expect(rate(card, 'Bounce rate').getByText('Over the limit')).toBeTruthy();
  });

  it('a failed load offers to try again and leaves the rest of the dashboard alone', async () => {
    mockApi({
      ...dashboardHandlers(),
      'GET /deliverability/health': () => json({ error: 'Not there' }, 503),
    });
    renderApp('/thankly');
    const card = await panel();
    expect(
      await card.findByText('Delivery health could not be loaded.', {}, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(card.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.queryByRole('alert', { name: 'Sending is paused' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Sending today' })).toBeTruthy();
  });
});
