// A seller connects a WooCommerce store in a real browser with its REST API key: Thankly reads the
// (simulated) store with it, creates its webhooks there, and the store's paid order, delivered and
// read back, gives exactly one email, which shows as sent in the activity list. A signed delivery
// of an order the store does not have sends nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
beforeAll(async () => {
  store = await new WooCommerceSimulator().start();
});
afterAll(async () => {
  await store?.stop();
});

const session = useBrowserSession();
let current: WatchedPage | null = null;

describe('a WooCommerce store', () => {
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
