import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import {
  type CardPrintSettings,
  type CardsPrinted,
  DEFAULT_CARD_PRINT_SETTINGS,
} from '@thankly/api-contract';
import { SELLER, json, mockApi, renderApp, useTestEnvironment } from '../test/harness.tsx';
import { sheetsOf } from './card-layouts.ts';
import { printCss } from './print-styles.tsx';
import { cardBatch, orderId, printCard } from './test-fixtures.ts';
import CardsPage from './cards-page.tsx';

function Address() {
  const location = useLocation();
  return <output data-testid="address">{`${location.pathname}${location.search}`}</output>;
}

/** The page alone, with the address it is at shown beside it. */
function renderPage(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <CardsPage />
        <Address />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const FIVE = [1, 2, 3, 4, 5].map((n) => printCard(n));

function seller(
  batch = cardBatch(FIVE),
  handlers: Parameters<typeof mockApi>[0] = {},
  settings: CardPrintSettings = DEFAULT_CARD_PRINT_SETTINGS,
) {
  return mockApi({
    'GET /auth/me': () => json({ user: SELLER }),
    'GET /cards/settings': () => json(settings),
    'PUT /cards/settings': (body) => json(body),
    'GET /stats/daily': () =>
      json({ sentToday: 0, dailyLimit: 5, tempLimit: 1, planName: 'Starter' }),
    'GET /cards': () => json(batch),
    ...handlers,
  });
}

const sheets = () => document.querySelectorAll('[data-card-sheet]');

async function loaded() {
  return screen.findByRole('heading', { name: 'Print thank-you cards' }, { timeout: 10_000 });
}

describe('print cards page', () => {
  useTestEnvironment();
  beforeEach(() => {
    window.localStorage.clear();
    window.print = vi.fn();
  });
  afterEach(() => {
    delete document.documentElement.dataset.cardsFitted;
  });

  it('lays five cards out four to an A4 sheet, or one to a postcard', async () => {
    seller();
    const { unmount } = renderApp('/thankly/cards?layout=a4-4up');
    await loaded();
    await vi.waitFor(() => expect(sheets()).toHaveLength(2));
    expect([...sheets()].map((s) => s.querySelectorAll('[data-print-card]').length)).toEqual([
      4, 1,
    ]);
    const first = document.querySelector('[data-print-card]')!;
    expect(first.getAttribute('data-order-id')).toBe(orderId(1));
    expect(first.getAttribute('data-order-number')).toBe('1001');
    expect(first.textContent).toContain('Thank you, Buyer 1!');
    // The greeting by first name and the QR code to the shop, on every card.
    expect(first.querySelector('[data-card-greeting]')!.textContent).toBe('Thank you, Buyer1!');
    expect(first.querySelector('[data-shop-qr]')!.getAttribute('data-qr-url')).toBe(
      'https://juniper.example',
    );
    expect(sheets()[0]!.querySelector('[data-cut-marks]')).not.toBeNull();
    expect(document.documentElement.dataset.cardsFitted).toBe('true');
    expect(document.querySelector('style[data-print-styles]')!.textContent).toContain(
      '@page { size: 210mm 297mm; margin: 0; }',
    );
    unmount();

    seller();
    renderApp('/thankly/cards?layout=postcard');
    await loaded();
    await vi.waitFor(() => expect(sheets()).toHaveLength(5));
    expect(sheets()[0]!.querySelector('[data-cut-marks]')).toBeNull();
    expect((sheets()[0] as HTMLElement).style.width).toBe('101.6mm');
    expect(screen.getByRole('group', { name: 'Sheet 5 of 5' })).toBeTruthy();
  });

  it('choosing a size saves it for the seller, and the sheets and print size follow', async () => {
    const api = seller();
    renderPage(`/thankly/cards?ids=${orderId(1)}&layout=postcard`);
    const user = userEvent.setup();
    const paper = await screen.findByRole('group', { name: 'Card size' });
    const postcard = within(paper).getByRole('radio', { name: /4×6 in postcard/ });
    expect((postcard as HTMLInputElement).checked).toBe(true);
    expect(postcard.getAttribute('aria-describedby')).toBeTruthy();
    await user.click(within(paper).getByRole('radio', { name: /4 on US Letter/ }));
    await vi.waitFor(() => expect(sheets()).toHaveLength(2));
    expect(api.callsTo('PUT /cards/settings')[0]?.body).toEqual({
      ...DEFAULT_CARD_PRINT_SETTINGS,
      layout: 'letter-4up',
    });
    // The saved choice is the one shown from now on: the address no longer names a paper.
    expect(screen.getByTestId('address').textContent).toBe(`/thankly/cards?ids=${orderId(1)}`);
    expect(document.querySelector('style[data-print-styles]')!.textContent).toContain(
      'size: 8.5in 11in;',
    );
    // 4-up sheets are neither folded nor bled.
    expect(
      (within(paper).getByRole('checkbox', { name: /Folded card/ }) as HTMLInputElement).disabled,
    ).toBe(true);
    // The arrow keys move through the sizes, as in any radio group (user-event needs
    // CSS.escape, which jsdom lacks, to find the group's other radios).
    vi.stubGlobal('CSS', { escape: (value: string) => value.replace(/[^\w-]/g, '\\$&') });
    await user.keyboard('{ArrowLeft}');
    await vi.waitFor(() =>
      expect(api.callsTo('PUT /cards/settings').at(-1)?.body).toMatchObject({ layout: 'a4-4up' }),
    );
  });

  it('shows a size, a fold or a bleed as chosen the moment it is clicked, before the save answers', async () => {
    seller();
    renderPage(`/thankly/cards?ids=${orderId(1)}`);
    const paper = await screen.findByRole('group', { name: 'Card size' });
    const a7 = within(paper).getByRole('radio', { name: /A7 card/ }) as HTMLInputElement;
    // A plain click, read back at once: no waiting for the optimistic settings to arrive a task
    // later (until then React would have put the controlled radio back).
    fireEvent.click(a7);
    expect(a7.checked).toBe(true);
    const fold = within(paper).getByRole('checkbox', { name: /Folded card/ }) as HTMLInputElement;
    fireEvent.click(fold);
    expect(fold.checked).toBe(true);
    await vi.waitFor(() =>
      expect(sheets()[0]?.getAttribute('data-sheet-size')).toBe('148mm 105mm'),
    );
  });

  it('folds and bleeds a single card: a sheet twice as wide, 3 mm larger each side, with crop marks', async () => {
    const api = seller(cardBatch([printCard(1)]));
    renderPage(`/thankly/cards?ids=${orderId(1)}`);
    const user = userEvent.setup();
    const size = await screen.findByRole('group', { name: 'Card size' });
    await user.click(within(size).getByRole('radio', { name: /A7 card/ }));
    await user.click(within(size).getByRole('checkbox', { name: /Folded card/ }));
    await user.click(within(size).getByRole('checkbox', { name: /Bleed and crop marks/ }));
    await vi.waitFor(() =>
      expect(api.callsTo('PUT /cards/settings').at(-1)?.body).toEqual({
        ...DEFAULT_CARD_PRINT_SETTINGS,
        layout: 'a7',
        fold: true,
        bleed: true,
      }),
    );
    const sheet = sheets()[0] as HTMLElement;
    expect(sheet.style.width).toBe('154mm');
    expect(sheet.style.height).toBe('111mm');
    expect(sheet.querySelector('[data-crop-marks]')!.children).toHaveLength(8);
    expect(sheet.querySelector('[data-fold-marks]')).not.toBeNull();
    expect(sheet.querySelector('[data-card-panel="back"] [data-shop-qr]')).not.toBeNull();
    expect(document.querySelector('style[data-print-styles]')!.textContent).toContain(
      '@page { size: 154mm 111mm; margin: 0; }',
    );
    expect(
      screen.getByText(/choose a 154×111 mm sheet \(a folded A7 card, 74×105 mm once cut\)/),
    ).toBeTruthy();
  });

  it('opens on the size the seller chose last time, on any device', async () => {
    seller(cardBatch(FIVE), {}, { ...DEFAULT_CARD_PRINT_SETTINGS, layout: 'postcard' });
    renderPage('/thankly/cards');
    await vi.waitFor(() => expect(sheets()).toHaveLength(5));
    expect(
      (screen.getByRole('radio', { name: /4×6 in postcard/ }) as HTMLInputElement).checked,
    ).toBe(true);
    // Etsy keeps buyers' addresses: the card goes in the parcel, and the page says so.
    expect(screen.getByText(/put each card in its parcel/)).toBeTruthy();
    expect(screen.getByRole('radio', { name: /To ship today \(5\)/ })).toBeTruthy();
  });

  it('prints, then marks exactly the cards not printed before', async () => {
    const batch = cardBatch([
      printCard(1),
      printCard(2, { cardPrintedAt: '2026-05-01T10:00:00Z' }),
      printCard(3),
    ]);
    const api = seller(batch, {
      'POST /cards/printed': () => json({ marked: 2, alreadyThanked: 0 } satisfies CardsPrinted),
      'GET /activity': () => json({ items: [] }),
      'GET /by-hand/summary': () => json({ waiting: 0 }),
    });
    renderApp('/thankly/cards?layout=a6');
    await loaded();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Print 3 cards' }));
    expect(window.print).toHaveBeenCalledTimes(1);
    const question = await screen.findByRole('region', { name: 'Did all 2 cards print well?' });
    expect(document.activeElement).toBe(question);
    expect(question.textContent).toContain('1 card here was printed before');
    await user.click(within(question).getByRole('button', { name: 'Mark 2 cards printed' }));
    expect(
      await screen.findByText('Marked 2 cards printed: those buyers are thanked.'),
    ).toBeTruthy();
    expect(api.callsTo('POST /cards/printed')[0]?.body).toEqual({
      orderIds: [orderId(1), orderId(3)],
    });
  });

  it('says a reprint has nothing to mark, and shows the server’s refusal in words', async () => {
    seller(cardBatch([printCard(1, { cardPrintedAt: '2026-05-01T10:00:00Z' })]));
    const { unmount } = renderApp(`/thankly/cards?ids=${orderId(1)}&layout=a6`);
    await loaded();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Print 1 card' }));
    expect(
      await screen.findByText('These cards were all printed before, so there is nothing to mark.'),
    ).toBeTruthy();
    unmount();

    seller(cardBatch([printCard(1)]), {
      'POST /cards/printed': () =>
        json({ error: 'Today’s daily limit is used up: print these tomorrow.' }, 403),
    });
    renderApp('/thankly/cards?layout=a6');
    await loaded();
    await vi.waitFor(() => expect(sheets()).toHaveLength(1));
    // The browser's own menu prints too; the question follows its afterprint.
    window.dispatchEvent(new Event('afterprint'));
    const question = await screen.findByRole('region', { name: 'Did the card print well?' });
    await user.click(within(question).getByRole('button', { name: 'Mark 1 card printed' }));
    expect((await within(question).findByRole('alert')).textContent).toBe(
      'Today’s daily limit is used up: print these tomorrow.',
    );
  });

  it('asks the server for the chosen orders by id', async () => {
    const api = seller(cardBatch([printCard(1), printCard(2)]));
    renderApp(`/thankly/cards?ids=${orderId(1)},${orderId(2)}&layout=a6`);
    await loaded();
    await vi.waitFor(() => expect(sheets()).toHaveLength(2));
    expect(api.callsTo('GET /cards')).toHaveLength(1);
  });

  it('with nothing waiting, says so and links back; orders over the daily limit wait for tomorrow', async () => {
    seller(cardBatch([], { waiting: 3, heldForLimit: 3, remainingToday: 0, toShip: 0 }));
    renderApp('/thankly/cards?batch=waiting');
    await loaded();
    expect(await screen.findByText('No orders are waiting for a card.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the dashboard' }).getAttribute('href')).toBe(
      '/thankly',
    );
    const note = screen.getByRole('note');
    expect(note.textContent).toContain(
      "3 more wait for tomorrow: today's daily limit has room for 0 more.",
    );
    expect(within(note).getByRole('link', { name: 'Upgrade your plan' }).getAttribute('href')).toBe(
      '/Account#plans',
    );
    expect(sheets()).toHaveLength(0);
  });

  it('offers Try again when the cards could not be loaded', async () => {
    let fail = true;
    seller(cardBatch([printCard(1)]), {
      'GET /cards': () => (fail ? json({ error: 'Boom' }, 500) : json(cardBatch([printCard(1)]))),
    });
    renderApp('/thankly/cards?layout=a6');
    await loaded();
    // A 5xx is asked once more before it shows.
    expect(await screen.findByText('The cards could not be loaded.')).toBeTruthy();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    await vi.waitFor(() => expect(sheets()).toHaveLength(1));
  });
});

describe('card layouts', () => {
  it('groups cards into sheets, the last one partly empty', () => {
    expect(sheetsOf([1, 2, 3, 4, 5], 'a4-4up')).toEqual([[1, 2, 3, 4], [5]]);
    expect(sheetsOf([1, 2], 'postcard')).toEqual([[1], [2]]);
    expect(sheetsOf([], 'letter-4up')).toEqual([]);
  });

  it('prints each sheet on its own page with no page after the last', () => {
    const flat = { fold: false, bleed: false };
    const css = printCss({ layout: 'postcard', ...flat });
    expect(css).toContain('@page { size: 101.6mm 152.4mm; margin: 0; }');
    // A length, not the keyword A6, which Chromium does not know.
    expect(printCss({ layout: 'a6', ...flat })).toContain(
      '@page { size: 105mm 148mm; margin: 0; }',
    );
    expect(css).toContain('break-after: page;');
    expect(css).toContain('[data-sheet-frame]:last-child [data-card-sheet] { break-after: auto; }');
    expect(css).toContain('print-color-adjust: exact;');
  });
});
