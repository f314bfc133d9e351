// A seller installs Thankly on a (simulated) Shopify shop from the dashboard: shop address, the
// shop's consent page, the signed callback; then a paid order delivered by Shopify shows as sent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDefaultTemplate } from '@thankly/email';
import { ShopifySimulator } from '../apps/server/test/support/shopify-simulator.ts';
import {
  PASSWORD,
  openPage,
  registerConfirmedThroughUi,
  uniqueEmail,
  useBrowserSession,
} from './helpers.ts';

const DOMAIN = 'linen-lane.myshopify.com';
let sim: ShopifySimulator;

beforeAll(async () => {
  sim = await new ShopifySimulator().start();
  sim.addShop(DOMAIN, 'Linen Lane');
});
afterAll(() => sim?.stop());
const session = useBrowserSession({
  env: () => ({
    SHOPIFY_API_KEY: sim.apiKey,
    SHOPIFY_API_SECRET: sim.apiSecret,
    SHOPIFY_SHOP_URL: sim.shopUrlTemplate,
  }),
});
beforeAll(() => {
  sim.redirectUris.add(`${session.app.url}/api/shopify/callback`);
  sim.complianceUrl = `${session.app.url}/api/shopify/webhook`;
});

describe('a Shopify shop', () => {
  it('is installed from the dashboard and its paid order is emailed once', async () => {
    const { page } = await session.open();
    await registerConfirmedThroughUi(page, session.app, {
      name: 'Theo',
      email: uniqueEmail('shopify-seller'),
    });
    const { design } = createDefaultTemplate();
    const created = await page.request.post('/api/templates', {
      data: { name: 'Shopify thanks', subject: 'Thank you, [customer-first-name]!', design },
    });
    expect(created.status()).toBe(201);
    await page.reload();
    // The seller's first template is the selected one without a click.
    const card = page.getByRole('listitem', { name: 'Shopify thanks' });
    await card.getByText('Selected', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Connect Shopify' }).click();
    await page.getByLabel('Shopify shop address').fill('linen-lane');
    await page.getByRole('button', { name: 'Continue to Shopify' }).click();
    await page.getByText('Enter your shop’s myshopify.com address', { exact: false }).waitFor();
    await page.getByLabel('Shopify shop address').fill(`https://${DOMAIN}/`);
    await page.getByRole('button', { name: 'Continue to Shopify' }).click();

    // Shopify's consent (approved by the simulator) sends the browser back, signed.
    // The dashboard says so once and drops ?connected= from the address.
    await page
      .getByText('Your shop is connected. New paid orders get your thank-you email.')
      .waitFor();
    await page.waitForURL(
      (url) => url.pathname === '/thankly' && !url.search.includes('connected'),
    );
    const shops = page.getByRole('list', { name: 'Connected shops' });
    await shops.getByText('Linen Lane').waitFor();
    await shops.getByText('Shopify', { exact: true }).waitFor();
    await shops.getByText('Connected', { exact: true }).waitFor();
    // Paid for the thank-you, uninstalled, and what moves an order on for its follow-ups.
    expect(sim.subscriptionsOf(DOMAIN).map((s) => s.topic)).toEqual([
      'ORDERS_PAID',
      'APP_UNINSTALLED',
      'ORDERS_FULFILLED',
      'ORDERS_PARTIALLY_FULFILLED',
      'ORDERS_UPDATED',
      'ORDERS_CANCELLED',
      'REFUNDS_CREATE',
    ]);

    const buyer = uniqueEmail('shopify-buyer');
    const order = sim.order({
      email: buyer,
      customer: { id: 5, email: buyer, first_name: 'Mara', last_name: 'Lind' },
    });
    const [first] = await sim.emit(DOMAIN, 'orders/paid', order);
    expect(first?.status).toBe(200);
    const mail = await session.app.mail.waitFor((m) => m.to.includes(buyer), 20_000);
    expect(mail.subject).toBe('Thank you, Mara!');
    // Shopify delivers the same event again.
    const last = sim.deliveries.at(-1)!;
    const retry = await sim.deliver(sim.complianceUrl, 'orders/paid', DOMAIN, order, {
      webhookId: last.headers['x-shopify-webhook-id'],
      eventId: last.headers['x-shopify-event-id'],
    });
    expect(retry.status).toBe(200);

    await page.reload();
    const row = page
      .getByRole('region', { name: 'Recent orders' })
      .getByRole('row')
      .filter({ hasText: order.name });
    await row.getByText('Sent', { exact: true }).waitFor();
    await row.getByText('Linen Lane · Shopify').waitFor();
    expect(await row.count()).toBe(1);
    expect((await session.app.mail.messages()).filter((m) => m.to.includes(buyer))).toHaveLength(1);
  });
  it('approved where the seller is signed out, it waits for their sign-in and then completes', async () => {
    sim.addShop('willow-works.myshopify.com', 'Willow Works');
    const { page } = await session.open();
    const email = uniqueEmail('shopify-resume');
    await registerConfirmedThroughUi(page, session.app, { name: 'Ines', email });
    const started = await page.request.post('/api/shopify/connect', {
      data: { shop: 'willow-works.myshopify.com' },
    });
    const { url } = (await started.json()) as { url: string };
    // The consent link opened on another device, where nobody is signed in to Thankly.
    const other = await openPage(session.browser, session.app.url);
    try {
      await other.page.goto(url);
      await other.page.waitForURL(/\/login\?next=/);
      await other.page.getByLabel('Email').fill(email);
      await other.page.getByLabel('Password').fill(PASSWORD);
      await other.page.getByRole('button', { name: 'Log in' }).click();
      await other.page
        .getByText('Your shop is connected. New paid orders get your thank-you email.')
        .waitFor();
      await other.page
        .getByRole('list', { name: 'Connected shops' })
        .getByText('Willow Works')
        .waitFor();
      expect(other.errors.filter((e) => !/ERR_NAME_NOT_RESOLVED/.test(e))).toEqual([]);
    } finally {
      await other.context.close();
    }
  });
});
