// A seller connects a WooCommerce store in a real browser: in one click, approving Thankly on the
// (simulated) store's own page, which sends Thankly a key; or declining there, which connects
// nothing. And by hand, with its REST API key: Thankly reads the
// (simulated) store with it, creates its webhooks there, and the store's paid order, delivered and
// read back, gives exactly one email, which shows as sent in the activity list. A signed delivery
// of an order the store does not have sends nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONNECT_MESSAGES } from '@thankly/api-contract';
import { createDefaultTemplate } from '@thankly/email';
import { WooCommerceSimulator } from '../apps/server/test/support/woocommerce-simulator.ts';
import {
  registerConfirmedThroughUi,
  screenshotPath,
  uniqueEmail,
  type WatchedPage,
  useBrowserSession,
} from './helpers.ts';

let store: WooCommerceSimulator;
/** Stores of the one-click tests, each connected to a seller of its own. */
const stores: WooCommerceSimulator[] = [];
beforeAll(async () => {
  store = await new WooCommerceSimulator().start();
});
afterAll(async () => {
  await store?.stop();
  for (const other of stores) await other.stop();
});

const session = useBrowserSession();
let current: WatchedPage | null = null;

describe('a WooCommerce store', () => {
  it('is connected in one click: the seller approves Thankly in the store and comes back connected', async () => {
    const oneClick = await new WooCommerceSimulator().start();
    stores.push(oneClick);
    current = await session.open();
    const { page } = current;
    await registerConfirmedThroughUi(page, session.app, {
      name: 'Ines',
      email: uniqueEmail('woo-one-click'),
    });
    const panel = page.getByRole('region', { name: 'Connect your shop' });
    await panel.getByRole('button', { name: 'Connect WooCommerce' }).click();
    const address = panel.getByLabel('Store address');
    await address.waitFor();
    expect(await panel.getByLabel('Consumer key').count()).toBe(0);
    await panel.screenshot({ path: screenshotPath('woocommerce-connect-1280') });
    // Keyboard only: type the address and press Enter.
    await address.fill(oneClick.url);
    await address.press('Enter');
    await page
      .getByRole('heading', { name: 'Thankly would like to connect to your store' })
      .waitFor();
    expect(new URL(page.url()).origin).toBe(oneClick.url);
    await page.getByRole('link', { name: 'Approve' }).click();

    await page.waitForURL((url) => url.pathname === '/thankly' && !url.search);
    await page.getByText(CONNECT_MESSAGES.connected).waitFor();
    const shops = page.getByRole('list', { name: 'Connected shops' });
    await shops.getByText('WooCommerce', { exact: true }).waitFor();
    await shops.getByText('Connected', { exact: true }).waitFor();
    await shops.getByText(new URL(oneClick.url).host).waitFor();
    const [key] = oneClick.issuedKeys;
    expect(key).toMatchObject({ permissions: 'read_write', appName: 'Thankly' });
    expect(oneClick.keyDeliveries.map((d) => d.status)).toEqual([200]);
    const delivery = oneClick.webhooks.map((w) => w.delivery_url);
    expect(delivery).toHaveLength(2);
    expect(delivery[0]).toMatch(new RegExp(`^${session.app.url}/api/woocommerce/webhook/`));
    await page.screenshot({
      path: screenshotPath('woocommerce-one-click-connected'),
      fullPage: true,
    });
  });

  it('on a phone: declining in the store connects nothing, and keys can still be entered by hand', async () => {
    const other = await new WooCommerceSimulator().start();
    try {
      current = await session.open({ width: 390, height: 844 });
      const { page } = current;
      await registerConfirmedThroughUi(page, session.app, {
        name: 'Omar',
        email: uniqueEmail('woo-decline'),
      });
      const panel = page.getByRole('region', { name: 'Connect your shop' });
      await panel.getByRole('button', { name: 'Connect WooCommerce' }).click();
      await panel.getByLabel('Store address').waitFor();
      await panel.screenshot({ path: screenshotPath('woocommerce-connect-390') });
      await panel.getByLabel('Store address').fill(other.url);
      await panel.getByRole('button', { name: 'Continue to WooCommerce' }).click();
      await page.getByRole('link', { name: 'Deny' }).click();
      await page.waitForURL((url) => url.pathname === '/thankly' && !url.search);
      await page.getByText(CONNECT_MESSAGES.wooDeclined).waitFor();
      expect(other.issuedKeys).toEqual([]);
      expect(await page.getByRole('list', { name: 'Connected shops' }).count()).toBe(0);

      await panel.getByRole('button', { name: 'Connect WooCommerce' }).click();
      const byHand = panel.getByRole('button', { name: 'Enter keys by hand' });
      expect(await byHand.getAttribute('aria-expanded')).toBe('false');
      await byHand.click();
      expect(await byHand.getAttribute('aria-expanded')).toBe('true');
      await panel.getByLabel('Consumer key').waitFor();
      await panel.screenshot({ path: screenshotPath('woocommerce-connect-by-hand-390') });
    } finally {
      await other.stop();
    }
  });

  it('is connected with its API key, and its paid order’s email shows in the activity list', async () => {
    current = await session.open();
    const { page } = current;
    const email = uniqueEmail('woo-seller');
    // Unconfirmed accounts send nothing: the seller follows the mailed link first.
    await registerConfirmedThroughUi(page, session.app, { name: 'Hana', email });
    const { design } = createDefaultTemplate();
    const created = await page.request.post('/api/templates', {
      data: { name: 'Woo thanks', subject: 'Thank you, [customer-first-name]!', design },
    });
    expect(created.status()).toBe(201);
    await page.reload();
    // The seller's first template is the selected one without a click.
    const card = page.getByRole('listitem', { name: 'Woo thanks' });
    await card.getByText('Selected', { exact: true }).waitFor();

    // Connect: the key is required; a wrong one is refused in Thankly's words.
    current.allow({ url: /\/api\/woocommerce\/shops$/, status: 400 });
    const panel = page.getByRole('region', { name: 'Connect your shop' });
    await panel.getByRole('button', { name: 'Connect WooCommerce' }).click();
    await panel.getByRole('button', { name: 'Enter keys by hand' }).click();
    await panel.getByLabel('Store address').fill(store.url);
    await panel.getByRole('button', { name: 'Connect store' }).click();
    await panel.getByText('Enter the consumer key of a WooCommerce REST API key.').waitFor();
    await panel.getByLabel('Consumer key').fill(`ck_${'1'.repeat(40)}`);
    await panel.getByLabel('Consumer secret').fill(`cs_${'2'.repeat(40)}`);
    await panel.getByRole('button', { name: 'Connect store' }).click();
    await panel.getByText(/did not accept those API keys/).waitFor();
    await panel.getByLabel('Consumer key').fill(store.consumerKey);
    await panel.getByLabel('Consumer secret').fill(store.consumerSecret);
    await panel.getByRole('button', { name: 'Connect store' }).click();
    const host = new URL(store.url).host;
    await page.getByText(`${host} is connected.`).waitFor();
    await page.getByText(/Thankly created its webhooks in your store/).waitFor();
    expect(await page.getByRole('textbox', { name: 'Secret', exact: true }).count()).toBe(0);
    const deliveryUrl = await page.getByRole('textbox', { name: 'Delivery URL' }).inputValue();
    expect(deliveryUrl).toMatch(
      new RegExp(`^${session.app.url}/api/woocommerce/webhook/[0-9a-f-]{36}$`),
    );
    expect(store.webhooks.map((w) => [w.topic, w.delivery_url, w.pings])).toEqual([
      ['order.created', deliveryUrl, [200]],
      ['order.updated', deliveryUrl, [200]],
    ]);
    const shops = page.getByRole('list', { name: 'Connected shops' });
    await shops.getByText('WooCommerce', { exact: true }).waitFor();
    await shops.getByText('Connected', { exact: true }).waitFor();
    await page.screenshot({ path: screenshotPath('woocommerce-setup'), fullPage: true });
    await page.getByRole('button', { name: 'Done' }).click();

    // A forged order (signed, but unknown to the store) sends nothing.
    const updated = store.webhooks.find((w) => w.topic === 'order.updated')!;
    const forgedBuyer = uniqueEmail('woo-forged');
    const forged = store.orderPayload({
      status: 'processing',
      date_paid_gmt: new Date().toISOString().slice(0, 19),
      billing: { first_name: 'Eve', last_name: 'Forger', email: forgedBuyer },
    });
    expect(await store.deliver(updated, forged)).toBe(200);

    // Checkout, then payment; the payment delivered again: one email.
    const buyer = uniqueEmail('woo-buyer');
    const order = await store.placeOrder({
      currency: 'EUR',
      total: '42.00',
      billing: { first_name: 'Clara', last_name: 'Nguyen', email: buyer },
      line_items: [
        { id: 1, name: 'Walnut cutting board', quantity: 1, total: '42.00', product_id: 7 },
      ],
    });
    await store.pay(order);
    const paid = store.deliveries.at(-1)!;
    expect(paid.status).toBe(200);
    expect(await store.redeliver(paid)).toBe(200);

    const mail = await session.app.mail.waitFor((m) => m.to.includes(buyer), 20_000);
    expect(mail.subject).toBe('Thank you, Clara!');
    expect(mail.recipients).toEqual([buyer]);

    await page.reload();
    const activity = page.getByRole('region', { name: 'Recent orders' });
    const row = activity.getByRole('row').filter({ hasText: `#${order.number}` });
    await row.getByText('Sent', { exact: true }).waitFor();
    await row.getByText(`${host} · WooCommerce`).waitFor();
    await row.getByText(buyer).waitFor();
    expect(
      await activity
        .getByRole('row')
        .filter({ hasText: `#${order.number}` })
        .count(),
    ).toBe(1);
    await page.screenshot({ path: screenshotPath('woocommerce-activity'), fullPage: true });
    const all = await session.app.mail.messages();
    expect(all.filter((m) => m.to.includes(buyer))).toHaveLength(1);
    expect(all.filter((m) => m.to.includes(forgedBuyer))).toHaveLength(0);
  });
});
