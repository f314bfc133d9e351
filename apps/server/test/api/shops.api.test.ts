import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { shops, users } from '../../src/infrastructure/db/schema.ts';
import { ShopifySimulator } from '../support/shopify-simulator.ts';
import { WooCommerceSimulator } from '../support/woocommerce-simulator.ts';
import { type TestApp, type TestClient, startTestApp } from '../support/test-app.ts';

// The demo marketplace stands in for Etsy (no Etsy keys here); Shopify runs against its simulator.
let sim: ShopifySimulator;
let store: WooCommerceSimulator;
let app: TestApp;

beforeAll(async () => {
  sim = await new ShopifySimulator().start();
  store = await new WooCommerceSimulator().start();
  for (const name of ['cap-one', 'cap-two', 'cap-three'])
    sim.addShop(`${name}.myshopify.com`, `Shop ${name}`);
  app = await startTestApp(
    {},
    {
      env: {
        SHOPIFY_API_KEY: sim.apiKey,
        SHOPIFY_API_SECRET: sim.apiSecret,
        SHOPIFY_SHOP_URL: sim.shopUrlTemplate,
      },
    },
  );
  sim.redirectUris.add(`${app.url}/api/shopify/callback`);
});
afterAll(async () => {
  await app?.close();
  await sim?.stop();
  await store?.stop();
});

const locationOf = (response: { headers: Headers }) =>
  new URL(response.headers.get('location')!, app.url);
const shopsOf = async (client: TestClient) =>
  (await client.get('/api/shops')).body.shops as Array<{
    id: string;
    marketplace: string;
    status: string;
  }>;

/** Connect on the dashboard, then "Connect demo shop" on the demo consent page: its callback. */
async function demoCallback(client: TestClient): Promise<string> {
  const started = await client.get('/api/etsy/connect');
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const consent = await client.get(started.body.url.replace(app.url, ''));
  const approve = /href="([^"]*\/api\/etsy\/callback\?code=[^"]+)"/.exec(consent.body)![1]!;
  return approve.replace(/&amp;/g, '&').replace(app.url, '');
}

/** A Shopify install: connect, consent approved, and the signed callback in the seller's browser. */
async function installShopify(client: TestClient, shop: string) {
  const started = await client.post('/api/shopify/connect', { shop });
  if (started.status !== 200) return { started, landing: null };
  const consent = await fetch(started.body.url, { redirect: 'manual' });
  const callback = new URL(consent.headers.get('location')!);
  const done = await client.request('GET', callback.pathname + callback.search);
  return { started, landing: locationOf(done).searchParams };
}

async function sellerOn(plan: 'free' | 'growth' | 'business') {
  const seller = await app.seller();
  await app.ctx.db.update(users).set({ plan }).where(eq(users.id, seller.user.id));
  return seller;
}

describe('the demo shop’s callback and the seller’s session', () => {
  test('without a session it attaches nothing and asks to sign in; another account is refused; the right one connects', async () => {
    const seller = await app.seller();
    const callback = await demoCallback(seller.client);
    const anonymous = await app.client().request('GET', callback);
    expect(anonymous.status).toBe(302);
    expect(locationOf(anonymous).pathname).toBe('/login');
    const resume = locationOf(anonymous).searchParams.get('next')!;
    expect(resume).toMatch(/^\/api\/etsy\/callback\?/);
    expect(await shopsOf(seller.client)).toEqual([]);

    // Signing in and coming back to the same URL finishes it.
    const resumed = await seller.client.request('GET', resume);
    expect(locationOf(resumed).searchParams.get('connected')).toBe('Demo Shop');
    expect(await shopsOf(seller.client)).toHaveLength(1);

    // A link started by one seller, opened while signed in as another: refused, nothing attached.
    const starter = await app.seller();
    const stolen = await demoCallback(starter.client);
    const other = await app.seller();
    const refused = await other.client.request('GET', stolen);
    expect(locationOf(refused).searchParams.get('connect_error')).toBe(
      'This connection was started from another Thankly account, so nothing was connected. Sign in as the account that clicked Connect and start again.',
    );
    expect(await shopsOf(other.client)).toEqual([]);
    expect(await shopsOf(starter.client)).toEqual([]);
  });
});

describe('shops per plan', () => {
  const upgrade = /^Your Starter plan connects up to 1 shop - upgrade your plan to connect more/;

  test('Starter connects one shop; reconnecting it is no new slot; disconnecting frees the slot', async () => {
    const seller = await sellerOn('free');
    const first = await installShopify(seller.client, 'cap-one.myshopify.com');
    expect(first.landing?.get('connected')).toBe('Shop cap-one');

    // A second shop: refused before the seller is sent to Shopify, and by the demo's callback.
    const second = await seller.client.post('/api/shopify/connect', {
      shop: 'cap-two.myshopify.com',
    });
    expect(second.status).toBe(403);
    expect(second.body.error).toMatch(upgrade);
    const demo = await seller.client.get('/api/etsy/connect');
    expect(demo.status).toBe(403);
    expect(demo.body.error).toMatch(upgrade);
    expect(await shopsOf(seller.client)).toEqual([
      expect.objectContaining({ marketplace: 'shopify', status: 'connected' }),
    ]);

    // The same shop again (a reinstall) is not a new one.
    const again = await installShopify(seller.client, 'cap-one.myshopify.com');
    expect(again.landing?.get('connected')).toBe('Shop cap-one');
    expect(await shopsOf(seller.client)).toHaveLength(1);

    const [shop] = await shopsOf(seller.client);
    await seller.client.delete(`/api/shops/${shop!.id}`);
    const demoAfter = await seller.client.request('GET', await demoCallback(seller.client));
    expect(locationOf(demoAfter).searchParams.get('connected')).toBe('Demo Shop');
    // The disconnected shop coming back would now be a second connected one.
    const back = await seller.client.post('/api/shopify/connect', {
      shop: 'cap-one.myshopify.com',
    });
    expect(back.status).toBe(403);
  });

  test('a WooCommerce store over the cap is refused before Thankly touches the store', async () => {
    const seller = await sellerOn('free');
    const demo = await seller.client.request('GET', await demoCallback(seller.client));
    expect(locationOf(demo).searchParams.get('connected')).toBe('Demo Shop');
    const woo = await seller.client.post('/api/woocommerce/shops', {
      storeUrl: store.url,
      consumerKey: store.consumerKey,
      consumerSecret: store.consumerSecret,
    });
    expect(woo.status).toBe(403);
    expect(woo.body.error).toMatch(upgrade);
    expect(store.webhooks).toEqual([]);
  });

  test('Growth connects three shops and refuses the fourth', async () => {
    const seller = await sellerOn('growth');
    for (let i = 0; i < 3; i++) {
      const done = await seller.client.request('GET', await demoCallback(seller.client));
      expect(locationOf(done).searchParams.get('connected')).toBe('Demo Shop');
    }
    const fourth = await seller.client.request('GET', await demoCallback(seller.client));
    expect(locationOf(fourth).searchParams.get('connect_error')).toMatch(
      /^Your Growth plan connects up to 3 shops - upgrade your plan/,
    );
    const shopify = await seller.client.post('/api/shopify/connect', {
      shop: 'cap-three.myshopify.com',
    });
    expect(shopify.status).toBe(403);
    expect(
      (await app.ctx.db.select().from(shops).where(eq(shops.userId, seller.user.id))).filter(
        (s) => s.status === 'connected',
      ),
    ).toHaveLength(3);
  });
});
