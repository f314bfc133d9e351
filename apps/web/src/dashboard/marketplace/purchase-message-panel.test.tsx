import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  PURCHASE_MESSAGE_TEXTS,
  type PurchaseMessage,
  type PurchaseMessageSchedule,
  type Shop,
} from '@thankly/api-contract';
import {
  dashboardHandlers,
  json,
  mockApi,
  renderApp,
  useTestEnvironment,
  type Handler,
} from '../../test/harness.tsx';

const etsyShop: Shop = {
  id: 'e1',
  marketplace: 'etsy',
  name: 'Juniper & Clay',
  url: 'https://www.etsy.com/shop/JuniperAndClay',
  status: 'connected',
  statusReason: null,
  isDemo: false,
  connectedAt: '2026-05-01T10:00:00Z',
  lastOrderAt: null,
  thankBy: 'email',
};

function stored(over: Partial<PurchaseMessage> = {}): PurchaseMessage {
  return {
    message: 'Thanks from [shop-name]',
    digitalMessage: '',
    lastPushedAt: '2026-05-02T10:00:00Z',
    changedOnEtsy: null,
    reconnectReason: null,
    tokenValues: {
      'shop-name': 'Juniper & Clay',
      'review-link': 'https://www.etsy.com/your/purchases',
    },
    ...over,
  };
}

function schedule(over: Partial<PurchaseMessageSchedule> = {}): PurchaseMessageSchedule {
  return {
    entries: [],
    timeZone: 'Pacific/Auckland',
    available: true,
    liveEntryId: null,
    dueEntryId: null,
    nextSwitch: null,
    waiting: null,
    ...over,
  };
}

const HOLIDAY = {
  id: 'h1',
  startDate: '2026-12-20',
  endDate: '2026-12-26',
  message: 'Happy holidays from [shop-name]!',
  digitalMessage: '',
};

function seller(handlers: Record<string, Handler>) {
  return mockApi({
    ...dashboardHandlers(),
    'GET /shops': () =>
      json({ shops: [etsyShop], available: { etsy: true, shopify: false, woocommerce: true } }),
    'GET /shops/e1/purchase-message/schedule': () => json(schedule()),
    ...handlers,
  });
}

async function openPanel() {
  renderApp('/thankly');
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Purchase message' }));
  return user;
}

describe('purchase message panel', () => {
  useTestEnvironment();

  it('counts characters as buyers get them, previews the filled-in text and refuses order tokens', async () => {
    const api = seller({
      'GET /shops/e1/purchase-message': () => json(stored()),
      'PUT /shops/e1/purchase-message': (body) =>
        json(stored({ ...(body as object), lastPushedAt: '2026-05-03T10:00:00Z' })),
    });
    const user = await openPanel();
    const field = await screen.findByLabelText('Message to buyers');
    // "Thanks from Juniper & Clay" is 26 characters.
    expect(screen.getByText('26 / 1,000 characters as buyers get it')).toBeTruthy();
    expect(screen.getAllByTestId('etsy-preview')[0]!.textContent).toBe(
      'Thanks from Juniper & Clay',
    );

    await user.type(field, ', [[customer-first-name]');
    expect(screen.getByText(/Remove \[customer-first-name\]/)).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('button', { name: 'Save to Etsy' }).hasAttribute('disabled')).toBe(
      true,
    );

    await user.clear(field);
    await user.type(field, 'See you soon');
    expect(screen.getByText('12 / 1,000 characters as buyers get it')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save to Etsy' }));
    await waitFor(() =>
      expect(api.callsTo('PUT /shops/e1/purchase-message')[0]?.body).toEqual({
        message: 'See you soon',
        digitalMessage: '',
      }),
    );
  });

  it('shows a change made on Etsy with both choices, and replacing it says so to the server', async () => {
    const api = seller({
      'GET /shops/e1/purchase-message': () =>
        json(stored({ changedOnEtsy: { message: 'Edited on Etsy', digitalMessage: '' } })),
      'PUT /shops/e1/purchase-message': (body) => json(stored(body as Partial<PurchaseMessage>)),
      'POST /shops/e1/purchase-message/keep-etsy': () =>
        json(stored({ message: 'Edited on Etsy' })),
    });
    const user = await openPanel();
    expect(await screen.findByText(PURCHASE_MESSAGE_TEXTS.changedOnEtsy)).toBeTruthy();
    expect(screen.getByText('Edited on Etsy')).toBeTruthy();
    // The plain save waits for the seller's choice.
    expect(screen.getByRole('button', { name: 'Save to Etsy' }).hasAttribute('disabled')).toBe(
      true,
    );
    await user.click(screen.getByRole('button', { name: 'Replace it with mine' }));
    await waitFor(() =>
      expect(api.callsTo('PUT /shops/e1/purchase-message')[0]?.body).toEqual({
        message: 'Thanks from [shop-name]',
        digitalMessage: '',
        overwriteEtsyChanges: true,
      }),
    );
    await waitFor(() =>
      expect(screen.queryByText(PURCHASE_MESSAGE_TEXTS.changedOnEtsy)).toBeNull(),
    );
  });

  it('keeping Etsy’s version takes it without writing to Etsy', async () => {
    const api = seller({
      'GET /shops/e1/purchase-message': () =>
        json(stored({ changedOnEtsy: { message: 'Edited on Etsy', digitalMessage: '' } })),
      'POST /shops/e1/purchase-message/keep-etsy': () =>
        json(stored({ message: 'Edited on Etsy' })),
    });
    const user = await openPanel();
    await user.click(await screen.findByRole('button', { name: 'Keep Etsy’s version' }));
    await waitFor(() =>
      expect((screen.getByLabelText('Message to buyers') as HTMLTextAreaElement).value).toBe(
        'Edited on Etsy',
      ),
    );
    expect(api.callsTo('POST /shops/e1/purchase-message/keep-etsy')).toHaveLength(1);
    expect(api.callsTo('PUT /shops/e1/purchase-message')).toEqual([]);
  });

  it('a shop without the permission shows why, with a reconnect button', async () => {
    seller({
      'GET /shops/e1/purchase-message': () =>
        json(stored({ reconnectReason: PURCHASE_MESSAGE_TEXTS.reconnect })),
    });
    await openPanel();
    expect(await screen.findByText(PURCHASE_MESSAGE_TEXTS.reconnect)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reconnect Etsy shop' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save to Etsy' }).hasAttribute('disabled')).toBe(
      true,
    );
  });

  it('shows which message is live and the next switch on the seller’s clock, and adds a dated one', async () => {
    const api = seller({
      'GET /shops/e1/purchase-message': () => json(stored()),
      'POST /shops/e1/purchase-message/schedule': () =>
        json(
          schedule({
            entries: [HOLIDAY],
            nextSwitch: { at: '2026-12-19T11:00:00.000Z', date: '2026-12-20', entryId: 'h1' },
          }),
          201,
        ),
    });
    const user = await openPanel();
    const now = await screen.findByTestId('purchase-message-now');
    expect(now.textContent).toContain('Buyers get your regular message now.');
    expect(now.textContent).toContain('No switch is coming up.');
    await user.click(screen.getByRole('button', { name: 'Add a dated message' }));
    const save = screen.getByRole('button', { name: 'Save dated message' });
    expect(save.hasAttribute('disabled')).toBe(true);
    await user.type(screen.getByLabelText('First day'), '2026-12-20');
    await user.type(screen.getByLabelText('Last day'), '2026-12-26');
    const text = screen.getByLabelText('Message to buyers during these days');
    await user.type(text, 'Leave a 5 star review for a discount');
    expect(screen.getByText(/Etsy doesn’t allow/)).toBeTruthy();
    expect(save.hasAttribute('disabled')).toBe(true);
    await user.clear(text);
    await user.type(text, 'Happy holidays from [[shop-name]!');
    await user.click(save);
    await waitFor(() =>
      expect(api.callsTo('POST /shops/e1/purchase-message/schedule')[0]?.body).toEqual({
        startDate: '2026-12-20',
        endDate: '2026-12-26',
        message: 'Happy holidays from [shop-name]!',
        digitalMessage: '',
      }),
    );
    await waitFor(() =>
      // Midnight in Auckland, named by the zone's abbreviation where the platform has one.
      expect(screen.getByTestId('purchase-message-now').textContent).toMatch(
        /Next switch: Dec 20, 2026, 12:00 AM (NZDT|Pacific\/Auckland), to your dated message for Dec 20, 2026 – Dec 26, 2026\./,
      ),
    );
  });

  it('says why a due switch waits, and offers plans where dated messages are not included', async () => {
    seller({
      'GET /shops/e1/purchase-message': () => json(stored()),
      'GET /shops/e1/purchase-message/schedule': () =>
        json(
          schedule({
            entries: [HOLIDAY],
            available: false,
            dueEntryId: 'h1',
            waiting: { reason: PURCHASE_MESSAGE_TEXTS.switchHeld, retryAt: null },
          }),
        ),
    });
    await openPanel();
    expect(await screen.findByText(PURCHASE_MESSAGE_TEXTS.switchHeld)).toBeTruthy();
    expect(screen.getByText(/Dec 20, 2026 – Dec 26, 2026/)).toBeTruthy();
    expect(
      screen.getByRole('button', { name: 'Add a dated message' }).hasAttribute('disabled'),
    ).toBe(true);
    expect(screen.getByRole('link', { name: 'See plans' })).toBeTruthy();
  });
});
