import { PURCHASE_MESSAGE_MAX_CHARS, PURCHASE_MESSAGE_TEXTS } from '@thankly/api-contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { purchaseMessages, shops } from '../../src/infrastructure/db/schema.ts';
import { pollShop } from '../../src/marketplace/ingest.ts';
import { EtsySimulator } from '../support/etsy-simulator.ts';
import { type TestApp, type TestClient, startTestApp } from '../support/test-app.ts';

let sim: EtsySimulator;
let app: TestApp;
let seller: { client: TestClient; user: { id: string } };
let shopId: string;

beforeAll(async () => {
  sim = await new EtsySimulator().start();
  app = await startTestApp(
    { dispatcher: { idleMs: 100 }, schedules: false },
    {
      env: {
        ETSY_KEYSTRING: sim.keystring,
        ETSY_SHARED_SECRET: sim.sharedSecret,
        ETSY_API_URL: sim.url,
        ETSY_AUTH_URL: `${sim.url}/oauth/connect`,
      },
    },
  );
  sim.redirectUris.add(`${app.url}/api/etsy/callback`);
  seller = await app.seller({ name: 'Nia Seller' });
  // What the seller wrote on Etsy before Thankly.
  sim.changeOnEtsy({ sale_message: 'Thanks for your order!', digital_sale_message: null });
  shopId = await sim.connectShop(seller.client);
});
afterAll(async () => {
  await app?.close();
  await sim?.stop();
});

const path = () => `/api/shops/${shopId}/purchase-message`;
const shopUpdates = () => sim.requests.filter((r) => r.method === 'PUT').length;
const storedRow = async () =>
  (await app.ctx.db.select().from(purchaseMessages).where(eq(purchaseMessages.shopId, shopId)))[0];

describe('the Etsy purchase message', () => {
  test('starts from what the shop has on Etsy, with the shop-level token values', async () => {
    const res = await seller.client.get(path());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: 'Thanks for your order!',
      digitalMessage: '',
      lastPushedAt: null,
      changedOnEtsy: null,
      reconnectReason: null,
      tokenValues: expect.objectContaining({
        'shop-name': 'Juniper & Clay',
        'shop-url': sim.shop.url,
        'review-link': 'https://www.etsy.com/your/purchases',
      }),
    });
    // Until Thankly saves it, the message follows Etsy's, with no change to report.
    sim.changeOnEtsy({ digital_sale_message: 'Your files are ready' });
    const again = await seller.client.get(path());
    expect(again.body).toMatchObject({
      message: 'Thanks for your order!',
      digitalMessage: 'Your files are ready',
      changedOnEtsy: null,
    });
  });

  test('a save fills in the shop tokens, reaches Etsy as JSON, and answers once Etsy holds it', async () => {
    const res = await seller.client.put(path(), {
      message: 'Thank you for shopping at [shop-name]!\nSee you soon.',
      digitalMessage: 'Your download is ready. Leave a review: [review-link]',
    });
    expect(res.status).toBe(200);
    expect(sim.shop.sale_message).toBe('Thank you for shopping at Juniper & Clay!\nSee you soon.');
    expect(sim.shop.digital_sale_message).toBe(
      'Your download is ready. Leave a review: https://www.etsy.com/your/purchases',
    );
    expect(res.body).toMatchObject({
      message: 'Thank you for shopping at [shop-name]!\nSee you soon.',
      changedOnEtsy: null,
    });
    expect(Date.parse(res.body.lastPushedAt)).not.toBeNaN();
    const update = sim.requests.filter((r) => r.method === 'PUT').at(-1)!;
    expect(update.path).toBe(`/v3/application/shops/${sim.shop.shop_id}`);
    expect(update.headers['content-type']).toBe('application/json');
    expect(update.headers['x-api-key']).toBe(`${sim.keystring}:${sim.sharedSecret}`);
    // Nothing changed on Etsy since: reading it again finds no difference.
    expect((await seller.client.get(path())).body.changedOnEtsy).toBeNull();
  });

  test('refuses order and buyer tokens, unknown tokens, tags, wrong types and huge bodies before Etsy hears of it', async () => {
    const before = shopUpdates();
    const put = (body: unknown) => seller.client.put(path(), body);
    const orderToken = await put({ message: 'Hi [customer-first-name]!', digitalMessage: '' });
    expect(orderToken.status).toBe(400);
    expect(orderToken.body.error).toContain('[customer-first-name]');
    expect(orderToken.body.error).toMatch(/every buyer/);
    const tracking = await put({ message: '', digitalMessage: 'Track: [tracking-link]' });
    expect(tracking.status).toBe(400);
    expect(tracking.body.error).toContain('[tracking-link]');
    const unknown = await put({ message: 'Hello [first-name]', digitalMessage: '' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toContain('[first-name]');
    const tags = await put({ message: '<b>Thanks</b>', digitalMessage: '' });
    expect(tags.status).toBe(400);
    expect(tags.body.error).toMatch(/plain text/);
    // Etsy's rule on reviews: nothing offered for one, no particular rating asked for.
    const reward = await put({
      message: 'Thanks! Leave us a review and get 10% off your next order: [coupon-code]',
      digitalMessage: '',
    });
    expect(reward.status).toBe(400);
    expect(reward.body.error).toMatch(/Etsy doesn’t allow offering anything for a review/);
    expect(reward.body.error).toContain('review and get 10% off');
    const fiveStars = await put({
      message: 'Loved it? Five-star reviews help!',
      digitalMessage: '',
    });
    expect(fiveStars.status).toBe(400);
    expect(fiveStars.body.error).toMatch(/particular rating \("Five-star"\)/);
    expect((await put({ message: 5, digitalMessage: '' })).status).toBe(400);
    expect((await put({ message: 'Hi' })).status).toBe(400);
    expect((await put({ message: 'Hi', digitalMessage: '', shop_id: 1 })).status).toBe(400);
    expect(
      (await put({ message: 'Hi', digitalMessage: '', overwriteEtsyChanges: 'yes' })).status,
    ).toBe(400);
    const huge = await put({ message: 'x'.repeat(100 * 1024), digitalMessage: '' });
    expect(huge.status).toBe(400);
    // Within the limit as typed, over it once [shop-name] is filled in: counted as buyers get it.
    const filled = await put({
      message: `${'x'.repeat(PURCHASE_MESSAGE_MAX_CHARS - 5)}[shop-name]`,
      digitalMessage: '',
    });
    expect(filled.status).toBe(400);
    expect(filled.body.error).toMatch(/at most 1,000/);
    expect(shopUpdates()).toBe(before);
    expect(sim.shop.sale_message).toBe('Thank you for shopping at Juniper & Clay!\nSee you soon.');
  });

  test('when Etsy fails, the seller is told and nothing is recorded as saved', async () => {
    const before = await storedRow();
    sim.failShopUpdatesWith = 500;
    try {
      const res = await seller.client.put(path(), { message: 'New words', digitalMessage: '' });
      expect(res.status).toBe(502);
      expect(res.body.error).toBe(PURCHASE_MESSAGE_TEXTS.etsyRefused);
    } finally {
      sim.failShopUpdatesWith = undefined;
    }
    const after = await storedRow();
    expect(after!.pushedMessage).toBe(before!.pushedMessage);
    expect(after!.lastPushedAt).toEqual(before!.lastPushedAt);
    expect(after!.message).toBe(before!.message);
  });

  test('a change made on Etsy shows when the seller opens it, and a save needs their choice to replace it', async () => {
    sim.changeOnEtsy({ sale_message: 'Edited on Etsy by hand' });
    const seen = await seller.client.get(path());
    expect(seen.body.changedOnEtsy).toEqual({
      message: 'Edited on Etsy by hand',
      digitalMessage: 'Your download is ready. Leave a review: https://www.etsy.com/your/purchases',
    });
    // Thankly's own text stays as the seller wrote it.
    expect(seen.body.message).toBe('Thank you for shopping at [shop-name]!\nSee you soon.');

    const before = shopUpdates();
    const refused = await seller.client.put(path(), { message: 'Mine', digitalMessage: '' });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(PURCHASE_MESSAGE_TEXTS.conflict);
    expect(refused.body.changedOnEtsy.message).toBe('Edited on Etsy by hand');
    expect(shopUpdates()).toBe(before);
    expect(sim.shop.sale_message).toBe('Edited on Etsy by hand');

    const replaced = await seller.client.put(path(), {
      message: 'Mine, from [shop-name]',
      digitalMessage: '',
      overwriteEtsyChanges: true,
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body.changedOnEtsy).toBeNull();
    expect(sim.shop.sale_message).toBe('Mine, from Juniper & Clay');
    expect(sim.shop.digital_sale_message).toBe('');
  });

  test('a change made on Etsy since the last poll is caught by the save itself', async () => {
    sim.changeOnEtsy({ digital_sale_message: 'Changed between polls' });
    const refused = await seller.client.put(path(), { message: 'Mine again', digitalMessage: '' });
    expect(refused.status).toBe(409);
    expect(sim.shop.digital_sale_message).toBe('Changed between polls');
  });

  test('a poll notices a change on Etsy; keeping Etsy’s version writes nothing to Etsy', async () => {
    // Resolve the change left by the previous test, then start from a fresh save.
    await seller.client.put(path(), {
      message: 'Thanks, [shop-name]',
      digitalMessage: 'Enjoy',
      overwriteEtsyChanges: true,
    });
    sim.changeOnEtsy({ sale_message: 'Holiday hours: we ship on Monday' });
    const shop = async () =>
      (await app.ctx.db.select().from(shops).where(eq(shops.id, shopId)))[0]!;
    const shopReads = () =>
      sim.requests.filter(
        (r) => r.method === 'GET' && r.path === `/v3/application/shops/${sim.shop.shop_id}`,
      ).length;

    // Just checked (at the save): a poll now does not spend a request on it.
    let reads = shopReads();
    await pollShop(app.ctx, await shop());
    expect(shopReads()).toBe(reads);
    expect((await storedRow())!.changedOnEtsyAt).toBeNull();

    await app.ctx.db
      .update(purchaseMessages)
      .set({ checkedAt: new Date(Date.now() - 60 * 60 * 1000) })
      .where(eq(purchaseMessages.shopId, shopId));
    reads = shopReads();
    await pollShop(app.ctx, await shop());
    expect(shopReads()).toBe(reads + 1);
    const row = await storedRow();
    expect(row!.changedOnEtsyAt).not.toBeNull();
    expect(row!.etsyMessage).toBe('Holiday hours: we ship on Monday');

    const before = shopUpdates();
    const kept = await seller.client.post(`${path()}/keep-etsy`);
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({
      message: 'Holiday hours: we ship on Monday',
      digitalMessage: 'Enjoy',
      changedOnEtsy: null,
    });
    expect(shopUpdates()).toBe(before);
    expect(sim.shop.sale_message).toBe('Holiday hours: we ship on Monday');
    // Etsy's text is now what Thankly compares with: no change to report.
    expect((await seller.client.get(path())).body.changedOnEtsy).toBeNull();
  });

  test('another seller’s shop, a malformed id and a shop on another marketplace are refused', async () => {
    const other = await app.seller();
    const before = shopUpdates();
    expect((await other.client.get(path())).status).toBe(404);
    expect((await other.client.put(path(), { message: 'Hijack', digitalMessage: '' })).status).toBe(
      404,
    );
    expect((await other.client.post(`${path()}/keep-etsy`)).status).toBe(404);
    expect((await seller.client.get('/api/shops/not-a-uuid/purchase-message')).status).toBe(404);
    expect(shopUpdates()).toBe(before);
    expect(sim.shop.sale_message).toBe('Holiday hours: we ship on Monday');

    const [woo] = await app.ctx.db
      .insert(shops)
      .values({
        userId: other.user.id,
        marketplace: 'woocommerce',
        externalId: 'https://store.example.com',
        name: 'Woo store',
      })
      .returning();
    const notEtsy = await other.client.get(`/api/shops/${woo!.id}/purchase-message`);
    expect(notEtsy.status).toBe(400);
    expect(notEtsy.body.error).toBe(PURCHASE_MESSAGE_TEXTS.notEtsy);
  });

  test('a shop connected before Thankly asked for shops_w is told to reconnect, and can save once it has', async () => {
    await app.ctx.db.update(shops).set({ grantedScopes: null }).where(eq(shops.id, shopId));
    const before = shopUpdates();
    const seen = await seller.client.get(path());
    expect(seen.status).toBe(200);
    expect(seen.body.reconnectReason).toBe(PURCHASE_MESSAGE_TEXTS.reconnect);
    const refused = await seller.client.put(path(), { message: 'Hi', digitalMessage: '' });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: PURCHASE_MESSAGE_TEXTS.reconnect, reconnect: true });
    expect(shopUpdates()).toBe(before);

    // Etsy itself refusing a token without shops_w says the same, and leaves the shop connected.
    sim.grantOnlyScopes = ['transactions_r', 'shops_r'];
    await sim.connectShop(seller.client);
    const byEtsy = await seller.client.put(path(), {
      message: 'Hi',
      digitalMessage: '',
      overwriteEtsyChanges: true,
    });
    expect(byEtsy.status).toBe(403);
    expect(byEtsy.body.reconnect).toBe(true);
    const [row] = await app.ctx.db.select().from(shops).where(eq(shops.id, shopId));
    expect(row!.status).toBe('connected');

    sim.grantOnlyScopes = undefined;
    await sim.connectShop(seller.client);
    expect((await seller.client.get(path())).body.reconnectReason).toBeNull();
    const saved = await seller.client.put(path(), {
      message: 'Hi from [shop-name]',
      digitalMessage: '',
    });
    expect(saved.status).toBe(200);
    expect(sim.shop.sale_message).toBe('Hi from Juniper & Clay');
  });
});
