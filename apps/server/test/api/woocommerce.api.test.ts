import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { abuseEvents, orderEmails, shops, users } from '../../src/infrastructure/db/schema.ts';
import { encryptSecret } from '../../src/infrastructure/crypto/credentials-crypto.ts';
import { WOO_API_MESSAGES } from '../../src/marketplace/woocommerce/woo-api.ts';
import {
  WOO_RECONNECT_REASON,
  retryWooOrder,
} from '../../src/marketplace/woocommerce/woo-service.ts';
import { signWooDelivery } from '../../src/marketplace/woocommerce/woo-signature.ts';
import { WooCommerceSimulator } from '../support/woocommerce-simulator.ts';
import {
  connectDemoShop,
  selectDefaultTemplate,
  settled,
  waitForActivity,
} from '../support/sending-helpers.ts';
import { type TestApp, startTestApp } from '../support/test-app.ts';

let app: TestApp;
const stores: WooCommerceSimulator[] = [];
/** A store of its own per test: every connect creates webhooks, and each store fires them all. */
async function newStore() {
  const store = await new WooCommerceSimulator().start();
  stores.push(store);
  return store;
}

beforeAll(async () => {
  app = await startTestApp({ dispatcher: { idleMs: 100 } });
});
afterAll(async () => {
  await app?.close();
  for (const store of stores) await store.stop();
});

const rowsOf = (id: string) =>
  app.ctx.db.select().from(orderEmails).where(eq(orderEmails.shopId, id));
const mailTo = (address: string) => app.mail.messages.filter((m) => m.to.includes(address));
const keysOf = (store: WooCommerceSimulator) => ({
  consumerKey: store.consumerKey,
  consumerSecret: store.consumerSecret,
});

/** A seller with a template and a store connected with its keys. */
async function connected(store: WooCommerceSimulator, storeUrl = store.url) {
  const seller = await app.seller({ name: 'Mina Seller' });
  await selectDefaultTemplate(seller.client);
  const response = await seller.client.post('/api/woocommerce/shops', {
    storeUrl,
    ...keysOf(store),
  });
  expect(response.status).toBe(201);
  const updated = store.webhooks.find(
    (w) => w.topic === 'order.updated' && w.delivery_url === response.body.setup.deliveryUrl,
  )!;
  return { ...seller, shopId: response.body.shop.id as string, updated, reply: response.body };
}

describe('connecting a WooCommerce store', () => {
  test('a seller may try only so many store addresses an hour (each one is an outbound call)', async () => {
    const limited = await startTestApp({
      rateLimits: { wooConnectPerUser: { max: 2, windowMs: 60_000 } },
    });
    try {
      const { client } = await limited.seller();
      const attempt = () =>
        client.post('/api/woocommerce/shops', {
          storeUrl: 'http://127.0.0.1:9/',
          consumerKey: 'ck_x',
          consumerSecret: 'cs_x',
        });
      expect((await attempt()).status).toBe(400);
      expect((await attempt()).status).toBe(400);
      const refused = await attempt();
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
      // Another seller has their own allowance.
      const other = await limited.seller();
      const theirs = await other.client.post('/api/woocommerce/shops', {
        storeUrl: 'http://127.0.0.1:9/',
        consumerKey: 'ck_x',
        consumerSecret: 'cs_x',
      });
      expect(theirs.status).toBe(400);
    } finally {
      await limited.close();
    }
  });

  test('needs the address and a REST API key pair', async () => {
    const seller = await app.seller();
    for (const body of [
      { storeUrl: '' },
      { storeUrl: 'shop.example.com' },
      {
        storeUrl: 'ftp://shop.example.com',
        consumerKey: 'ck_abcdef1234',
        consumerSecret: 'cs_abcdef1234',
      },
      { storeUrl: 'not a url', consumerKey: 'ck_abcdef1234', consumerSecret: 'cs_abcdef1234' },
      { storeUrl: 'shop.example.com', consumerKey: 'ck_abcdef1234567890' },
      { storeUrl: 'shop.example.com', consumerKey: 'nope', consumerSecret: 'cs_abcdef1234567890' },
      {
        storeUrl: 'shop.example.com',
        consumerKey: 'ck_abc\r\ndef12345',
        consumerSecret: 'cs_abcdef1234567890',
      },
      { storeUrl: 42 },
    ]) {
      const response = await seller.client.post('/api/woocommerce/shops', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(typeof response.body.error).toBe('string');
    }
    const store = await newStore();
    expect(
      (await app.client().post('/api/woocommerce/shops', { storeUrl: store.url, ...keysOf(store) }))
        .status,
    ).toBe(401);
    expect(store.requests).toEqual([]);
    expect((await seller.client.get('/api/shops')).body.shops).toEqual([]);
  });

  test('bad keys, a site that is not a store, and redirects get our own words; nothing is kept', async () => {
    const store = await newStore();
    const seller = await app.seller();
    const wrong = await seller.client.post('/api/woocommerce/shops', {
      storeUrl: store.url,
      consumerKey: `ck_${'1'.repeat(40)}`,
      consumerSecret: `cs_${'2'.repeat(40)}`,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe(WOO_API_MESSAGES['bad-keys']);
    expect(wrong.body.error).not.toContain('Consumer key is invalid');

    const readOnly = await seller.client.post('/api/woocommerce/shops', {
      storeUrl: store.url,
      ...store.readOnlyKey,
    });
    expect(readOnly.status).toBe(400);
    expect(readOnly.body.error).toBe(WOO_API_MESSAGES['no-write']);

    // Thankly's own server is no WooCommerce store.
    const notStore = await seller.client.post('/api/woocommerce/shops', {
      storeUrl: app.url,
      ...keysOf(store),
    });
    expect(notStore.status).toBe(400);
    expect(notStore.body.error).toBe(WOO_API_MESSAGES['not-woocommerce']);

    store.redirectTo = 'http://169.254.169.254/latest/meta-data/';
    const before = store.requests.length;
    const redirected = await seller.client.post('/api/woocommerce/shops', {
      storeUrl: store.url,
      ...keysOf(store),
    });
    store.redirectTo = null;
    expect(redirected.status).toBe(400);
    expect(redirected.body.error).toBe(WOO_API_MESSAGES.redirected);
    expect(store.requests.length).toBe(before + 1);

    expect(JSON.stringify([wrong.body, readOnly.body])).not.toContain(
      store.readOnlyKey.consumerSecret,
    );
    expect((await seller.client.get('/api/shops')).body.shops).toEqual([]);
    expect(store.webhooks).toEqual([]);
  });

  test('reads the store with the keys, creates both webhooks, keeps keys and secret encrypted and never shows the secret', async () => {
    const store = await newStore();
    const { client, shopId, reply } = await connected(store, `${store.url}/`);
    expect(reply.shop).toMatchObject({
      marketplace: 'woocommerce',
      name: new URL(store.url).host,
      url: store.url,
      status: 'connected',
      isDemo: false,
    });
    expect(reply.setup).toEqual({
      deliveryUrl: `${app.url}/api/woocommerce/webhook/${shopId}`,
      topics: ['order.created', 'order.updated'],
    });
    // Ownership was proven by reading orders before anything was created.
    expect(store.requests[0]!.path).toMatch(/^\/wp-json\/wc\/v3\/orders\?per_page=1&oauth_/);
    expect(store.webhooks.map((w) => [w.topic, w.delivery_url, w.status, w.pings])).toEqual([
      ['order.created', reply.setup.deliveryUrl, 'active', [200]],
      ['order.updated', reply.setup.deliveryUrl, 'active', [200]],
    ]);
    const secret = store.webhooks[0]!.secret;
    expect(store.webhooks[1]!.secret).toBe(secret);
    expect(JSON.stringify(reply)).not.toContain(secret);
    // Plain HTTP: OAuth 1.0a in the query, never the consumer secret itself.
    expect(
      store.requests.every(
        (r) => !r.path.includes(store.consumerSecret) && !r.headers.authorization,
      ),
    ).toBe(true);
    const [row] = await app.ctx.db.select().from(shops).where(eq(shops.id, shopId));
    expect(row!.credentials).toMatch(/^v1\./);
    for (const plain of [secret, store.consumerKey, store.consumerSecret])
      expect(row!.credentials).not.toContain(plain);

    const again = await client.get(`/api/woocommerce/shops/${shopId}/setup`);
    expect(again.body).toEqual({ setup: reply.setup });
    const stranger = await app.seller();
    expect((await stranger.client.get(`/api/woocommerce/shops/${shopId}/setup`)).status).toBe(404);
    // Even with working keys, a store connected to one account is not taken by another.
    const taken = await stranger.client.post('/api/woocommerce/shops', {
      storeUrl: store.url,
      ...keysOf(store),
    });
    expect(taken.status).toBe(409);
    expect((await stranger.client.get('/api/shops')).body.shops).toEqual([]);
  });
});

describe('deliveries are read back from the store', () => {
  let store: WooCommerceSimulator;
  let seller: Awaited<ReturnType<typeof connected>>;
  beforeAll(async () => {
    store = await newStore();
    seller = await connected(store);
  });

  test('a paid order is emailed once, with what the store says', async () => {
    const order = await store.placeOrder();
    expect(store.deliveries.at(-1)).toMatchObject({ topic: 'order.created', status: 200 });
    await app.idle();
    expect(await rowsOf(seller.shopId)).toEqual([]);

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
    expect(mail.recipients).toEqual(['iris.moreau@example.com']);
    const [row] = await rowsOf(seller.shopId);
    expect(row!.order).toMatchObject({
      buyerFirstName: 'Iris',
      buyerLastName: 'Moreau',
      productTitles: ['Hand-poured candle', 'Matchbox'],
      total: { amount: 3450, divisor: 100, currency: 'GBP' },
    });
    expect(
      store.requests.some((r) => r.path.startsWith(`/wp-json/wc/v3/orders/${order.id}?`)),
    ).toBe(true);

    await store.setStatus(order, 'completed');
    const paid = store.deliveries.find((d) => d.topic === 'order.updated')!;
    expect(await store.redeliver(paid)).toBe(200);
    await store.pay(order);
    await app.idle();
    expect(mailTo('iris.moreau@example.com')).toHaveLength(1);
    expect(await rowsOf(seller.shopId)).toHaveLength(1);
  });

  test('an order the store cannot be read back for at the time is asked again by a job, and emailed once', async () => {
    const order = await store.placeOrder({
      billing: { ...store.orderPayload().billing, email: 'late.reader@example.com' },
    });
    store.orderReadOutages = 1;
    await store.pay(order);
    expect(store.deliveries.at(-1)!.status).toBe(200);
    expect(await rowsOf(seller.shopId)).not.toContainEqual(
      expect.objectContaining({ marketplaceOrderId: String(order.id) }),
    );
    const { rows: queued } = (await app.ctx.db.execute(
      sql`SELECT data FROM pgboss.job WHERE name = 'woocommerce-order'`,
    )) as unknown as { rows: { data: unknown }[] };
    expect(queued.map((r) => r.data)).toContainEqual({
      shopId: seller.shopId,
      orderId: String(order.id),
    });

    // The job's work, as the worker runs it when its retry is due (the store is back).
    await retryWooOrder(app.ctx, seller.shopId, String(order.id));
    await app.mail.waitFor((m) => m.to.includes('late.reader@example.com'));
    await retryWooOrder(app.ctx, seller.shopId, String(order.id));
    await app.idle();
    expect(mailTo('late.reader@example.com')).toHaveLength(1);
  });

  test('a correctly signed delivery of an order the store does not have sends nothing', async () => {
    const forged = store.orderPayload({
      status: 'processing',
      date_paid_gmt: new Date().toISOString().slice(0, 19),
      billing: { first_name: 'Eve', last_name: 'Forger', email: 'forged@example.com' },
    });
    expect(await store.deliver(seller.updated, forged)).toBe(200);
    // Another store's real order, delivered to this store's webhook.
    const other = await newStore();
    const elsewhere = other.addPaidOrder({
      id: 990_001,
      billing: { first_name: 'Eve', last_name: 'Elsewhere', email: 'elsewhere@example.com' },
    });
    expect(await store.deliver(seller.updated, elsewhere)).toBe(200);
    await app.idle();
    const rows = await rowsOf(seller.shopId);
    expect(rows.some((r) => /forged|elsewhere/.test(r.buyerEmail ?? ''))).toBe(false);
    expect([...mailTo('forged@example.com'), ...mailTo('elsewhere@example.com')]).toEqual([]);
  });

  test('the store’s buyer and status count, not the delivery’s', async () => {
    const real = store.addPaidOrder({
      billing: { first_name: 'Rosa', last_name: 'Real', email: 'rosa.real@example.com' },
    });
    const list = Array.from({ length: 50 }, (_, i) => `victim${i}@example.net`).join(', ');
    expect(
      await store.deliver(seller.updated, {
        ...real,
        billing: { first_name: 'Rosa', last_name: 'Real', email: list },
      }),
    ).toBe(200);
    await app.mail.waitFor((m) => m.to.includes('rosa.real@example.com'));

    // Pending at the store, "processing" in the body: not paid, not emailed.
    const pending = store.orderPayload({
      billing: { first_name: 'Pat', last_name: 'Pending', email: 'pat.pending@example.com' },
    });
    store.orders.push(pending);
    expect(
      await store.deliver(seller.updated, {
        ...pending,
        status: 'processing',
        date_paid_gmt: new Date().toISOString().slice(0, 19),
      }),
    ).toBe(200);
    await app.idle();
    expect(mailTo('pat.pending@example.com')).toEqual([]);
    expect(
      app.mail.messages.filter((m) => m.recipients.some((r) => r.startsWith('victim'))),
    ).toEqual([]);
  });

  test('a store whose own billing email is a list or has a name sends nothing and is noted', async () => {
    const hostile = [
      'one@example.net, two@example.net',
      'Eve <eve@example.net>',
      'eve@example.net\r\nBcc: victim@example.net',
    ];
    for (const email of hostile) {
      const order = store.addPaidOrder({
        billing: { first_name: 'Hos', last_name: 'Tile', email },
      });
      expect(await store.deliver(seller.updated, order)).toBe(200);
    }
    const items = await waitForActivity(
      seller.client,
      (all) => all.filter((i) => i.state === 'skipped').length >= hostile.length,
    );
    for (const item of items.filter((i) => i.state === 'skipped')) {
      expect(item.reason).toMatch(/was not one plain address/);
      expect(item.buyerEmail).toBeNull();
    }
    const events = await app.ctx.db
      .select()
      .from(abuseEvents)
      .where(and(eq(abuseEvents.userId, seller.user.id), eq(abuseEvents.kind, 'refused_send')));
    expect(events).toHaveLength(hostile.length);
    expect(events.every((e) => !e.detail?.includes('@'))).toBe(true);
    await app.idle();
    expect(app.mail.messages.filter((m) => /eve@|one@|victim@/.test(m.recipients.join()))).toEqual(
      [],
    );
  });

  test('bad signatures get 401 and store nothing; unknown stores 404', async () => {
    const order = store.addPaidOrder({
      billing: { first_name: 'Eve', last_name: 'Forger', email: 'unsigned@example.com' },
    });
    expect(await store.deliver(seller.updated, order, { secret: 'not-the-secret' })).toBe(401);
    const genuine = store.deliveries.find((d) => d.status === 200)!;
    const deliveryUrl = seller.updated.delivery_url;
    const tampered = await fetch(deliveryUrl, {
      method: 'POST',
      headers: genuine.headers,
      body: JSON.stringify(order),
    });
    expect(tampered.status).toBe(401);
    const unsigned = await fetch(deliveryUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-wc-webhook-topic': 'order.updated' },
      body: JSON.stringify(order),
    });
    expect(unsigned.status).toBe(401);
    const nowhere = await fetch(`${app.url}/api/woocommerce/webhook/${randomUUID()}`, {
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
    await app.idle();
    expect(mailTo('unsigned@example.com')).toHaveLength(0);
  });

  test('a signed body that is not an order is a 400, never a 500', async () => {
    expect(await store.deliver(seller.updated, { hello: 'world' })).toBe(400);
    expect(await store.deliver(seller.updated, [1, 2, 3])).toBe(400);
    expect(await store.deliver(seller.updated, { id: '../../settings' })).toBe(400);
  });

  test('orders paid before the store was connected, and unpaid statuses, are not thanked', async () => {
    const old = new Date(Date.now() - 3 * 24 * 3600 * 1000);
    const before = await store.placeOrder({
      billing: { first_name: 'Old', last_name: 'Order', email: 'old.order@example.com' },
    });
    await store.pay(before, old);
    const refunded = store.addPaidOrder({
      status: 'refunded',
      billing: { first_name: 'Re', last_name: 'Fund', email: 'refund@example.com' },
    });
    expect(await store.deliver(seller.updated, refunded)).toBe(200);
    await app.idle();
    const rows = await rowsOf(seller.shopId);
    expect(rows.some((r) => r.buyerEmail === 'old.order@example.com')).toBe(false);
    expect(rows.some((r) => r.buyerEmail === 'refund@example.com')).toBe(false);
  });

  test('a disconnected store’s deliveries are refused and not recorded', async () => {
    expect((await seller.client.delete(`/api/shops/${seller.shopId}`)).body).toEqual({ ok: true });
    const order = await store.placeOrder({
      billing: { first_name: 'Late', last_name: 'Buyer', email: 'late@example.com' },
    });
    await store.pay(order);
    expect(store.deliveries.at(-1)!.status).toBe(404);
    expect((await seller.client.get(`/api/woocommerce/shops/${seller.shopId}/setup`)).status).toBe(
      400,
    );
    expect((await rowsOf(seller.shopId)).some((r) => r.buyerEmail === 'late@example.com')).toBe(
      false,
    );
  });
});

describe('stores connected before keys were required', () => {
  test('need reconnecting: a delivery sends nothing and marks the store disconnected, with why', async () => {
    const store = await newStore();
    const seller = await app.seller();
    await selectDefaultTemplate(seller.client);
    const secret = 'legacy-secret-handed-to-the-seller';
    const [shop] = await app.ctx.db
      .insert(shops)
      .values({
        userId: seller.user.id,
        marketplace: 'woocommerce',
        externalId: store.url,
        name: new URL(store.url).host,
        url: store.url,
        status: 'connected',
        credentials: encryptSecret(
          JSON.stringify({ webhookSecret: secret }),
          app.ctx.config.appSecret,
        ),
        pollCursor: 0,
      })
      .returning();
    const order = store.addPaidOrder({
      billing: { first_name: 'Leg', last_name: 'Acy', email: 'legacy.buyer@example.com' },
    });
    const body = JSON.stringify(order);
    const response = await fetch(`${app.url}/api/woocommerce/webhook/${shop!.id}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-wc-webhook-topic': 'order.updated',
        'x-wc-webhook-signature': signWooDelivery(secret, body),
        'x-wc-webhook-delivery-id': randomUUID(),
      },
      body,
    });
    expect(response.status).toBe(200);
    const listed = (await seller.client.get('/api/shops')).body.shops;
    expect(listed).toMatchObject([
      { id: shop!.id, status: 'disconnected', statusReason: WOO_RECONNECT_REASON },
    ]);
    await app.idle();
    expect(await rowsOf(shop!.id)).toEqual([]);
    expect(mailTo('legacy.buyer@example.com')).toEqual([]);
    expect(store.requests).toEqual([]);
  });
});

describe('one seller, several marketplaces', () => {
  test('Starter’s daily limit counts across a demo shop and a WooCommerce store', async () => {
    const store = await newStore();
    const multi = await connected(store);
    // Two shops need a bigger plan; a seller who moves back to Starter keeps them.
    const setPlan = (plan: 'free' | 'growth') =>
      app.ctx.db.update(users).set({ plan }).where(eq(users.id, multi.user.id));
    await setPlan('growth');
    const demo = await connectDemoShop(app, multi.client);
    await setPlan('free');
    for (let i = 0; i < 3; i++) await multi.client.post(`/api/shops/${demo.id}/demo-order`);
    for (let i = 0; i < 3; i++) {
      const order = store.addPaidOrder({
        billing: { first_name: 'Buyer', last_name: String(i), email: `multi${i}@example.com` },
      });
      expect(await store.deliver(multi.updated, order)).toBe(200);
    }
    const items = await waitForActivity(multi.client, settled(6));
    expect(items.filter((i) => i.state === 'sent')).toHaveLength(5);
    const skipped = items.filter((i) => i.state === 'skipped');
    expect(skipped).toHaveLength(1);
    expect(skipped[0]!.reason).toBe('Today’s limit of 5 emails on the Starter plan was reached.');
    const { shops: list, available } = (await multi.client.get('/api/shops')).body;
    expect(list.map((s: { marketplace: string }) => s.marketplace).sort()).toEqual([
      'demo',
      'woocommerce',
    ]);
    expect(available).toEqual({ etsy: false, shopify: false, woocommerce: true });
  });
});
