import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { orderEmails, shops, unsubscribes } from '../../src/infrastructure/db/schema.ts';
import { ShopifySimulator } from '../support/shopify-simulator.ts';
import { selectDefaultTemplate, settled, waitForActivity } from '../support/sending-helpers.ts';
import { type TestApp, type TestClient, startTestApp } from '../support/test-app.ts';

const DOMAIN = 'juniper-clay.myshopify.com';
let sim: ShopifySimulator;
let app: TestApp;
let seller: { client: TestClient; email: string; user: { id: string } };
let shopId: string;
/** Moves the app's clock (only) ahead of the simulator's, as if the seller took a while. */
let clockOffsetMs = 0;

beforeAll(async () => {
  sim = await new ShopifySimulator().start();
  sim.addShop(DOMAIN, 'Juniper & Clay');
  sim.addShop('second-shop.myshopify.com', 'Second Shop');
  app = await startTestApp(
    { dispatcher: { idleMs: 100 }, clock: { now: () => new Date(Date.now() + clockOffsetMs) } },
    {
      env: {
        SHOPIFY_API_KEY: sim.apiKey,
        SHOPIFY_API_SECRET: sim.apiSecret,
        SHOPIFY_SHOP_URL: sim.shopUrlTemplate,
      },
    },
  );
  sim.redirectUris.add(`${app.url}/api/shopify/callback`);
  sim.complianceUrl = `${app.url}/api/shopify/webhook`;
  seller = await app.seller({ name: 'Rosa Seller' });
  await selectDefaultTemplate(seller.client);
});
afterAll(async () => {
  await app?.close();
  await sim?.stop();
});

/** The seller's browser: connect, Shopify's consent page (approved), back to our callback. */
async function install(client: TestClient, shop: string) {
  const started = await client.post('/api/shopify/connect', { shop });
  expect(started.status).toBe(200);
  const consent = await fetch(started.body.url, { redirect: 'manual' });
  expect(consent.status).toBe(302);
  const callback = new URL(consent.headers.get('location')!);
  const done = await client.request('GET', callback.pathname + callback.search);
  expect(done.status).toBe(302);
  return { started, callback, landing: new URL(done.headers.get('location')!, app.url) };
}

const rowsOf = (id: string) =>
  app.ctx.db.select().from(orderEmails).where(eq(orderEmails.shopId, id));
const orderRow = async (marketplaceOrderId: string) =>
  (
    await app.ctx.db
      .select()
      .from(orderEmails)
      .where(
        and(eq(orderEmails.shopId, shopId), eq(orderEmails.marketplaceOrderId, marketplaceOrderId)),
      )
  )[0];
const mailTo = (address: string) => app.mail.messages.filter((m) => m.to.includes(address));

describe('installing Thankly on a Shopify shop', () => {
  test('refuses what is not a shop domain', async () => {
    for (const shop of [
      'juniper',
      'evil.example.com',
      'a b.myshopify.com',
      'x.myshopify.com.evil.com',
    ]) {
      const response = await seller.client.post('/api/shopify/connect', { shop });
      expect(response.status).toBe(400);
      expect(response.body.error).toMatch(/myshopify\.com address/);
    }
    expect((await seller.client.get('/api/shopify/connect?shop=nope')).status).toBe(400);
    expect((await seller.client.get('/api/shopify/connect')).status).toBe(400);
    const viaGet = await seller.client.get(`/api/shopify/connect?shop=${DOMAIN}`);
    expect(viaGet.body.url).toMatch(`${sim.url}/${DOMAIN}/admin/oauth/authorize?`);
    expect((await app.client().post('/api/shopify/connect', { shop: DOMAIN })).status).toBe(401);
  });

  test('runs the authorization code grant, stores the token encrypted and subscribes to orders/paid', async () => {
    const { started, callback, landing } = await install(
      seller.client,
      `https://${DOMAIN.toUpperCase()}/`,
    );
    const authorize = new URL(started.body.url);
    expect(authorize.origin + authorize.pathname).toBe(
      `${sim.url}/${DOMAIN}/admin/oauth/authorize`,
    );
    expect(Object.fromEntries(authorize.searchParams)).toMatchObject({
      client_id: sim.apiKey,
      scope: 'read_orders',
      redirect_uri: `${app.url}/api/shopify/callback`,
      'grant_options[]': '',
    });
    expect(landing.pathname).toBe('/thankly');
    expect(landing.searchParams.get('connected')).toBe('Juniper & Clay');

    const { shops: list } = (await seller.client.get('/api/shops')).body;
    expect(list).toEqual([
      expect.objectContaining({
        marketplace: 'shopify',
        name: 'Juniper & Clay',
        url: 'https://juniper-clay.example.com',
        status: 'connected',
        isDemo: false,
        lastOrderAt: null,
      }),
    ]);
    shopId = list[0].id;
    const [row] = await app.ctx.db.select().from(shops).where(eq(shops.id, shopId));
    expect(row!.externalId).toBe(DOMAIN);
    expect(row!.credentials).toMatch(/^v1\./);
    expect(row!.credentials).not.toContain('shpat_');
    expect(sim.subscriptionsOf(DOMAIN)).toEqual(
      [
        'ORDERS_PAID',
        'APP_UNINSTALLED',
        'ORDERS_FULFILLED',
        'ORDERS_PARTIALLY_FULFILLED',
        'ORDERS_UPDATED',
        'ORDERS_CANCELLED',
        'REFUNDS_CREATE',
      ].map((topic) => expect.objectContaining({ topic, uri: `${app.url}/api/shopify/webhook` })),
    );
    const graphql = sim.requests.filter((r) => r.path.endsWith('/graphql.json'));
    expect(
      graphql.every((r) => String(r.headers['x-shopify-access-token']).startsWith('shpat_')),
    ).toBe(true);

    // The state was single-use: the same callback a second time is refused.
    const replay = await seller.client.request('GET', callback.pathname + callback.search);
    expect(
      new URL(replay.headers.get('location')!, app.url).searchParams.get('connect_error'),
    ).toMatch(/expired or was already used/);
  });

  test('a callback with a forged HMAC, an old timestamp or another shop is refused', async () => {
    const other = await app.seller();
    const { url } = (
      await other.client.post('/api/shopify/connect', { shop: 'second-shop.myshopify.com' })
    ).body;
    const consent = await fetch(url, { redirect: 'manual' });
    const genuine = new URL(consent.headers.get('location')!);
    const params = Object.fromEntries(genuine.searchParams);
    const attempt = async (query: Record<string, string>) => {
      const response = await other.client.request(
        'GET',
        `/api/shopify/callback?${new URLSearchParams(query)}`,
      );
      return new URL(response.headers.get('location')!, app.url).searchParams;
    };
    expect((await attempt({ ...params, hmac: '0'.repeat(64) })).get('connect_error')).toMatch(
      /not signed by Shopify/,
    );
    const stale = { ...params, timestamp: String(Math.floor(Date.now() / 1000) - 600) };
    expect((await attempt({ ...stale, hmac: sim.signQuery(stale) })).get('connect_error')).toMatch(
      /too old/,
    );
    const elsewhere = { ...params, shop: DOMAIN };
    expect(
      (await attempt({ ...elsewhere, hmac: sim.signQuery(elsewhere) })).get('connect_error'),
    ).toMatch(/expired or was already used/);
    expect((await attempt({ shop: DOMAIN })).get('connect_error')).toMatch(/incomplete/);
    // The genuine answer still works: the failed attempts did not spend its state.
    expect((await attempt(params)).get('connected')).toBe('Second Shop');
    // And nobody else can take a shop that is connected already.
    const third = await app.seller();
    const { landing } = await install(third.client, 'second-shop.myshopify.com');
    expect(landing.searchParams.get('connect_error')).toMatch(
      /already connected to another Thankly account/,
    );
  });
});

describe('the callback and the seller’s session', () => {
  const THIRD = 'third-shop.myshopify.com';
  const locationOf = (response: { headers: Headers }) =>
    new URL(response.headers.get('location')!, app.url);
  const shopsOf = async (client: TestClient) => (await client.get('/api/shops')).body.shops;
  const consentFor = async (client: TestClient, shop: string) => {
    const { url } = (await client.post('/api/shopify/connect', { shop })).body;
    const consent = await fetch(url, { redirect: 'manual' });
    const callback = new URL(consent.headers.get('location')!);
    return callback.pathname + callback.search;
  };

  test('without a session nothing is attached and the seller signs in; another account is refused', async () => {
    sim.addShop(THIRD, 'Third Shop');
    const starter = await app.seller();
    const callback = await consentFor(starter.client, THIRD);
    const anonymous = await app.client().request('GET', callback);
    expect(anonymous.status).toBe(302);
    expect(locationOf(anonymous).pathname).toBe('/login');
    expect(locationOf(anonymous).searchParams.get('next')).toMatch(/^\/api\/shopify\/callback\?/);
    expect(await shopsOf(starter.client)).toEqual([]);
    expect(await app.ctx.db.select().from(shops).where(eq(shops.externalId, THIRD))).toEqual([]);

    // The link in the browser of another Thankly account: refused, spent, nothing attached.
    const stranger = await app.seller();
    const refused = await stranger.client.request('GET', callback);
    expect(locationOf(refused).searchParams.get('connect_error')).toMatch(
      /^This connection was started from another Thankly account, so nothing was connected/,
    );
    expect(await shopsOf(stranger.client)).toEqual([]);
    const spent = await starter.client.request('GET', callback);
    expect(locationOf(spent).searchParams.get('connect_error')).toMatch(
      /expired or was already used/,
    );
    expect(await app.ctx.db.select().from(shops).where(eq(shops.externalId, THIRD))).toEqual([]);
  });

  test('signing in resumes the install, even after Shopify’s 90-second timestamp has passed', async () => {
    const starter = await app.seller();
    const callback = await consentFor(starter.client, THIRD);
    const signedOut = await app.client().request('GET', callback);
    const resume = locationOf(signedOut).searchParams.get('next')!;
    clockOffsetMs = 5 * 60 * 1000;
    try {
      // Shopify's own answer alone is too old by now; a tampered resume note is no help.
      const stale = await starter.client.request('GET', callback);
      expect(locationOf(stale).searchParams.get('connect_error')).toMatch(/too old/);
      const tampered = new URL(resume, app.url);
      tampered.searchParams.set('thankly_resume', `${Math.floor(Date.now() / 1000)}.forged`);
      const forged = await starter.client.request('GET', tampered.pathname + tampered.search);
      expect(locationOf(forged).searchParams.get('connect_error')).toMatch(/not signed by Shopify/);
      const resumed = await starter.client.request('GET', resume);
      expect(locationOf(resumed).searchParams.get('connected')).toBe('Third Shop');
    } finally {
      clockOffsetMs = 0;
    }
    expect(await shopsOf(starter.client)).toEqual([
      expect.objectContaining({ marketplace: 'shopify', name: 'Third Shop', status: 'connected' }),
    ]);
  });

  test('an install begun in the Shopify admin (no state of ours) attaches nothing to whoever is signed in', async () => {
    const bystander = await app.seller();
    const params: Record<string, string> = {
      code: 'admin-install-code',
      host: 'YWRtaW4uc2hvcGlmeS5jb20vc3RvcmUveA',
      shop: 'second-shop.myshopify.com',
      timestamp: String(Math.floor(Date.now() / 1000)),
    };
    const query = new URLSearchParams({ ...params, hmac: sim.signQuery(params) });
    const response = await bystander.client.request('GET', `/api/shopify/callback?${query}`);
    expect(locationOf(response).searchParams.get('connect_error')).toMatch(/incomplete answer/);
    expect(await shopsOf(bystander.client)).toEqual([]);
  });
});

describe('orders/paid deliveries', () => {
  test('a paid order is emailed once, through retries, duplicates and a second event for it', async () => {
    const order = sim.order({
      email: 'lena.fischer@example.com',
      customer: {
        id: 1,
        email: 'lena.fischer@example.com',
        first_name: 'Lena',
        last_name: 'Fischer',
      },
    });
    const [first] = await sim.emit(DOMAIN, 'orders/paid', order);
    // Answered once queued; the order is recorded once Shopify confirms it is the shop's.
    expect(first).toMatchObject({ status: 200, body: { ok: true, handled: 'order queued' } });
    const [item] = await waitForActivity(seller.client, settled(1));
    expect(item).toMatchObject({
      state: 'sent',
      orderNumber: '#1001',
      buyerEmail: 'lena.fischer@example.com',
      marketplace: 'shopify',
      shopName: 'Juniper & Clay',
    });
    const mail = await app.mail.waitFor((m) => m.to.includes('lena.fischer@example.com'));
    expect(mail.subject).toBe('Thank you, Lena!');
    expect(mail.html).toContain('#1001');
    expect(mail.html).toContain('Juniper &amp; Clay');

    // A retry (same webhook and event id), the same event through another subscription, and a
    // second orders/paid event for the same order.
    const delivery = sim.deliveries.at(-1)!;
    const url = `${app.url}/api/shopify/webhook`;
    const retry = await sim.deliver(url, 'orders/paid', DOMAIN, order, {
      webhookId: delivery.headers['x-shopify-webhook-id'],
      eventId: delivery.headers['x-shopify-event-id'],
    });
    expect(retry.body).toMatchObject({ handled: 'duplicate' });
    const sameEvent = await sim.deliver(url, 'orders/paid', DOMAIN, order, {
      eventId: delivery.headers['x-shopify-event-id'],
    });
    expect(sameEvent.body).toMatchObject({ handled: 'duplicate' });
    const again = await sim.deliver(url, 'orders/paid', DOMAIN, order);
    expect(again.body).toMatchObject({ handled: 'order queued' });
    await app.idle();
    expect(mailTo('lena.fischer@example.com')).toHaveLength(1);
    expect(await rowsOf(shopId)).toHaveLength(1);
    expect((await seller.client.get('/api/shops')).body.shops[0].lastOrderAt).not.toBeNull();
  });

  test('an order delivered while Shopify is down is recorded when its retry finds Shopify back', async () => {
    const order = sim.order({ email: 'ines.duarte@example.com' });
    sim.adminUnavailable = true;
    try {
      const [delivered] = await sim.emit(DOMAIN, 'orders/paid', order);
      expect(delivered).toMatchObject({ status: 200, body: { handled: 'order queued' } });
      await app.idle();
      expect(await orderRow(String(order.id))).toBeUndefined();
    } finally {
      sim.adminUnavailable = false;
    }
    // The failed job waits out its retry delay; this moves it to now instead of waiting.
    const retried = await app.ctx.db.execute(
      sql`UPDATE pgboss.job SET start_after = now() WHERE name = 'shopify-paid-order' AND state = 'retry'`,
    );
    expect(retried).toMatchObject({ rowCount: 1 });
    await app.idle();
    expect(await orderRow(String(order.id))).toMatchObject({
      buyerEmail: 'ines.duarte@example.com',
    });
    expect(mailTo('ines.duarte@example.com')).toHaveLength(1);
  });

  test('maps the order: names, order name, line item titles, total and currency, tracking', async () => {
    const order = sim.order({
      email: 'sam.okoro@example.com',
      customer: { id: 2, email: 'sam.okoro@example.com', first_name: 'Sam', last_name: 'Okoro' },
      total_price: '1250',
      currency: 'JPY',
      line_items: [
        {
          id: 9,
          title: 'Indigo furoshiki',
          name: 'Indigo furoshiki - L',
          quantity: 1,
          price: '1250',
        },
      ],
      fulfillments: [
        {
          tracking_url: 'https://tracking.example.com/abc',
          tracking_urls: [],
          tracking_number: 'abc',
        },
      ],
    });
    await sim.emit(DOMAIN, 'orders/paid', order);
    await waitForActivity(seller.client, (items) =>
      items.some((i) => i.buyerEmail === 'sam.okoro@example.com' && i.state === 'sent'),
    );
    const [row] = await app.ctx.db
      .select()
      .from(orderEmails)
      .where(
        and(eq(orderEmails.shopId, shopId), eq(orderEmails.marketplaceOrderId, String(order.id))),
      );
    expect(row!.order).toMatchObject({
      orderNumber: order.name,
      isPaid: true,
      buyerFirstName: 'Sam',
      buyerLastName: 'Okoro',
      buyerEmail: 'sam.okoro@example.com',
      productTitles: ['Indigo furoshiki'],
      total: { amount: 1250, divisor: 1, currency: 'JPY' },
      trackingUrl: 'https://tracking.example.com/abc',
    });
    expect(row!.buyerName).toBe('Sam Okoro');
  });

  test('an order without the buyer’s email is skipped with Shopify’s reason', async () => {
    const order = sim.order({ email: null, contact_email: null, customer: null });
    await sim.emit(DOMAIN, 'orders/paid', order);
    const items = await waitForActivity(seller.client, (list) =>
      list.some((i) => i.orderNumber === order.name && i.state !== 'pending'),
    );
    const item = items.find((i) => i.orderNumber === order.name)!;
    expect(item.state).toBe('skipped');
    expect(item.reason).toMatch(/^Shopify did not share this buyer’s email address/);
  });

  test('a bad signature gets 401 and stores nothing', async () => {
    const order = sim.order({ email: 'forged@example.com' });
    const url = `${app.url}/api/shopify/webhook`;
    const before = (await rowsOf(shopId)).length;
    const forged = await sim.deliver(url, 'orders/paid', DOMAIN, order, {
      secret: 'not-the-app-secret',
    });
    expect(forged.status).toBe(401);
    expect(forged.body).toEqual({ error: 'Invalid webhook signature.' });
    // A genuine signature over other bytes than the ones sent.
    const tampered = await fetch(url, {
      method: 'POST',
      headers: {
        ...sim.deliveries.at(-1)!.headers,
        'x-shopify-hmac-sha256': sim.deliveries.find((d) => d.topic === 'orders/paid')!.headers[
          'x-shopify-hmac-sha256'
        ]!,
      },
      body: JSON.stringify(order),
    });
    expect(tampered.status).toBe(401);
    const unsigned = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(unsigned.status).toBe(401);
    const garbage = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: '\u0000\u0001',
    });
    expect(garbage.status).toBe(401);
    await app.idle();
    expect(await rowsOf(shopId)).toHaveLength(before);
    expect(mailTo('forged@example.com')).toHaveLength(0);
  });
});

describe('deliveries replayed under another topic or shop', () => {
  const url = () => `${app.url}/api/shopify/webhook`;
  const shopRow = async () =>
    (await app.ctx.db.select().from(shops).where(eq(shops.id, shopId)))[0];

  test('a signed orders/paid body under app/uninstalled or shop/redact changes nothing', async () => {
    const paid = sim.deliveries.find((d) => d.topic === 'orders/paid' && d.status === 200)!;
    const before = (await rowsOf(shopId)).length;
    for (const topic of ['app/uninstalled', 'shop/redact', 'customers/redact']) {
      const replay = await sim.deliver(url(), topic, DOMAIN, undefined, { body: paid.body });
      expect(replay.status).toBe(400);
      expect(replay.body).toEqual({ error: `The webhook body is not a ${topic} body.` });
    }
    expect(await shopRow()).toMatchObject({ status: 'connected' });
    expect(await rowsOf(shopId)).toHaveLength(before);
  });

  test('a signed order of one shop replayed for another shop records nothing', async () => {
    const paid = sim.deliveries.find((d) => d.topic === 'orders/paid' && d.status === 200)!;
    const [second] = await app.ctx.db
      .select()
      .from(shops)
      .where(eq(shops.externalId, 'second-shop.myshopify.com'));
    expect(second).toMatchObject({ status: 'connected' });
    const replay = await sim.deliver(url(), 'orders/paid', 'second-shop.myshopify.com', undefined, {
      body: paid.body,
    });
    // Shopify gets its answer before anyone asks whether the order is the shop's: the job asks,
    // with the second shop's token, and records nothing.
    expect(replay.body).toEqual({ ok: true, handled: 'order queued' });
    await app.idle();
    expect(await rowsOf(second!.id)).toEqual([]);
  });

  test('privacy bodies only act under their own topic', async () => {
    const before = (await rowsOf(shopId)).length;
    expect(before).toBeGreaterThan(0);
    const someBuyer = (await rowsOf(shopId))[0]!.buyerEmail!;
    // A customers/redact body names the shop too; as shop/redact it must not erase the shop.
    const redactBody = JSON.stringify({
      shop_id: 1,
      shop_domain: DOMAIN,
      customer: { id: 3, email: someBuyer, phone: null },
      orders_to_redact: [],
    });
    const asShopRedact = await sim.deliver(url(), 'shop/redact', DOMAIN, undefined, {
      body: redactBody,
    });
    expect(asShopRedact.status).toBe(400);
    // A data request must not erase the buyer it asks about.
    const requestBody = JSON.stringify({
      shop_id: 1,
      shop_domain: DOMAIN,
      customer: { id: 3, email: someBuyer, phone: null },
      orders_requested: [],
      data_request: { id: 1 },
    });
    const asRedact = await sim.deliver(url(), 'customers/redact', DOMAIN, undefined, {
      body: requestBody,
    });
    expect(asRedact.status).toBe(400);
    // An order body as app/uninstalled, a shop body naming another shop, an unknown topic.
    const otherShop = JSON.stringify({
      id: 1,
      name: 'Second',
      myshopify_domain: 'second-shop.myshopify.com',
    });
    const elsewhere = await sim.deliver(url(), 'app/uninstalled', DOMAIN, undefined, {
      body: otherShop,
    });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body).toEqual({
      error: 'The webhook body does not name the shop in X-Shopify-Shop-Domain.',
    });
    const unknown = await sim.deliver(url(), 'shop/delete', DOMAIN, undefined, {
      body: requestBody,
    });
    expect(unknown.status).toBe(400);
    expect(await shopRow()).toMatchObject({ status: 'connected' });
    expect(await rowsOf(shopId)).toHaveLength(before);
  });
});

describe('an order moving on after its payment (fulfilled, delivered, cancelled, refunded)', () => {
  const url = () => `${app.url}/api/shopify/webhook`;
  /** The Admin API reads of one order's details, as Shopify saw them. */
  const readsOf = (orderId: number) =>
    sim.requests.filter(
      (r) =>
        r.path.endsWith('/graphql.json') &&
        r.body.includes('legacyResourceId') &&
        r.body.includes(`gid://shopify/Order/${orderId}`),
    );
  // Orders without an address: recorded and skipped, so these tests use none of the Starter
  // plan's daily emails, which later tests count on.
  const unaddressed = () => sim.order({ email: null, contact_email: null, customer: null });
  const recorded = async (orderId: number) =>
    (
      await app.ctx.db
        .select()
        .from(orderEmails)
        .where(
          and(eq(orderEmails.shopId, shopId), eq(orderEmails.marketplaceOrderId, String(orderId))),
        )
    )[0];

  test('each new topic’s signed delivery has the order read again with the shop’s token', async () => {
    const order = unaddressed();
    await sim.emit(DOMAIN, 'orders/paid', order);
    await app.idle();
    const shippedAt = new Date(Date.now() - 60_000);
    const fulfilled = await sim.fulfil(
      DOMAIN,
      order,
      {
        number: '1Z999AA10123456784',
        url: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
      },
      shippedAt,
    );
    expect(fulfilled.map((r) => r.status)).toEqual([200, 200]);
    expect(fulfilled.map((r) => r.body)).toEqual([
      { ok: true, handled: 'order change queued' },
      { ok: true, handled: 'order change queued' },
    ]);
    await app.idle();
    expect(readsOf(order.id).length).toBe(2);
    expect(
      readsOf(order.id).every((r) =>
        String(r.headers['x-shopify-access-token']).startsWith('shpat_'),
      ),
    ).toBe(true);
    for (const step of [
      () => sim.markDelivered(DOMAIN, order),
      () => sim.refund(DOMAIN, order),
      () => sim.cancel(DOMAIN, order),
    ]) {
      const before = readsOf(order.id).length;
      const results = await step();
      expect(results.map((r) => r.status)).toEqual([200]);
      await app.idle();
      expect(readsOf(order.id).length).toBe(before + 1);
    }
  });

  test('an order first heard of as fulfilled is read and recorded with its shipment', async () => {
    const order = sim.place(DOMAIN, unaddressed());
    const shippedAt = new Date(Date.now() - 120_000);
    await sim.fulfil(
      DOMAIN,
      order,
      { number: 'JD014600003828340000', url: 'https://carrier.example/track/JD014600003828340000' },
      shippedAt,
    );
    await app.idle();
    const row = await recorded(order.id);
    expect(row!.order).toMatchObject({
      isPaid: true,
      orderNumber: order.name,
      trackingNumber: 'JD014600003828340000',
      trackingUrl: 'https://carrier.example/track/JD014600003828340000',
      shippedAt: shippedAt.toISOString(),
      deliveredAt: null,
      cancelledAt: null,
    });
  });

  test('a forged delivery of a new topic is refused and reads nothing', async () => {
    const order = sim.place(DOMAIN, unaddressed());
    for (const topic of ['orders/fulfilled', 'orders/updated', 'orders/cancelled']) {
      const forged = await sim.deliver(url(), topic, DOMAIN, order, { secret: 'not-the-secret' });
      expect(forged.status).toBe(401);
    }
    const refund = { id: 77, order_id: order.id, created_at: new Date().toISOString() };
    const forgedRefund = await sim.deliver(url(), 'refunds/create', DOMAIN, refund, {
      secret: 'not-the-secret',
    });
    expect(forgedRefund.status).toBe(401);
    await app.idle();
    expect(readsOf(order.id)).toEqual([]);
    expect(await recorded(order.id)).toBeUndefined();
  });

  test('a signed change of one shop’s order replayed for another shop records nothing', async () => {
    const order = sim.place(DOMAIN, unaddressed());
    await sim.fulfil(DOMAIN, order, { number: 'X1', url: 'https://carrier.example/track/X1' });
    await app.idle();
    const genuine = sim.deliveries.find(
      (d) => d.topic === 'orders/updated' && d.body.includes(String(order.id)),
    )!;
    const [second] = await app.ctx.db
      .select()
      .from(shops)
      .where(eq(shops.externalId, 'second-shop.myshopify.com'));
    const replay = await sim.deliver(
      url(),
      'orders/updated',
      'second-shop.myshopify.com',
      undefined,
      {
        body: genuine.body,
      },
    );
    // Accepted (the signature is genuine) and read with the second shop's token: not its order.
    expect(replay.status).toBe(200);
    await app.idle();
    expect(await rowsOf(second!.id)).toEqual([]);
  });

  test('a refund body names its order by order_id; a body without one is refused', async () => {
    const noOrder = await sim.deliver(url(), 'refunds/create', DOMAIN, { id: 5 });
    expect(noOrder.status).toBe(400);
    // An order body is not a refund body, and a refund body is not an order body.
    const order = sim.order();
    expect((await sim.deliver(url(), 'refunds/create', DOMAIN, order)).status).toBe(400);
    expect(
      (await sim.deliver(url(), 'orders/cancelled', DOMAIN, { id: 6, order_id: order.id })).status,
    ).toBe(400);
  });
});

describe('privacy webhooks and uninstalling', () => {
  let buyerA: string;
  let buyerB: string;

  test('customers/data_request emails the seller what Thankly holds about the buyer', async () => {
    buyerA = 'privacy.a@example.com';
    buyerB = 'privacy.b@example.com';
    for (const email of [buyerA, buyerB])
      await sim.emit(
        DOMAIN,
        'orders/paid',
        sim.order({ email, customer: { id: 3, email, first_name: 'Pat', last_name: 'Doe' } }),
      );
    await waitForActivity(seller.client, (items) =>
      [buyerA, buyerB].every((e) => items.some((i) => i.buyerEmail === e && i.state === 'sent')),
    );
    await app.ctx.db.insert(unsubscribes).values({ shopId, email: buyerA });
    const answer = await sim.privacy('customers/data_request', DOMAIN, {
      customer: { id: 3, email: buyerA, phone: null },
      orders_requested: [],
      data_request: { id: 9999 },
    });
    expect(answer.status).toBe(200);
    const report = await app.mail.waitFor(
      (m) =>
        m.to.includes(seller.email) &&
        m.subject === 'Customer data request from Shopify for Juniper & Clay',
    );
    expect(report.text).toContain(buyerA);
    expect(report.text).toContain('request 9999');
    expect(report.text).toContain('unsubscribed');
    expect(report.text).not.toContain(buyerB);
  });

  test('customers/redact deletes that buyer’s orders and unsubscribe, and nothing else', async () => {
    const forged = await sim.deliver(
      sim.complianceUrl,
      'customers/redact',
      DOMAIN,
      {
        shop_domain: DOMAIN,
        customer: { email: buyerB },
      },
      { secret: 'wrong' },
    );
    expect(forged.status).toBe(401);
    const answer = await sim.privacy('customers/redact', DOMAIN, {
      customer: { id: 3, email: buyerA, phone: null },
      orders_to_redact: [],
    });
    expect(answer.status).toBe(200);
    const rows = await rowsOf(shopId);
    expect(rows.some((r) => r.buyerEmail === buyerA)).toBe(false);
    expect(rows.some((r) => r.buyerEmail === buyerB)).toBe(true);
    expect(
      await app.ctx.db.select().from(unsubscribes).where(eq(unsubscribes.shopId, shopId)),
    ).toEqual([]);
  });

  test('app/uninstalled disconnects the shop; later orders are not recorded', async () => {
    await sim.uninstall(DOMAIN);
    const { shops: list } = (await seller.client.get('/api/shops')).body;
    expect(list.find((s: { id: string }) => s.id === shopId)).toMatchObject({
      status: 'disconnected',
      statusReason: 'Thankly was uninstalled from this Shopify store.',
    });
    const before = (await rowsOf(shopId)).length;
    const late = await sim.deliver(
      `${app.url}/api/shopify/webhook`,
      'orders/paid',
      DOMAIN,
      sim.order(),
    );
    expect(late.body).toMatchObject({ handled: 'shop disconnected' });
    expect(await rowsOf(shopId)).toHaveLength(before);
  });

  test('shop/redact deletes the shop and everything Thankly held for it', async () => {
    expect((await rowsOf(shopId)).length).toBeGreaterThan(0);
    const answer = await sim.privacy('shop/redact', DOMAIN, {});
    expect(answer.status).toBe(200);
    expect(await app.ctx.db.select().from(shops).where(eq(shops.id, shopId))).toEqual([]);
    expect(await rowsOf(shopId)).toEqual([]);
    // Shopify also asks about shops Thankly never knew, or already erased.
    expect((await sim.privacy('shop/redact', DOMAIN, {})).status).toBe(200);
  });
});
