import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PLANS } from '@thankly/api-contract';
import { SELLER, json, mockApi, renderApp, useTestEnvironment } from '../../test/harness.tsx';
import { currentNavItem } from './app-nav.ts';

function seller({
  sentToday = 2,
  dailyLimit = 5,
  planName = 'Starter',
  templates = 0,
}: { sentToday?: number; dailyLimit?: number; planName?: string; templates?: number } = {}) {
  return mockApi({
    'GET /auth/me': () => json({ user: SELLER }),
    // One of the day's thank-yous was a printed card, and one a marketplace message (not limited).
    'GET /stats/daily': () =>
      json({
        sentToday,
        emailsToday: sentToday - 1,
        cardsToday: 1,
        messagesToday: 1,
        dailyLimit,
        tempLimit: 1,
        planName,
      }),
    'GET /templates/': () =>
      json({
        templates: Array.from({ length: templates }, (_, i) => ({
          id: `t${i}`,
          name: `Template ${i}`,
          subject: 'Thanks',
          preheader: '',
          language: 'en',
          html: '<p>Hi</p>',
          sendConditions: { enabled: false, startDate: null, endDate: null },
          createdAt: '2026-05-01T10:00:00Z',
          updatedAt: '2026-05-01T10:00:00Z',
          activeNow: false,
        })),
      }),
    'GET /templates/selectors/selected': () => json({ selectedTemplateId: null }),
    'GET /templates/effective': () =>
      json({ templateId: null, overridden: false, date: '2026-05-02' }),
    'GET /templates/t0/empty-tokens': () => json({ emptyTokens: [] }),
    'GET /shops': () =>
      json({ shops: [], available: { etsy: false, shopify: false, woocommerce: true } }),
    'GET /activity': () => json({ items: [] }),
    'GET /sending/settings': () => json({ couponCode: '' }),
    'GET /me': () =>
      json({
        email: SELLER.email,
        plan: 'free',
        isPaused: false,
        emailVerified: true,
        pendingEmail: null,
        postalAddress: '',
      }),
    'GET /plans': () => json({ plans: PLANS }),
  });
}

const appNav = () => screen.findByRole('navigation', { name: 'App' });
const linkIn = (nav: HTMLElement, name: string) => within(nav).getByRole('link', { name });

describe('app shell', () => {
  useTestEnvironment();
  // jsdom has no layout; the anchor hook's scrolling is checked in the browser tests.
  beforeEach(() => {
    Element.prototype.scrollIntoView = vi.fn();
  });

  it('frames the dashboard with the product navigation, not the marketing header and footer', async () => {
    seller();
    renderApp('/thankly');
    const nav = await appNav();
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Templates', '/thankly'],
      ['Journey', '/thankly/journey'],
      ['Shops', '/thankly#shops'],
      ['Orders', '/thankly#orders'],
      ['Insights', '/thankly/insights'],
      ['Brand', '/thankly/brand'],
      ['Account & billing', '/Account'],
    ]);
    expect(linkIn(nav, 'Templates').getAttribute('aria-current')).toBe('page');
    expect(linkIn(nav, 'Shops').getAttribute('aria-current')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Pricing' })).toBeNull();
    expect(screen.queryByRole('contentinfo')).toBeNull();
    // The dashboard's sections the links point at.
    await screen.findByRole('heading', { name: 'Your Thank-You Notes' });
    expect(document.getElementById('shops')).not.toBeNull();
    expect(await screen.findByRole('heading', { name: 'Recent orders' })).toBeTruthy();
    expect(document.getElementById('orders')?.textContent).toContain('Recent orders');
  });

  it('shows the plan and today’s usage from the daily stats, with Upgrade to the plan choice', async () => {
    seller();
    renderApp('/thankly');
    const [meter] = await screen.findAllByRole('group', { name: 'Plan and usage' });
    expect(meter!.textContent).toContain('Starter plan');
    expect(meter!.textContent).toContain('2 / 5 thank-yous today');
    const bar = within(meter!).getByRole('meter', { name: 'Thank-yous today' });
    expect(bar.getAttribute('aria-valuetext')).toBe(
      '2 of 5 thank-yous today: 1 email, 1 printed card',
    );
    expect([bar.getAttribute('aria-valuenow'), bar.getAttribute('aria-valuemax')]).toEqual([
      '2',
      '5',
    ]);
    expect(within(meter!).getByRole('link', { name: 'Upgrade' }).getAttribute('href')).toBe(
      '/Account#plans',
    );
    // The dashboard's own line names each way and says what the limit counts; no warning below it.
    expect(
      await screen.findByText(
        /Today: 2 \/ 5 thank-yous \(1 email, 1 printed card\) · 1 marketplace message, not limited/,
      ),
    ).toBeTruthy();
    expect(
      screen.getByText(
        'The daily limit counts emails and printed cards together. Marketplace messages you send yourself are not limited.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText('Daily limit reached.')).toBeNull();
  });

  it('says when the daily limit is reached and offers Upgrade there and in the bar', async () => {
    seller({ sentToday: 5 });
    renderApp('/thankly');
    const reached = await screen.findByText('Daily limit reached.');
    const notice = reached.closest('[role="status"]') as HTMLElement;
    expect(notice.textContent).toContain('skipped, not emailed');
    expect(within(notice).getByRole('link', { name: 'Upgrade' }).getAttribute('href')).toBe(
      '/Account#plans',
    );
    const [meter] = screen.getAllByRole('group', { name: 'Plan and usage' });
    expect(meter!.textContent).toContain('Limit reached');
    expect(screen.getAllByTestId('usage-meter-compact')[0]!.textContent).toContain('Limit reached');
  });

  it('has nothing to upgrade to on the top plan and no bar for an unlimited day', async () => {
    seller({ sentToday: 40, dailyLimit: -1, planName: 'Business' });
    renderApp('/thankly');
    const [meter] = await screen.findAllByRole('group', { name: 'Plan and usage' });
    expect(meter!.textContent).toContain('40 / Unlimited thank-yous today');
    expect(within(meter!).queryByRole('meter')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Upgrade' })).toBeNull();
  });

  it('the template-slots toast carries Upgrade, which opens the plans on Account & billing', async () => {
    seller({ templates: 1 });
    renderApp('/thankly');
    const user = userEvent.setup();
    await screen.findByText('Template 0');
    await user.click(screen.getByRole('button', { name: 'New template' }));
    const toast = (await screen.findByText(/used up all your template slots/)).closest(
      '[data-testid="toast"]',
    ) as HTMLElement;
    await user.click(within(toast).getByRole('link', { name: 'Upgrade' }));
    expect(await screen.findByRole('heading', { name: 'Account', level: 1 })).toBeTruthy();
    const plans = document.getElementById('plans');
    expect(plans?.textContent).toContain('Subscription');
    await vi.waitFor(() => expect(document.activeElement).toBe(plans));
    expect(linkIn(await appNav(), 'Account & billing').getAttribute('aria-current')).toBe('page');
    // Following it closes the toast (gone once it has faded out).
    await vi.waitFor(() =>
      expect(screen.queryByText(/used up all your template slots/)).toBeNull(),
    );
  });

  it('navigates to Account & billing and marks it as the current page', async () => {
    seller();
    renderApp('/thankly');
    const user = userEvent.setup();
    await user.click(linkIn(await appNav(), 'Account & billing'));
    expect(await screen.findByRole('heading', { name: 'Account', level: 1 })).toBeTruthy();
    expect(screen.getByText('Current plan:').textContent).toContain('Starter');
    const nav = await appNav();
    expect(linkIn(nav, 'Account & billing').getAttribute('aria-current')).toBe('page');
    expect(linkIn(nav, 'Templates').getAttribute('aria-current')).toBeNull();
  });

  it('opens the phone menu from the keyboard and closes it with Escape or a link', async () => {
    seller();
    renderApp('/thankly');
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: 'Menu' });
    const panel = document.getElementById(button.getAttribute('aria-controls')!)!;
    expect(panel.hidden).toBe(true);
    button.focus();
    await user.keyboard('{Enter}');
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(panel.hidden).toBe(false);
    const menuNav = within(panel).getByRole('navigation', { name: 'App menu' });
    await user.tab();
    expect(document.activeElement).toBe(linkIn(menuNav, 'Templates'));
    await user.keyboard('{Escape}');
    expect(panel.hidden).toBe(true);
    expect(document.activeElement).toBe(button);
    // Escape works from the button too, where the focus stays after opening.
    await user.keyboard('{Enter}');
    expect(panel.hidden).toBe(false);
    await user.keyboard('{Escape}');
    expect(panel.hidden).toBe(true);

    await user.click(button);
    await user.click(linkIn(menuNav, 'Orders'));
    expect(panel.hidden).toBe(true);
    expect(linkIn(await appNav(), 'Orders').getAttribute('aria-current')).toBe('page');
    await vi.waitFor(() => expect(document.activeElement?.id).toBe('orders'));
  });

  it('marketing pages keep the site header (App and Logout) and footer for a signed-in seller', async () => {
    seller();
    renderApp('/pricing');
    expect(await screen.findByRole('link', { name: 'App' })).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'App' })).toBeNull();
  });
});

describe('current page in the app navigation', () => {
  it('maps each path and anchor to one item', () => {
    const label = (path: string, hash = '') => currentNavItem(path, hash)?.label;
    expect(label('/thankly')).toBe('Templates');
    expect(label('/thankly/create')).toBe('Templates');
    expect(label('/thankly', '#shops')).toBe('Shops');
    expect(label('/thankly', '#orders')).toBe('Orders');
    expect(label('/thankly', '#elsewhere')).toBe('Templates');
    expect(label('/thankly/brand')).toBe('Brand');
    expect(label('/thankly/insights')).toBe('Insights');
    expect(label('/thankly/journey')).toBe('Journey');
    expect(label('/thankly/cards')).toBe('Orders');
    expect(label('/Account')).toBe('Account & billing');
    expect(label('/Account', '#plans')).toBe('Account & billing');
    expect(label('/billing/success')).toBeUndefined();
  });
});
