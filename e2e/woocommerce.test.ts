// A seller connects a WooCommerce store in a real browser: the dashboard gives the delivery URL and
// secret, the "store" (this test, signing like WooCommerce does) pings and then delivers a paid
// order, and the order's email shows as sent in the activity list and arrives at the buyer.
import { createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createDefaultTemplate } from '@thankly/email';
import {
  registerThroughUi,
  screenshotPath,
  uniqueEmail,
  type WatchedPage,
  useBrowserSession,
} from './helpers.ts';

const session = useBrowserSession();
let current: WatchedPage | null = null;

/** What WooCommerce sends for order.updated: the REST order, signed with the webhook secret. */
async function deliverPaidOrder(deliveryUrl: string, secret: string, buyer: string) {
  const now = new Date().toISOString().slice(0, 19);
  const body = JSON.stringify({
    id: 5120,
    number: '5120',
    status: 'processing',
    currency: 'EUR',
    total: '42.00',
    date_created_gmt: now,
    date_modified_gmt: now,
    date_paid_gmt: now,
    billing: { first_name: 'Clara', last_name: 'Nguyen', email: buyer },
    shipping: { first_name: 'Clara', last_name: 'Nguyen' },
    line_items: [{ id: 1, name: 'Walnut cutting board', quantity: 1, total: '42.00' }],
  });
  return fetch(deliveryUrl, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-wc-webhook-source': 'https://shop.example.com/',
      'x-wc-webhook-topic': 'order.updated',
      'x-wc-webhook-resource': 'order',
      'x-wc-webhook-event': 'updated',
      'x-wc-webhook-signature': createHmac('sha256', secret).update(body).digest('base64'),
      'x-wc-webhook-id': '12',
      'x-wc-webhook-delivery-id': randomBytes(16).toString('hex'),
    },
    body,
  });
}

describe('a WooCommerce store', () => {
  it('is connected from the dashboard and its paid order’s email shows in the activity list', async () => {
    current = await session.open();
    const { page } = current;
    const email = uniqueEmail('woo-seller');
    await registerThroughUi(page, { name: 'Hana', email });
    const { design } = createDefaultTemplate();
    const created = await page.request.post('/api/templates', {
      data: { name: 'Woo thanks', subject: 'Thank you, [customer-first-name]!', design },
    });
    expect(created.status()).toBe(201);
    await page.reload();
    const card = page.getByRole('listitem', { name: 'Woo thanks' });
    await card.getByRole('button', { name: 'Select Woo thanks' }).click();
    await card.getByText('Selected', { exact: true }).waitFor();

    // Connect: store address, then the setup with the delivery URL and the secret.
    const panel = page.getByRole('region', { name: 'Connect your shop' });
    await panel.getByRole('button', { name: 'Connect WooCommerce' }).click();
    await panel.getByRole('button', { name: 'Connect store' }).click();
    await panel.getByText('Enter your store’s address.').waitFor();
    await panel.getByLabel('Store address').fill('shop.example.com');
    await panel.getByRole('button', { name: 'Connect store' }).click();
    await page.getByText('shop.example.com is connected.').waitFor();
    await page.getByText('Settings → Advanced → Webhooks').first().waitFor();
    const deliveryUrl = await page.getByRole('textbox', { name: 'Delivery URL' }).inputValue();
    const secret = await page.getByRole('textbox', { name: 'Secret', exact: true }).inputValue();
    expect(deliveryUrl).toMatch(
      new RegExp(`^${session.app.url}/api/woocommerce/webhook/[0-9a-f-]{36}$`),
    );
    expect(secret.length).toBeGreaterThanOrEqual(32);
    const shops = page.getByRole('list', { name: 'Connected shops' });
    await shops.getByText('WooCommerce', { exact: true }).waitFor();
    await shops.getByText('Connected', { exact: true }).waitFor();
    await shops.getByText('No orders yet').waitFor();
    await page.screenshot({ path: screenshotPath('woocommerce-setup'), fullPage: true });
    await page.getByRole('button', { name: 'Done' }).click();

    // The store saves the webhook (unsigned ping), then a paid order arrives, twice.
    const ping = await fetch(deliveryUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'webhook_id=12',
    });
    expect(ping.status).toBe(200);
    const buyer = uniqueEmail('woo-buyer');
    expect((await deliverPaidOrder(deliveryUrl, secret, buyer)).status).toBe(200);
    expect((await deliverPaidOrder(deliveryUrl, secret, buyer)).status).toBe(200);
    expect((await deliverPaidOrder(deliveryUrl, 'not-the-secret', buyer)).status).toBe(401);

    const mail = await session.app.mail.waitFor((m) => m.to.includes(buyer), 20_000);
    expect(mail.subject).toBe('Thank you, Clara!');

    // The activity list shows it sent, from the WooCommerce store; the shop saw its last order.
    await page.reload();
    const activity = page.getByRole('region', { name: 'Recent orders' });
    const row = activity.getByRole('row').filter({ hasText: '#5120' });
    await row.getByText('Sent', { exact: true }).waitFor();
    await row.getByText('shop.example.com · WooCommerce').waitFor();
    await row.getByText(buyer).waitFor();
    expect(await activity.getByRole('row').filter({ hasText: '#5120' }).count()).toBe(1);
    await page
      .getByRole('list', { name: 'Connected shops' })
      .getByText(/^Last order /)
      .waitFor();
    await page.screenshot({ path: screenshotPath('woocommerce-activity'), fullPage: true });
    expect((await session.app.mail.messages()).filter((m) => m.to.includes(buyer))).toHaveLength(1);
  });
});
