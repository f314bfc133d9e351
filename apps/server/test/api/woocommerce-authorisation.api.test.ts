// Connecting a WooCommerce store in one click: WooCommerce's own application authorisation
// (/wc-auth/v1/authorize) creates the REST API key and sends it to Thankly; the store is connected
// when the seller's browser comes back. Run against the WooCommerce simulator's WC_Auth stand-in.
import { randomBytes } from 'node:crypto';
import { CONNECT_MESSAGES } from '@thankly/api-contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { appSecretKeys } from '../../src/infrastructure/config/app-secret.ts';
import { oauthStates, shops } from '../../src/infrastructure/db/schema.ts';
import { decryptSecret } from '../../src/infrastructure/crypto/credentials-crypto.ts';
import { WOO_API_MESSAGES } from '../../src/marketplace/woocommerce/woo-api.ts';
import { WooCommerceSimulator } from '../support/woocommerce-simulator.ts';
import { type TestApp, type TestClient, startTestApp } from '../support/test-app.ts';

let app: TestApp;
const stores: WooCommerceSimulator[] = [];
async function newStore() {
  const store = await new WooCommerceSimulator().start();
  stores.push(store);
  return store;
}

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
  for (const store of stores) await store.stop();
});

/** The seller asks to connect the store: the store's grant page, with our state in user_id. */
async function start(client: TestClient, storeUrl: string) {
  const response = await client.post('/api/woocommerce/authorize', { storeUrl });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  const url = new URL(response.body.url as string);
  return { url: url.toString(), state: url.searchParams.get('user_id')! };
}

/** Where the browser lands after following a redirect of ours: the dashboard's outcome. */
async function follow(client: TestClient, location: string) {
  const target = new URL(location, app.url);
  const response = await client.get(target.pathname + target.search);
  expect(response.status).toBe(302);
  return new URL(response.headers.get('location')!, app.url);
}

const shopsOf = async (client: TestClient) => (await client.get('/api/shops')).body.shops;
const stateRow = async (state: string) => {
  const { hashToken } = await import('../../src/auth/tokens.ts');
  const [row] = await app.ctx.db
    .select()
    .from(oauthStates)
    .where(eq(oauthStates.stateHash, hashToken(state)));
  return row;
};
const postKey = (body: unknown, headers: Record<string, string> = {}) =>
  app
    .client()
    .request(
      'POST',
      '/api/woocommerce/callback',
      typeof body === 'string' ? body : JSON.stringify(body),
      { 'content-type': 'application/json;charset=UTF-8', ...headers },
    );
const keyBody = (state: string, store: WooCommerceSimulator, overrides = {}) => ({
  key_id: 7,
  user_id: state,
  consumer_key: store.consumerKey,
  consumer_secret: store.consumerSecret,
  key_permissions: 'read_write',
  ...overrides,
});

describe('connecting a WooCommerce store by approving Thankly in the store', () => {
  test('approve: the store sends the key, and the seller’s return connects the store with it', async () => {
    const store = await newStore();
    const seller = await app.seller();
    const { url, state } = await start(seller.client, `${store.url}/`);
    const asked = new URL(url);
    expect(asked.origin + asked.pathname).toBe(`${store.url}/wc-auth/v1/authorize`);
    expect(Object.fromEntries(asked.searchParams)).toEqual({
      app_name: 'Thankly',
      scope: 'read_write',
      user_id: state,
      return_url: `${app.url}/api/woocommerce/return`,
      callback_url: `${app.url}/api/woocommerce/callback`,
    });
    expect(state).toMatch(/^[0-9a-f]{64}$/);
    // Nothing was asked of the store yet, and only the state's hash is kept.
    expect(store.requests).toEqual([]);
    expect((await stateRow(state))!.stateHash).not.toBe(state);

    const approved = await store.approve(url);
    expect(approved.status).toBe(302);
    expect(store.keyDeliveries.map((d) => d.status)).toEqual([200]);
    const [key] = store.issuedKeys;
    expect(key).toMatchObject({ permissions: 'read_write', appName: 'Thankly' });
    // One authenticated read with the key, and the store not yet connected: that waits for the seller.
    expect(store.requests.map((r) => r.path.split('?')[0])).toEqual([
      '/wc-auth/v1/authorize',
      '/wc-auth/v1/access_granted',
      '/wp-json/wc/v3/orders',
    ]);
    expect(store.requests[2]!.path).toContain(`oauth_consumer_key=${key!.consumerKey}`);
    expect(await shopsOf(seller.client)).toEqual([]);
    const waiting = await stateRow(state);
    expect(waiting!.receivedKeys).toMatch(/^v1\./);
    expect(waiting!.receivedKeys).not.toContain(key!.consumerSecret);

    const back = new URL(approved.location!);
    expect(back.origin + back.pathname).toBe(`${app.url}/api/woocommerce/return`);
    expect(back.searchParams.get('success')).toBe('1');
    expect(back.searchParams.get('user_id')).toBe(state);
    const landed = await follow(seller.client, approved.location!);
    expect(landed.pathname).toBe('/thankly');
    expect(landed.searchParams.get('connected')).toBe(new URL(store.url).host);

    const [shop] = await shopsOf(seller.client);
    expect(shop).toMatchObject({ marketplace: 'woocommerce', url: store.url, status: 'connected' });
    // Connected as with a key entered by hand: both webhooks, the key sealed, the state spent.
    expect(store.webhooks.map((w) => [w.topic, w.delivery_url])).toEqual([
      ['order.created', `${app.url}/api/woocommerce/webhook/${shop.id}`],
      ['order.updated', `${app.url}/api/woocommerce/webhook/${shop.id}`],
    ]);
    const [row] = await app.ctx.db.select().from(shops).where(eq(shops.id, shop.id));
    expect(row!.credentials).toMatch(/^v1\./);
    expect(row!.credentials).not.toContain(key!.consumerSecret);
    expect(
      JSON.parse(decryptSecret(row!.credentials!, appSecretKeys(app.ctx.config))),
    ).toMatchObject({ consumerKey: key!.consumerKey, consumerSecret: key!.consumerSecret });
    expect(await stateRow(state)).toBeUndefined();

    // The same return link again, and the same key posted again, connect nothing more.
    const again = await follow(seller.client, approved.location!);
    expect(again.searchParams.get('connect_error')).toBe(CONNECT_MESSAGES.expired);
    const before = store.requests.length;
    const replay = await postKey(store.keyDeliveries[0]!.body);
    expect(replay.status).toBe(400);
    expect(store.requests.length).toBe(before);
    expect(await shopsOf(seller.client)).toHaveLength(1);
  });

  test('deny: the seller is told nothing was connected, and the state is spent', async () => {
    const store = await newStore();
    const seller = await app.seller();
    const { url, state } = await start(seller.client, store.url);
    const deny = await store.denyLink(url);
    expect(new URL(deny).searchParams.get('success')).toBe('0');
    const landed = await follow(seller.client, deny);
    expect(landed.searchParams.get('connect_error')).toBe(CONNECT_MESSAGES.wooDeclined);
    expect(await stateRow(state)).toBeUndefined();
    // Approving afterwards on the same page: refused, so the store deletes the key it made.
    const late = await store.approve(url);
    expect(late.status).toBe(401);
    expect(store.keyDeliveries.map((d) => d.status)).toEqual([400]);
    expect(store.issuedKeys).toEqual([]);
    expect(await shopsOf(seller.client)).toEqual([]);
  });

  test('an expired state takes no key and connects nothing', async () => {
    const store = await newStore();
    const seller = await app.seller();
    const { url, state } = await start(seller.client, store.url);
    const { hashToken } = await import('../../src/auth/tokens.ts');
    await app.ctx.db
      .update(oauthStates)
      .set({ expiresAt: new Date(app.ctx.clock.now().getTime() - 1000) })
      .where(eq(oauthStates.stateHash, hashToken(state)));
    const approved = await store.approve(url);
    expect(approved.status).toBe(401);
    expect(store.issuedKeys).toEqual([]);
    // Only the store's own pages were asked for: an unknown state costs no call to the store.
    expect(store.requests.every((r) => r.path.startsWith('/wc-auth/'))).toBe(true);
    const landed = await follow(
      seller.client,
      `/api/woocommerce/return?success=1&user_id=${state}`,
    );
    expect(landed.searchParams.get('connect_error')).toBe(CONNECT_MESSAGES.expired);
    expect(await shopsOf(seller.client)).toEqual([]);
  });

  test('a forged state, or a key that does not read the store, is refused and nothing is kept', async () => {
    const store = await newStore();
    const seller = await app.seller();
    const forged = await postKey(keyBody(randomBytes(32).toString('hex'), store));
    expect(forged.status).toBe(400);
    expect(store.requests).toEqual([]);

    const { state } = await start(seller.client, store.url);
    const wrong = await postKey(
      keyBody(state, store, {
        consumer_key: `ck_${'1'.repeat(40)}`,
        consumer_secret: `cs_${'2'.repeat(40)}`,
      }),
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe(WOO_API_MESSAGES['bad-keys']);
    expect((await stateRow(state))!.receivedKeys).toBeNull();
    const readOnly = await postKey(keyBody(state, store, { key_permissions: 'read' }));
    expect(readOnly.status).toBe(400);
    expect((await stateRow(state))!.receivedKeys).toBeNull();
    // Returning "approved" without any key having arrived connects nothing.
    const landed = await follow(
      seller.client,
      `/api/woocommerce/return?success=1&user_id=${state}`,
    );
    expect(landed.searchParams.get('connect_error')).toBe(CONNECT_MESSAGES.wooKeyMissing);
    expect(await shopsOf(seller.client)).toEqual([]);
    expect(store.webhooks).toEqual([]);
  });

  test('another seller’s browser cannot finish the connection: nothing is attached to anyone', async () => {
    const store = await newStore();
    const owner = await app.seller();
    const other = await app.seller();
    const { url, state } = await start(owner.client, store.url);
    // Another seller's "declined" leaves the owner's state alone.
    const declined = await follow(
      other.client,
      `/api/woocommerce/return?success=0&user_id=${state}`,
    );
    expect(declined.searchParams.get('connect_error')).toBe(CONNECT_MESSAGES.wooDeclined);
    expect(await stateRow(state)).toBeDefined();

    const approved = await store.approve(url);
    expect(approved.status).toBe(302);
    const landed = await follow(other.client, approved.location!);
    expect(landed.searchParams.get('connect_error')).toBe(CONNECT_MESSAGES.otherAccount);
    expect(await shopsOf(other.client)).toEqual([]);
    expect(await shopsOf(owner.client)).toEqual([]);
    expect(store.webhooks).toEqual([]);
    // Spent: the owner starts again.
    const late = await follow(owner.client, approved.location!);
    expect(late.searchParams.get('connect_error')).toBe(CONNECT_MESSAGES.expired);
    // Without a session, only the way to sign in; the route itself needs one.
    expect(
      (await app.client().post('/api/woocommerce/authorize', { storeUrl: store.url })).status,
    ).toBe(401);
  });

  test('back without a session: sign in first, then the same return connects the store', async () => {
    const store = await newStore();
    const seller = await app.seller();
    const { url, state } = await start(seller.client, store.url);
    const approved = await store.approve(url);
    const signIn = await follow(app.client(), approved.location!);
    expect(signIn.pathname).toBe('/login');
    const next = signIn.searchParams.get('next')!;
    expect(next).toBe(`/api/woocommerce/return?success=1&user_id=${state}`);
    const landed = await follow(seller.client, next);
    expect(landed.searchParams.get('connected')).toBe(new URL(store.url).host);
  });

  test('a store already connected to another account is refused before the seller is sent there', async () => {
    const store = await newStore();
    const owner = await app.seller();
    const { url } = await start(owner.client, store.url);
    await follow(owner.client, (await store.approve(url)).location!);
    const other = await app.seller();
    const taken = await other.client.post('/api/woocommerce/authorize', { storeUrl: store.url });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toBe(CONNECT_MESSAGES.takenShop);
  });
});

describe('hostile input', () => {
  test('the store address is checked like the manual path’s: no private or metadata address', async () => {
    const seller = await app.seller();
    for (const body of [
      {},
      { storeUrl: 42 },
      { storeUrl: '' },
      { storeUrl: 'ftp://shop.example.com' },
      { storeUrl: `https://${'a'.repeat(300)}.example.com` },
      { storeUrl: ['https://shop.example.com'] },
    ]) {
      const response = await seller.client.post('/api/woocommerce/authorize', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(typeof response.body.error).toBe('string');
    }
    // Production refuses what the local simulator needs here (loopback), as the manual path does.
    // (A seller of its own: each attempt counts against the hourly store-address allowance.)
    const prober = await app.seller();
    const env = app.ctx.config.env;
    app.ctx.config.env = 'production';
    try {
      for (const storeUrl of [
        'http://127.0.0.1:8080',
        'http://169.254.169.254',
        'http://10.0.0.1',
        'http://localhost:3000',
      ]) {
        const response = await prober.client.post('/api/woocommerce/authorize', { storeUrl });
        expect(response.status, storeUrl).toBe(400);
        expect(response.body.error).toBe(WOO_API_MESSAGES['not-public']);
        const manual = await prober.client.post('/api/woocommerce/shops', {
          storeUrl,
          consumerKey: `ck_${'1'.repeat(40)}`,
          consumerSecret: `cs_${'2'.repeat(40)}`,
        });
        expect(manual.body.error).toBe(WOO_API_MESSAGES['not-public']);
      }
    } finally {
      app.ctx.config.env = env;
    }
    const states = await app.ctx.db
      .select()
      .from(oauthStates)
      .where(eq(oauthStates.userId, prober.user.id));
    expect(states).toEqual([]);
  });

  test('the key delivery refuses a huge body, wrong types and anything but JSON', async () => {
    const store = await newStore();
    const seller = await app.seller();
    const { state } = await start(seller.client, store.url);
    const huge = await postKey(keyBody(state, store, { padding: 'x'.repeat(20_000) }));
    expect(huge.status).toBe(413);
    for (const body of [
      'not json',
      '[]',
      'null',
      keyBody(state, store, { user_id: 12345 }),
      keyBody(state, store, { user_id: [state] }),
      keyBody(state, store, { key_id: 'abc' }),
      keyBody(state, store, { consumer_key: 'sk_live_123456789' }),
      keyBody(state, store, { consumer_secret: { $gt: '' } }),
      keyBody(state, store, { key_permissions: 'admin' }),
      keyBody(state, store, { consumer_key: `ck_abc\r\ndef12345` }),
      keyBody('../../etc/passwd', store),
    ]) {
      const response = await postKey(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    expect(store.requests).toEqual([]);
    expect((await stateRow(state))!.receivedKeys).toBeNull();
    for (const query of [
      '',
      '?success=1',
      '?success=2&user_id=x',
      `?success=yes&user_id=${state}`,
    ]) {
      const landed = await follow(seller.client, `/api/woocommerce/return${query}`);
      expect(landed.searchParams.get('connect_error'), query).toBe(CONNECT_MESSAGES.incomplete);
    }
    expect(await stateRow(state)).toBeDefined();
    expect(await shopsOf(seller.client)).toEqual([]);
  });
});
