import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { orderEmails, shops } from '../../src/db/schema.ts';
import { WooCommerceSimulator } from '../support/woocommerce-simulator.ts';
import {
  connectDemoShop,
  selectDefaultTemplate,
  settled,
  waitForActivity,
} from '../support/sending-helpers.ts';
import { type TestApp, type TestClient, startTestApp } from '../support/test-app.ts';

let store: WooCommerceSimulator;
let app: TestApp;
let seller: { client: TestClient; email: string; user: { id: string } };

beforeAll(async () => {
  store = await new WooCommerceSimulator().start();
  app = await startTestApp({ dispatcher: { idleMs: 100 } });
  seller = await app.seller({ name: 'Mina Seller' });
  await selectDefaultTemplate(seller.client);
});
afterAll(async () => {
  await app?.close();
  await store?.stop();
});

const rowsOf = (id: string) =>
  app.ctx.db.select().from(orderEmails).where(eq(orderEmails.shopId, id));
const mailTo = (address: string) => app.mail.messages.filter((m) => m.to.includes(address));
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('connecting a WooCommerce store by hand', () => {
  let shopId: string;
  let setup: { deliveryUrl: string; secret: string; topics: string[]; automatic: boolean };

  test('refuses what is not a store address or a key pair', async () => {
    for (const body of [
      { storeUrl: '' },
      { storeUrl: 'ftp://shop.example.com' },
      { storeUrl: 'not a url' },
      { storeUrl: 'shop.example.com', consumerKey: 'ck_abcdef1234567890' },
      { storeUrl: 'shop.example.com', consumerKey: 'nope', consumerSecret: 'cs_abcdef1234567890' },
      { storeUrl: 42 },
    ]) {
      const response = await seller.client.post('/api/woocommerce/shops', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(typeof response.body.error).toBe('string');
    }
    expect(
      (await app.client().post('/api/woocommerce/shops', { storeUrl: store.url })).status,
    ).toBe(401);
    expect((await seller.client.get('/api/shops')).body.shops).toEqual([]);
  });

  test('gives a delivery URL and a secret of its own, stored encrypted', async () => {
    const response = await seller.client.post('/api/woocommerce/shops', {
      storeUrl: `${store.url}/`,
    });
    expect(response.status).toBe(201);
    setup = response.body.setup;
    shopId = response.body.shop.id;
    expect(response.body.shop).toMatchObject({
      marketplace: 'woocommerce',
      name: new URL(store.url).host,
      url: store.url,
      status: 'connected',
      isDemo: false,
    });
    expect(setup).toEqual({
      deliveryUrl: `${app.url}/api/woocommerce/webhook/${shopId}`,
      secret: expect.stringMatching(/^[\w-]{32}$/),
      topics: ['order.created', 'order.updated'],
      automatic: false,
    });
    const [row] = await app.ctx.db.select().from(shops).where(eq(shops.id, shopId));
    expect(row!.credentials).toMatch(/^v1\./);
    expect(row!.credentials).not.toContain(setup.secret);
    // The seller can read the setup again later, and only their own.
    expect((await seller.client.get(`/api/woocommerce/shops/${shopId}/setup`)).body.setup).toEqual(
      setup,
    );
    const stranger = await app.seller();
    expect((await stranger.client.get(`/api/woocommerce/shops/${shopId}/setup`)).status).toBe(404);
    // The same store cannot be connected to a second account.
    const taken = await stranger.client.post('/api/woocommerce/shops', { storeUrl: store.url });
    expect(taken.status).toBe(409);
  });

  test('the ping on saving the webhook is answered, and a paid order is emailed once', async () => {
    for (const topic of setup.topics) {
      const webhook = await store.addWebhookByHand({
        topic,
        deliveryUrl: setup.deliveryUrl,
        secret: setup.secret,
      });
      expect(webhook.pings).toEqual([200]);
    }
    // Checkout: order.created while pending – not paid, nothing recorded.
    const order = await store.placeOrder();
    expect(store.deliveries.at(-1)).toMatchObject({ topic: 'order.created', status: 200 });
    await pause(300);
    expect(await rowsOf(shopId)).toEqual([]);

    // Payment: order.updated with processing and a paid date – recorded and emailed.
    await store.pay(order);
    const [item] = await waitForActivity(seller.client, settled(1));
    expect(item).toMatchObject({
      state: 'sent',
      orderNumber: String(order.id),
      buyerEmail: 'iris.moreau@example.com',
      marketplace: 'woocommerce',
    });
    const mail = await app.mail.waitFor((m) => m.to.includes('iris.moreau@example.com'));
    expect(mail.subject).toBe('Thank you, Iris!');
    const [row] = await rowsOf(shopId);
    expect(row!.order).toMatchObject({
      buyerFirstName: 'Iris',
      buyerLastName: 'Moreau',
      productTitles: ['Hand-poured candle', 'Matchbox'],
      total: { amount: 3450, divisor: 100, currency: 'GBP' },
    });

    // Completed later, a redelivery of the payment, and the same order seen again: no new email.
    await store.setStatus(order, 'completed');
    const paid = store.deliveries.find((d) => d.topic === 'order.updated')!;
    expect(await store.redeliver(paid)).toBe(200);
    await store.pay(order);
    await pause(1000);
    expect(mailTo('iris.moreau@example.com')).toHaveLength(1);
    expect(await rowsOf(shopId)).toHaveLength(1);
    expect((await seller.client.get('/api/shops')).body.shops[0].lastOrderAt).not.toBeNull();
  });

  test('bad signatures get 401 and store nothing; unknown stores 404', async () => {
    const webhook = store.webhooks.find((w) => w.topic === 'order.updated')!;
    const order = store.orderPayload({
      status: 'processing',
      billing: { first_name: 'Eve', last_name: 'Forger', email: 'forged@example.com' },
    });
    const forged = await store.deliver(webhook, order, { secret: 'not-the-secret' });
    expect(forged).toBe(401);
    // A genuine signature, but over other bytes than those sent.
    const genuine = store.deliveries.find((d) => d.status === 200)!;
    const tampered = await fetch(setup.deliveryUrl, {
      method: 'POST',
      headers: genuine.headers,
      body: JSON.stringify(order),
    });
    expect(tampered.status).toBe(401);
    const unsigned = await fetch(setup.deliveryUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-wc-webhook-topic': 'order.updated' },
      body: JSON.stringify(order),
    });
    expect(unsigned.status).toBe(401);
    const nowhere = await fetch(`${app.url}/api/woocommerce/webhook/${crypto.randomUUID()}`, {
      method: 'POST',
      headers: genuine.headers,
      body: genuine.body,
    });
    expect(nowhere.status).toBe(404);
    const notAnId = await fetch(`${app.url}/api/woocommerce/webhook/..%2f..`, {
      method: 'POST',
      headers: genuine.headers,
      body: genuine.body,
    });
    expect(notAnId.status).toBe(404);
    await pause(500);
    expect((await rowsOf(shopId)).some((r) => r.buyerEmail === 'forged@example.com')).toBe(false);
    expect(mailTo('forged@example.com')).toHaveLength(0);
  });

  test('a signed body that is not an order is a 400, never a 500', async () => {
    const webhook = store.webhooks.find((w) => w.topic === 'order.updated')!;
    expect(await store.deliver(webhook, { hello: 'world' })).toBe(400);
    expect(await store.deliver(webhook, [1, 2, 3])).toBe(400);
  });

  test('orders paid before the store was connected, and unpaid statuses, are not thanked', async () => {
    const updated = store.webhooks.find((w) => w.topic === 'order.updated')!;
    const old = new Date(Date.now() - 3 * 24 * 3600 * 1000);
    const before = await store.placeOrder({
      billing: { first_name: 'Old', last_name: 'Order', email: 'old.order@example.com' },
    });
    await store.pay(before, old);
    const refunded = store.orderPayload({
      billing: { first_name: 'Re', last_name: 'Fund', email: 'refund@example.com' },
    });
    Object.assign(refunded, {
      status: 'refunded',
      date_paid_gmt: new Date().toISOString().slice(0, 19),
    });
    expect(await store.deliver(updated, refunded)).toBe(200);
    await pause(500);
    const rows = await rowsOf(shopId);
    expect(rows.some((r) => r.buyerEmail === 'old.order@example.com')).toBe(false);
    expect(rows.some((r) => r.buyerEmail === 'refund@example.com')).toBe(false);
  });

  test('a disconnected store’s deliveries are refused and not recorded', async () => {
    expect((await seller.client.delete(`/api/shops/${shopId}`)).body).toEqual({ ok: true });
    const order = await store.placeOrder({
      billing: { first_name: 'Late', last_name: 'Buyer', email: 'late@example.com' },
    });
    await store.pay(order);
    expect(store.deliveries.at(-1)!.status).toBe(404);
    expect((await seller.client.get(`/api/woocommerce/shops/${shopId}/setup`)).status).toBe(400);
    expect((await rowsOf(shopId)).some((r) => r.buyerEmail === 'late@example.com')).toBe(false);
  });
});

describe('connecting with REST API keys', () => {
  test('wrong or read-only keys are refused and nothing is kept', async () => {
    const other = await app.seller();
    const wrong = await other.client.post('/api/woocommerce/shops', {
      storeUrl: `${store.url}/keys`,
      consumerKey: `ck_${'1'.repeat(40)}`,
      consumerSecret: `cs_${'2'.repeat(40)}`,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toMatch(/did not accept those API keys \(Consumer key is invalid\.\)/);
    const readOnly = await other.client.post('/api/woocommerce/shops', {
      storeUrl: `${store.url}/keys`,
      ...store.readOnlyKey,
    });
    expect(readOnly.status).toBe(400);
    expect(readOnly.body.error).toMatch(/write permissions/);
    expect(JSON.stringify([wrong.body, readOnly.body])).not.toContain(
      store.readOnlyKey.consumerSecret,
    );
    expect((await other.client.get('/api/shops')).body.shops).toEqual([]);
  });

  test('creates both webhooks in the store, which then deliver signed orders', async () => {
    const buyer = await app.seller({ name: 'Kai Keys' });
    await selectDefaultTemplate(buyer.client);
    const webhooksBefore = store.webhooks.length;
    const response = await buyer.client.post('/api/woocommerce/shops', {
      storeUrl: `${store.url}/keys`,
      consumerKey: store.consumerKey,
      consumerSecret: store.consumerSecret,
    });
    expect(response.status).toBe(201);
    const { setup, shop } = response.body;
    expect(setup.automatic).toBe(true);
    const created = store.webhooks.slice(webhooksBefore);
    expect(created.map((w) => [w.topic, w.delivery_url, w.secret, w.status])).toEqual([
      ['order.created', setup.deliveryUrl, setup.secret, 'active'],
      ['order.updated', setup.deliveryUrl, setup.secret, 'active'],
    ]);
    // The pings WooCommerce sent while creating them were answered.
    expect(created.map((w) => w.pings)).toEqual([[200], [200]]);
    // Plain HTTP: OAuth 1.0a in the query, never the secret itself.
    const calls = store.requests.filter((r) => r.path.startsWith('/wp-json/wc/v3/webhooks'));
    expect(
      calls.every((r) => !r.path.includes(store.consumerSecret) && !r.headers.authorization),
    ).toBe(true);
    const [row] = await app.ctx.db.select().from(shops).where(eq(shops.id, shop.id));
    expect(row!.credentials).not.toContain(store.consumerKey);

    // Both webhooks of this store and the earlier disconnected one fire; only this shop records.
    const order = await store.placeOrder({
      status: 'processing',
      date_paid_gmt: new Date().toISOString().slice(0, 19),
      billing: { first_name: 'Noor', last_name: 'Haddad', email: 'noor.haddad@example.com' },
    });
    expect(order.status).toBe('processing');
    await waitForActivity(buyer.client, settled(1));
    await store.setStatus(order, 'completed');
    await pause(800);
    expect(mailTo('noor.haddad@example.com')).toHaveLength(1);
  });
});

describe('one seller, several marketplaces', () => {
  test('Starter’s daily limit counts across a demo shop and a WooCommerce store', async () => {
    const multi = await app.seller({ name: 'Ola Multi' });
    await selectDefaultTemplate(multi.client);
    const demo = await connectDemoShop(app, multi.client);
    const woo = await multi.client.post('/api/woocommerce/shops', {
      storeUrl: `${store.url}/multi`,
    });
    const webhook = await store.addWebhookByHand({
      topic: 'order.updated',
      deliveryUrl: woo.body.setup.deliveryUrl,
      secret: woo.body.setup.secret,
    });
    for (let i = 0; i < 3; i++) await multi.client.post(`/api/shops/${demo.id}/demo-order`);
    for (let i = 0; i < 3; i++) {
      const order = store.orderPayload({
        billing: { first_name: 'Buyer', last_name: String(i), email: `multi${i}@example.com` },
      });
      Object.assign(order, {
        status: 'processing',
        date_paid_gmt: new Date().toISOString().slice(0, 19),
      });
      expect(await store.deliver(webhook, order)).toBe(200);
    }
    const items = await waitForActivity(multi.client, settled(6));
    expect(items.filter((i) => i.state === 'sent')).toHaveLength(5);
    const skipped = items.filter((i) => i.state === 'skipped');
    expect(skipped).toHaveLength(1);
    expect(skipped[0]!.reason).toBe('Today’s limit of 5 emails on the Starter plan was reached.');
    const { shops: list, available } = (await multi.client.get('/api/shops')).body;
    expect(list.map((s: { marketplace: string }) => s.marketplace)).toEqual([
      'demo',
      'woocommerce',
    ]);
    // No Shopify app credentials on this server.
    expect(available).toEqual({ etsy: false, shopify: false, woocommerce: true });
    expect(
      (await multi.client.post('/api/shopify/connect', { shop: 'x.myshopify.com' })).status,
    ).toBe(503);
  });
});
