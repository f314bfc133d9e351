import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AppRoutes } from '../app.tsx';
import { preloadRoute } from '../lazy-pages.tsx';
import { SELLER, dashboardHandlers, json, mockApi, useTestEnvironment } from '../test/harness.tsx';
import { formatMoney, formatRate } from './insights-format.ts';
import { parsePeriod, periodRange } from './insights-queries.ts';
import { RATE_FORMULAS, rateOf } from '@thankly/api-contract';
import { formatCalendarRange } from '../lib/format-dates.ts';
import { TOO_FEW_TO_TELL } from './comparison-table.tsx';
import { PROXY_OPEN_EXPLAINED } from './how-counted.tsx';
import { counts, emptyReply, insightsReply } from './test-fixtures.ts';

/** jsdom has no ResizeObserver; the charts' container only needs it to exist. */
class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

/** A ResizeObserver that measures every container at a desktop card's size, once, at once. */
class MeasuredResizeObserver {
  constructor(private readonly callback: ResizeObserverCallback) {}
  observe(target: Element) {
    const rect = { width: 560, height: 256, top: 0, left: 0, bottom: 256, right: 560, x: 0, y: 0 };
    const entry = { target, contentRect: rect } as unknown as ResizeObserverEntry;
    this.callback([entry], this as unknown as ResizeObserver);
  }
  unobserve() {}
  disconnect() {}
}

function LocationProbe() {
  const { search } = useLocation();
  return <output data-testid="search">{search}</output>;
}

/** The whole app at `path`, with the current query string readable by the test. */
function renderInsights(path = '/thankly/insights') {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]} useTransitions={false}>
        <AppRoutes />
        <LocationProbe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** Answers GET /insights for whatever period is asked, and records the periods asked for. */
function serveInsights(reply = insightsReply) {
  const asked: Array<{ from: string; to: string }> = [];
  const api = mockApi({
    ...dashboardHandlers(),
    'GET /insights': (_body, request) => {
      const url = new URL(request.url);
      const from = url.searchParams.get('from') ?? '';
      const to = url.searchParams.get('to') ?? '';
      asked.push({ from, to });
      return json(reply(from, to));
    },
  });
  return { api, asked };
}

function tile(label: string): HTMLElement {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.parentElement as HTMLElement;
}

describe('insights page', () => {
  useTestEnvironment();
  // The chart library is a large module: loaded once here, not inside the first test's wait.
  beforeAll(async () => {
    await preloadRoute('/thankly/insights');
  });
  beforeEach(() => {
    vi.stubGlobal('ResizeObserver', NoResizeObserver);
  });

  it('shows the totals with rates of delivered emails, revenue in each currency and the machine opens apart', async () => {
    serveInsights();
    renderInsights();
    expect(await screen.findByRole('heading', { name: 'Insights', level: 1 })).toBeTruthy();
    await screen.findByText('Emails delivered', { selector: 'dt' });
    expect(tile('Emails delivered').textContent).toContain('38');
    expect(tile('Emails delivered').textContent).toContain('40 emails sent, 2 bounced');
    expect(tile('Unique opens').textContent).toContain('17');
    expect(tile('Unique opens').textContent).toContain('44.7% open rate');
    expect(tile('Redemptions').textContent).toContain('3');
    expect(tile('Redemptions').textContent).toContain('Same buyer within 30 days');
    expect(tile('Redemptions').textContent).toContain('1 code used, not attributed');
    expect(tile('Repeat orders').textContent).toContain('4');
    const revenue = within(tile('Attributed revenue'));
    expect(revenue.getByText('€40.50')).toBeTruthy();
    expect(revenue.getByText('$123.45')).toBeTruthy();
    expect(tile('Attributed revenue').textContent).toContain('€1.01 · $3.09 per email sent');
    expect(
      screen.getByText(
        /^6 more emails opened and 2 more links followed by Apple’s privacy proxy, security scanners and link checkers, not counted as people\./,
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/Opens and clicks are not tracked/)).toBeNull();
  });

  it('the click rate is of emails clicked, not of clicks, with its formula; total clicks apart', async () => {
    serveInsights();
    renderInsights();
    await screen.findByText('Emails clicked', { selector: 'dt' });
    const clicked = tile('Emails clicked');
    // 4 of 38 delivered emails were clicked; 6 links followed in all would have read 15%.
    expect(clicked.textContent).toContain('10.5% click rate');
    expect(clicked.textContent).toContain('6 links followed in all');
    const rate = within(clicked).getByText('10.5% click rate');
    const formula = document.getElementById(rate.getAttribute('aria-describedby')!);
    expect(formula?.getAttribute('role')).toBe('tooltip');
    expect(formula?.textContent).toBe(RATE_FORMULAS.clickRate);
  });

  it('never shows a rate above 100%, even if a count passes the emails delivered', async () => {
    expect(formatRate(rateOf(6, 4))).toBe('100%');
    expect(formatRate(1.5)).toBe('100%');
    serveInsights((from, to) =>
      insightsReply(from, to, {
        totals: counts({ sent: 30, delivered: 30, clickedEmails: 30, clicks: 90 }),
      }),
    );
    renderInsights();
    await screen.findByText('Emails clicked', { selector: 'dt' });
    expect(tile('Emails clicked').textContent).toContain('100% click rate');
    expect(tile('Emails clicked').textContent).toContain('90 links followed in all');
    expect(tile('Emails clicked').textContent).not.toContain('too few to tell');
  });

  it('says beside each total rate when fewer than 20 emails were delivered', async () => {
    serveInsights((from, to) =>
      insightsReply(from, to, { totals: counts({ sent: 3, uniqueOpens: 1, clickedEmails: 1 }) }),
    );
    renderInsights();
    await screen.findByText('Unique opens', { selector: 'dt' });
    expect(tile('Unique opens').textContent).toContain('33.3% open rate · too few to tell');
    expect(tile('Emails clicked').textContent).toContain('33.3% click rate · too few to tell');
    expect(tile('Redemptions').textContent).toContain('0% redemption rate · too few to tell');
  });

  it('compares each template and journey step with the shop, with the period and sample; too few to tell under 20', async () => {
    serveInsights();
    renderInsights('/thankly/insights?days=7');
    const templates = await screen.findByRole('region', { name: 'Per template' });
    const { from, to } = periodRange(7, SELLER.timeZone);
    expect(templates.textContent).toContain(formatCalendarRange(from, to).join(' – '));
    const shop = within(templates).getByRole('row', { name: /Shop average/ });
    expect(shop.textContent).toContain('38');
    expect(shop.textContent).toContain('44.7%');
    const spring = within(templates).getByRole('row', { name: /Spring thanks/ });
    // 12 of 24 delivered, beside the shop's 17 of 38; $4.00 per email sent.
    expect(spring.textContent).toContain('24');
    expect(spring.textContent).toMatch(/Open rate50%.*shop 44\.7%Click rate/);
    expect(spring.textContent).toContain('$4.00');
    const old = within(templates).getByRole('row', { name: /Old note/ });
    expect(within(old).getByText('Deleted template')).toBeTruthy();
    expect(within(old).getAllByText(TOO_FEW_TO_TELL)).toHaveLength(3);
    expect(old.textContent).not.toContain('%');

    const steps = screen.getByRole('region', { name: 'Per journey step' });
    expect(within(steps).getByRole('row', { name: /Thank-you email/ }).textContent).toContain(
      '50%',
    );
    const review = within(steps).getByRole('row', { name: /Review request/ });
    expect(within(review).getAllByText(TOO_FEW_TO_TELL)).toHaveLength(3);
  });

  it('says on the page how every number was counted, proxy opens included', async () => {
    serveInsights();
    renderInsights();
    const how = await screen.findByRole('region', { name: 'How these numbers are counted' });
    expect(how.textContent).toContain(PROXY_OPEN_EXPLAINED);
    expect(how.textContent).toContain(RATE_FORMULAS.openRate);
    expect(how.textContent).toContain('within 10 seconds of sending');
    expect(how.textContent).toContain('in the 30 days before it');
    expect(how.textContent).toContain('code used, not attributed');
  });

  it('draws the charts in their final state at once, with no entry animation', async () => {
    vi.stubGlobal('ResizeObserver', MeasuredResizeObserver);
    serveInsights();
    renderInsights('/thankly/insights?days=7');
    const chart = await screen.findByRole('region', { name: 'Redemptions and repeat orders' });
    // The fixture's last day has 3 redemptions and 4 repeat orders: two bars of full height.
    const bars = await waitFor(() => {
      const found = chart.querySelectorAll('.recharts-bar-rectangle path');
      expect(found.length).toBeGreaterThan(0);
      return found;
    });
    for (const bar of bars) expect(Number(bar.getAttribute('height'))).toBeGreaterThan(0);
    const lines = screen.getByRole('region', { name: 'Emails, opens and clicks' });
    for (const curve of lines.querySelectorAll('.recharts-line-curve'))
      expect(curve.getAttribute('stroke-dasharray') ?? '').not.toMatch(/^0/);
  });

  it('gives each chart a text alternative', async () => {
    serveInsights();
    renderInsights('/thankly/insights?days=7');
    const chart = await screen.findByRole('region', { name: 'Emails, opens and clicks' });
    expect(
      within(chart).getByText('40 emails sent, opened by 17 people, 4 emails clicked.'),
    ).toBeTruthy();
    const table = within(chart).getByRole('table', { name: 'Emails, opens and clicks, per day' });
    // A row per day of the period, plus the header.
    expect(within(table).getAllByRole('row')).toHaveLength(8);
  });

  it('asks for the chosen period, keeps it in the URL and links the CSV of the same days', async () => {
    const { asked } = serveInsights();
    renderInsights();
    const user = userEvent.setup();
    const thirty = await screen.findByRole('button', { name: '30 days' });
    expect(thirty.getAttribute('aria-pressed')).toBe('true');
    await screen.findByText('Emails delivered', { selector: 'dt' });
    expect(asked.at(-1)).toEqual(periodRange(30, SELLER.timeZone));

    await user.click(screen.getByRole('button', { name: '7 days' }));
    expect(screen.getByTestId('search').textContent).toBe('?days=7');
    await waitFor(() => expect(asked.at(-1)).toEqual(periodRange(7, SELLER.timeZone)));
    expect(screen.getByRole('button', { name: '7 days' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    const { from, to } = periodRange(7, SELLER.timeZone);
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe(
      `/api/insights/export.csv?from=${from}&to=${to}`,
    );
  });

  it('opens on the period of the URL, so a reload shows the same days', async () => {
    const { asked } = serveInsights();
    renderInsights('/thankly/insights?days=90');
    expect(
      (await screen.findByRole('button', { name: '90 days' })).getAttribute('aria-pressed'),
    ).toBe('true');
    await waitFor(() => expect(asked).toEqual([periodRange(90, SELLER.timeZone)]));
  });

  it('explains an empty period and where to start', async () => {
    serveInsights(emptyReply);
    renderInsights('/thankly/insights?days=7');
    expect(
      await screen.findByRole('heading', { name: 'No thank-you emails sent in the last 7 days' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Connect a shop' }).getAttribute('href')).toBe(
      '/thankly#shops',
    );
    expect(screen.queryByText('Emails delivered', { selector: 'dt' })).toBeNull();
  });

  it('says when opens and clicks are not tracked, with the way to turn tracking on', async () => {
    serveInsights((from, to) => insightsReply(from, to, { trackingEnabled: false }));
    renderInsights();
    expect(await screen.findByText(/Opens and clicks are not tracked/)).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'Turn tracking on in Account.' }).getAttribute('href'),
    ).toBe('/Account');
  });

  it('shows a skeleton, then an error with Try again that asks once more', async () => {
    let attempts = 0;
    let answerFirst: (r: Response) => void = () => {};
    mockApi({
      ...dashboardHandlers(),
      'GET /insights': (_body, request) => {
        attempts += 1;
        if (attempts === 1) return new Promise<Response>((resolve) => (answerFirst = resolve));
        // A server error is asked once more on its own before the page gives up.
        if (attempts === 2) return json({ error: 'Internal error' }, 500);
        const url = new URL(request.url);
        return json(insightsReply(url.searchParams.get('from')!, url.searchParams.get('to')!));
      },
    });
    renderInsights();
    expect(await screen.findByTestId('insights-skeleton')).toBeTruthy();
    answerFirst(json({ error: 'Internal error' }, 500));
    expect(await screen.findByText('Could not load your insights.')).toBeTruthy();
    expect(attempts).toBe(2);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Emails delivered', { selector: 'dt' })).toBeTruthy();
    expect(attempts).toBe(3);
  });
});

describe('insights numbers', () => {
  it('formats money from minor units in each currency’s own decimals', () => {
    expect(formatMoney({ currency: 'USD', amountMinor: 1999 })).toBe('$19.99');
    expect(formatMoney({ currency: 'JPY', amountMinor: 1999 })).toBe('¥1,999');
    // A code the browser cannot format at all still shows the amount.
    expect(formatMoney({ currency: 'US', amountMinor: 1999 })).toBe('19.99 US');
  });

  it('has no rate when nothing was delivered', () => {
    expect(formatRate(rateOf(0, 0))).toBe('–');
    expect(formatRate(rateOf(1, 3))).toBe('33.3%');
  });

  it("counts periods in the seller's days, today included", () => {
    // 23:30 UTC on 31 Dec is already 1 Jan in Athens, and still 31 Dec in Los Angeles.
    expect(periodRange(7, 'Europe/Athens', new Date('2026-12-31T23:30:00Z'))).toEqual({
      from: '2026-12-26',
      to: '2027-01-01',
    });
    expect(periodRange(7, 'America/Los_Angeles', new Date('2026-12-31T23:30:00Z'))).toEqual({
      from: '2026-12-25',
      to: '2026-12-31',
    });
    expect(parsePeriod('90')).toBe(90);
    expect(parsePeriod('12')).toBe(30);
    expect(parsePeriod(null)).toBe(30);
  });
});
