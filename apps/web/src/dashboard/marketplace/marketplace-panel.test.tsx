import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CONNECT_MESSAGES, SHOP_ADDRESS_MESSAGES, type Shop } from '@thankly/api-contract';
import {
  SELLER,
  dashboardHandlers,
  json,
  mockApi,
  renderApp,
  useTestEnvironment,
  type Handler,
} from '../../test/harness.tsx';
import { activityItem } from '../../thank-by-hand/test-fixtures.ts';
import { browserNavigation } from './browser-navigation.ts';

const demoShop: Shop = {
  id: 's1',
  marketplace: 'demo',
  name: 'Juniper & Clay (demo)',
  url: null,
  status: 'connected',
  statusReason: null,
  isDemo: true,
  connectedAt: '2026-05-01T10:00:00Z',
  lastOrderAt: null,
  thankBy: 'email',
};

function seller(handlers: Record<string, Handler>) {
  return mockApi({
    ...dashboardHandlers(),
    ...handlers,
  });
}

describe('marketplace panel', () => {
  useTestEnvironment();

  it('connects by sending the browser to the URL the server returns', async () => {
    seller({ 'GET /etsy/connect': () => json({ url: 'https://www.etsy.com/oauth/connect?x=1' }) });
    const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => {});
    renderApp('/thankly');
    expect(await screen.findByRole('heading', { name: 'Connect your shop' })).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Connect Etsy' }));
    await vi.waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://www.etsy.com/oauth/connect?x=1'),
    );
    assign.mockRestore();
  });

  it('shows the connected demo shop, simulates an order and disconnects after confirming', async () => {
    const api = seller({
      'GET /shops': () =>
        json({ shops: [demoShop], available: { etsy: false, shopify: false, woocommerce: true } }),
      'POST /shops/s1/demo-order': () => json({ ok: true, orderId: 'o1' }),
      'DELETE /shops/s1': () => json({ ok: true }),
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderApp('/thankly');
    const user = userEvent.setup();
    const row = within((await screen.findByText('Juniper & Clay (demo)')).closest('li')!);
    expect(row.getByText('Demo shop')).toBeTruthy();
    await user.click(row.getByRole('button', { name: 'Simulate a paid order' }));
    expect(
      await screen.findByText('Demo order placed - watch the activity list below.'),
    ).toBeTruthy();
    await user.click(row.getByRole('button', { name: 'Disconnect Juniper & Clay (demo)' }));
    expect(await screen.findByText('Shop disconnected.')).toBeTruthy();
    expect(api.callsTo('DELETE /shops/s1')).toHaveLength(1);
    confirm.mockRestore();
  });

  it('shows the shop’s last order once the order reaches Recent orders', async () => {
    let placed = false;
    seller({
      'GET /shops': () =>
        json({
          shops: [{ ...demoShop, lastOrderAt: placed ? '2026-05-02T09:30:00Z' : null }],
          available: { etsy: false, shopify: false, woocommerce: true },
        }),
      'POST /shops/s1/demo-order': () => {
        placed = true;
        return json({ ok: true, orderId: 'o1' });
      },
      'GET /activity': () => json({ items: placed ? [activityItem({ id: 'a1' })] : [] }),
    });
    renderApp('/thankly');
    const user = userEvent.setup();
    const row = within((await screen.findByText('Juniper & Clay (demo)')).closest('li')!);
    expect(await row.findByText('No orders yet')).toBeTruthy();
    await user.click(row.getByRole('button', { name: 'Simulate a paid order' }));
    expect(await row.findByText(/^Last order /)).toBeTruthy();
  });

  it('simulates a demo order without the buyer’s email', async () => {
    const api = seller({
      'GET /shops': () =>
        json({ shops: [demoShop], available: { etsy: false, shopify: false, woocommerce: true } }),
      'POST /shops/s1/demo-order': () => json({ ok: true, orderId: 'o1' }),
    });
    renderApp('/thankly');
    const user = userEvent.setup();
    const row = within((await screen.findByText('Juniper & Clay (demo)')).closest('li')!);
    await user.click(row.getByRole('button', { name: 'Simulate order without email' }));
    expect(await screen.findByText(/without the buyer’s email placed/)).toBeTruthy();
    await user.click(row.getByRole('button', { name: 'Simulate a paid order' }));
    expect(
      await screen.findByText('Demo order placed - watch the activity list below.'),
    ).toBeTruthy();
    expect(api.callsTo('POST /shops/s1/demo-order').map((c) => c.body)).toEqual([
      { withoutBuyerEmail: true },
      {},
    ]);
  });

  it('saves how a connected shop’s buyers are thanked, and says why when it cannot', async () => {
    let refuse = false;
    const api = seller({
      'GET /shops': () =>
        json({
          shops: [demoShop, { ...demoShop, id: 's2', name: 'Old shop', status: 'disconnected' }],
          available: { etsy: false, shopify: false, woocommerce: true },
        }),
      'PUT /shops/s1/preferences': (body) =>
        refuse
          ? json({ error: 'Choose email or printed cards.' }, 400)
          : json({ ...demoShop, ...(body as object) } satisfies Shop),
    });
    renderApp('/thankly');
    const user = userEvent.setup();
    const row = within((await screen.findByText('Juniper & Clay (demo)')).closest('li')!);
    const select = row.getByLabelText('Thank buyers by') as HTMLSelectElement;
    expect(select.value).toBe('email');
    expect([...select.options].map((o) => o.textContent)).toEqual([
      'Email when possible',
      'Printed card or message only',
    ]);
    // A disconnected shop has nothing to choose.
    const old = within(screen.getByText('Old shop').closest('li')!);
    expect(old.queryByLabelText('Thank buyers by')).toBeNull();

    await user.selectOptions(select, 'print');
    expect(await screen.findByText(/new orders wait for a printed card or a message/)).toBeTruthy();
    expect(api.callsTo('PUT /shops/s1/preferences')[0]?.body).toEqual({ thankBy: 'print' });
    await vi.waitFor(() => expect(select.value).toBe('print'));

    refuse = true;
    await user.selectOptions(select, 'email');
    expect((await row.findByRole('alert')).textContent).toBe('Choose email or printed cards.');
    expect(select.getAttribute('aria-invalid')).toBe('true');
    await vi.waitFor(() => expect(select.value).toBe('print'));
  });

  it('edits a shop’s web address: checked before sending, saved, and refused with the reason', async () => {
    let refuse = false;
    const api = seller({
      'GET /shops': () =>
        json({ shops: [demoShop], available: { etsy: false, shopify: false, woocommerce: true } }),
      'PUT /shops/s1/address': (body) =>
        refuse
          ? json({ error: SHOP_ADDRESS_MESSAGES.tooLong }, 400)
          : json({ ...demoShop, ...(body as object) } satisfies Shop),
    });
    renderApp('/thankly');
    const user = userEvent.setup();
    const row = within((await screen.findByText('Juniper & Clay (demo)')).closest('li')!);
    const field = row.getByLabelText('Shop web address') as HTMLInputElement;
    const save = row.getByRole('button', { name: 'Save address' });

    // Not a web address: said at once, nothing sent.
    await user.type(field, 'javascript:alert(1)');
    await user.click(save);
    expect((await row.findByRole('alert')).textContent).toBe(SHOP_ADDRESS_MESSAGES.notWebAddress);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(api.callsTo('PUT /shops/s1/address')).toEqual([]);

    await user.clear(field);
    await user.type(field, 'https://juniper.example/shop');
    await user.click(save);
    expect(
      await screen.findByText(/buttons in your emails now lead to the new address/),
    ).toBeTruthy();
    expect(api.callsTo('PUT /shops/s1/address')[0]?.body).toEqual({
      url: 'https://juniper.example/shop',
    });
    await vi.waitFor(() => expect(field.value).toBe('https://juniper.example/shop'));
    expect(row.getByRole('link', { name: 'Juniper & Clay (demo)' }).getAttribute('href')).toBe(
      'https://juniper.example/shop',
    );

    refuse = true;
    await user.type(field, '/more');
    await user.click(save);
    expect((await row.findByRole('alert')).textContent).toBe(SHOP_ADDRESS_MESSAGES.tooLong);
  });

  it('says when the connected shops fill the plan, and not before', async () => {
    seller({
      'GET /shops': () =>
        json({ shops: [demoShop], available: { etsy: false, shopify: false, woocommerce: true } }),
    });
    renderApp('/thankly');
    const note = await screen.findByRole('note');
    expect(note.textContent).toBe(
      'You have connected 1 shop, all your Starter plan allows. Upgrade your plan to connect more, or disconnect a shop first. Reconnecting a shop you have is always fine.',
    );
    expect(within(note).getByRole('link', { name: 'Upgrade your plan' }).getAttribute('href')).toBe(
      '/Account',
    );
  });

  it('a disconnected shop, or a bigger plan, leaves room for another', async () => {
    seller({
      'GET /auth/me': () => json({ user: { ...SELLER, plan: 'growth' } }),
      'GET /shops': () =>
        json({
          shops: [demoShop, { ...demoShop, id: 's2', name: 'Old shop', status: 'disconnected' }],
          available: { etsy: false, shopify: false, woocommerce: true },
        }),
    });
    renderApp('/thankly');
    expect(await screen.findByText('Old shop')).toBeTruthy();
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('says how a marketplace connection ended, in Thankly’s words only', async () => {
    seller({});
    const { unmount } = renderApp(
      `/thankly?${new URLSearchParams({ connect_error: CONNECT_MESSAGES.otherAccount })}`,
    );
    expect(await screen.findByText(CONNECT_MESSAGES.otherAccount)).toBeTruthy();
    unmount();
    seller({});
    renderApp(
      `/thankly?${new URLSearchParams({ connect_error: 'Your account is suspended: call +1 555 0100' })}`,
    );
    expect(await screen.findByText(CONNECT_MESSAGES.failed)).toBeTruthy();
    expect(screen.queryByText(/suspended/)).toBeNull();
  });

  it('checks and saves the coupon code', async () => {
    const api = seller({ 'PUT /sending/settings': (body) => json(body) });
    renderApp('/thankly');
    const user = userEvent.setup();
    const field = await screen.findByLabelText(/Coupon code/);
    await vi.waitFor(() => expect((field as HTMLInputElement).disabled).toBe(false));
    await user.type(field, 'BAD CODE!');
    await user.click(screen.getByRole('button', { name: 'Save code' }));
    expect(
      await screen.findByText('A coupon code may hold letters, digits, - and _ only.'),
    ).toBeTruthy();
    await user.clear(field);
    await user.type(field, 'SPRING-15');
    await user.click(screen.getByRole('button', { name: 'Save code' }));
    expect(await screen.findByText('Coupon code saved.')).toBeTruthy();
    expect(api.callsTo('PUT /sending/settings')[0]?.body).toEqual({ couponCode: 'SPRING-15' });
  });

  it('lists every shop with its marketplace, state and last order seen', async () => {
    seller({
      'GET /shops': () =>
        json({
          shops: [
            { ...demoShop, lastOrderAt: '2026-05-02T09:30:00Z' },
            {
              ...demoShop,
              id: 's2',
              marketplace: 'shopify',
              name: 'Linen Lane',
              isDemo: false,
              url: 'https://linen-lane.example.com',
            },
            {
              ...demoShop,
              id: 's3',
              marketplace: 'etsy',
              name: 'Juniper Etsy',
              isDemo: false,
              status: 'disconnected',
              statusReason: 'Etsy no longer accepts Thankly’s access. Please connect it again.',
            },
          ],
          available: { etsy: true, shopify: true, woocommerce: true },
        }),
    });
    renderApp('/thankly');
    expect(await screen.findByRole('heading', { name: 'Your shops' })).toBeTruthy();
    const rows = within(screen.getByRole('list', { name: 'Connected shops' })).getAllByRole(
      'listitem',
    );
    expect(rows).toHaveLength(3);
    const [demo, shopify, etsy] = rows.map((r) => within(r));
    expect(demo!.getByText(/^Last order May 2, 2026/)).toBeTruthy();
    expect(shopify!.getByText('Shopify')).toBeTruthy();
    expect(shopify!.getByText('Connected')).toBeTruthy();
    expect(shopify!.getByText('No orders yet')).toBeTruthy();
    expect(etsy!.getByText('Etsy')).toBeTruthy();
    expect(etsy!.getByText('Disconnected')).toBeTruthy();
    expect(etsy!.getByText(/Please connect it again/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Connect Etsy' })).toBeTruthy();
  });

  it('connects a Shopify shop by its validated address', async () => {
    const api = seller({
      'GET /shops': () =>
        json({ shops: [], available: { etsy: false, shopify: true, woocommerce: true } }),
      'POST /shopify/connect': () =>
        json({ url: 'https://linen-lane.myshopify.com/admin/oauth/authorize?x=1' }),
    });
    const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => {});
    renderApp('/thankly');
    const user = userEvent.setup();
    expect(await screen.findByRole('button', { name: 'Try the demo shop' })).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Connect Shopify' }));
    const field = screen.getByLabelText('Shopify shop address');
    await user.type(field, 'linen-lane');
    await user.click(screen.getByRole('button', { name: 'Continue to Shopify' }));
    expect(await screen.findByText(/Enter your shop’s myshopify.com address/)).toBeTruthy();
    expect(api.callsTo('POST /shopify/connect')).toHaveLength(0);
    await user.clear(field);
    await user.type(field, 'https://Linen-Lane.myshopify.com/');
    await user.click(screen.getByRole('button', { name: 'Continue to Shopify' }));
    await vi.waitFor(() =>
      expect(assign).toHaveBeenCalledWith(
        'https://linen-lane.myshopify.com/admin/oauth/authorize?x=1',
      ),
    );
    expect(api.callsTo('POST /shopify/connect')[0]?.body).toEqual({
      shop: 'linen-lane.myshopify.com',
    });
    assign.mockRestore();
  });

  it('offers no Shopify when the server has no Shopify app', async () => {
    seller({
      'GET /shops': () =>
        json({ shops: [], available: { etsy: true, shopify: false, woocommerce: true } }),
    });
    renderApp('/thankly');
    expect(await screen.findByRole('button', { name: 'Connect WooCommerce' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Connect Shopify' })).toBeNull();
  });

  it('connects a WooCommerce store by approving Thankly in the store, with no key to copy', async () => {
    const api = seller({
      'GET /shops': () =>
        json({ shops: [], available: { etsy: true, shopify: false, woocommerce: true } }),
      'POST /woocommerce/authorize': (body) =>
        (body as { storeUrl: string }).storeUrl === 'http://10.0.0.1'
          ? json({ error: 'That address is not a public web address.' }, 400)
          : json({ url: 'https://shop.example.com/wc-auth/v1/authorize?user_id=x' }),
    });
    const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => {});
    renderApp('/thankly');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Connect WooCommerce' }));
    // The main way asks for the address only.
    expect(screen.queryByLabelText('Consumer key')).toBeNull();
    const address = screen.getByLabelText('Store address');
    await user.click(screen.getByRole('button', { name: 'Continue to WooCommerce' }));
    expect(await screen.findByText('Enter your store’s address.')).toBeTruthy();
    expect(api.callsTo('POST /woocommerce/authorize')).toHaveLength(0);
    await user.type(address, 'http://10.0.0.1');
    await user.click(screen.getByRole('button', { name: 'Continue to WooCommerce' }));
    expect(await screen.findByText('That address is not a public web address.')).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
    await user.clear(address);
    // Keyboard only: type the address and press Enter.
    await user.type(address, 'shop.example.com{Enter}');
    await vi.waitFor(() =>
      expect(assign).toHaveBeenCalledWith(
        'https://shop.example.com/wc-auth/v1/authorize?user_id=x',
      ),
    );
    expect(api.callsTo('POST /woocommerce/authorize').at(-1)?.body).toEqual({
      storeUrl: 'shop.example.com',
    });
    expect(screen.getByRole('button', { name: 'Opening your store…' })).toHaveProperty(
      'disabled',
      true,
    );
    assign.mockRestore();
  });

  it('connects a WooCommerce store only with an API key, and shows no webhook secret', async () => {
    const setup = {
      deliveryUrl: 'https://thankly.example.com/api/woocommerce/webhook/s9',
      topics: ['order.created', 'order.updated'],
    };
    const api = seller({
      'GET /shops': () =>
        json({ shops: [], available: { etsy: true, shopify: false, woocommerce: true } }),
      'POST /woocommerce/shops': () =>
        json(
          {
            shop: {
              ...demoShop,
              id: 's9',
              marketplace: 'woocommerce',
              name: 'shop.example.com',
              isDemo: false,
            },
            setup,
          },
          201,
        ),
    });
    renderApp('/thankly');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Connect WooCommerce' }));
    const byHand = screen.getByRole('button', { name: 'Enter keys by hand' });
    expect(byHand.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByLabelText('Consumer key')).toBeNull();
    await user.click(byHand);
    expect(byHand.getAttribute('aria-expanded')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Connect store' }));
    expect(await screen.findByText('Enter your store’s address.')).toBeTruthy();
    await user.type(screen.getByLabelText('Store address'), 'shop.example.com');
    await user.click(screen.getByRole('button', { name: 'Connect store' }));
    // The key is not optional: without it, nothing is sent to the server.
    expect(
      await screen.findByText('Enter the consumer key of a WooCommerce REST API key.'),
    ).toBeTruthy();
    expect(api.callsTo('POST /woocommerce/shops')).toHaveLength(0);
    await user.type(screen.getByLabelText('Consumer key'), 'ck_only');
    await user.click(screen.getByRole('button', { name: 'Connect store' }));
    expect(await screen.findByText(/starts with ck_ followed by letters and digits/)).toBeTruthy();
    await user.clear(screen.getByLabelText('Consumer key'));
    await user.type(screen.getByLabelText('Consumer key'), 'ck_0123456789abcdef');
    await user.type(screen.getByLabelText('Consumer secret'), 'cs_0123456789abcdef');
    await user.click(screen.getByRole('button', { name: 'Connect store' }));
    expect(await screen.findByText('shop.example.com is connected.')).toBeTruthy();
    expect(api.callsTo('POST /woocommerce/shops')[0]?.body).toEqual({
      storeUrl: 'shop.example.com',
      consumerKey: 'ck_0123456789abcdef',
      consumerSecret: 'cs_0123456789abcdef',
    });
    expect((screen.getByLabelText('Delivery URL') as HTMLInputElement).value).toBe(
      setup.deliveryUrl,
    );
    expect(screen.queryByLabelText('Secret')).toBeNull();
    expect(screen.getByText(/Thankly created its webhooks in your store/)).toBeTruthy();
    expect(screen.getByText('Store connected.')).toBeTruthy();
  });

  it('shows what was set up in a connected store on request', async () => {
    seller({
      'GET /shops': () =>
        json({
          shops: [
            {
              ...demoShop,
              id: 's9',
              marketplace: 'woocommerce',
              name: 'shop.example.com',
              isDemo: false,
            },
          ],
          available: { etsy: true, shopify: false, woocommerce: true },
        }),
      'GET /woocommerce/shops/s9/setup': () =>
        json({
          setup: {
            deliveryUrl: 'https://thankly.example.com/api/woocommerce/webhook/s9',
            topics: ['order.created', 'order.updated'],
          },
        }),
    });
    renderApp('/thankly');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Store setup' }));
    expect(((await screen.findByLabelText('Delivery URL')) as HTMLInputElement).value).toBe(
      'https://thankly.example.com/api/woocommerce/webhook/s9',
    );
    expect(screen.queryByLabelText('Secret')).toBeNull();
  });
});
