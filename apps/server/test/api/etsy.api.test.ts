import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { orderEmails, sendingPauses, shops, users } from '../../src/infrastructure/db/schema.ts';
import { SKIP_REASONS } from '../../src/orders/skip-reasons.ts';
import { consumeApiBudget } from '../../src/marketplace/api-budget.ts';
import { BudgetExhaustedError } from '../../src/marketplace/marketplace-adapter.ts';
import { pollDueShops } from '../../src/marketplace/ingest.ts';
import { EtsySimulator } from '../support/etsy-simulator.ts';
import { selectDefaultTemplate, settled, waitForActivity } from '../support/sending-helpers.ts';
import { type TestApp, type TestClient, startTestApp } from '../support/test-app.ts';

let sim: EtsySimulator;
let app: TestApp;
let seller: { client: TestClient; email: string; user: { id: string } };
let shopId: string;

beforeAll(async () => {
  // Short-lived access tokens, so every call exercises refresh and rotation.
  sim = await new EtsySimulator({ accessTokenSeconds: 120 }).start();
  app = await startTestApp(
    { dispatcher: { idleMs: 100 }, schedules: false },
    {
      env: {
        ETSY_KEYSTRING: sim.keystring,
        ETSY_SHARED_SECRET: sim.sharedSecret,
        ETSY_API_URL: sim.url,
        ETSY_AUTH_URL: `${sim.url}/oauth/connect`,
        ETSY_WEBHOOK_SECRET: sim.webhookSecret,
      },
    },
  );
  sim.redirectUris.add(`${app.url}/api/etsy/callback`);
  seller = await app.seller({ name: 'Nia Seller' });
  await selectDefaultTemplate(seller.client);
});
afterAll(async () => {
  await app?.close();
  await sim?.stop();
});

const dueNow = () =>
  app.ctx.db
    .update(shops)
    .set({ nextPollAt: new Date(0) })
    .where(eq(shops.id, shopId));

describe('connecting an Etsy shop', () => {
  test('the callback needs the session of the seller who started it: sign in and it resumes; another account attaches nothing', async () => {
    const callbackOf = async (client: TestClient) => {
      const { url } = (await client.get('/api/etsy/connect')).body as { url: string };
      const consent = await fetch(url, { redirect: 'manual' });
      const callback = new URL(consent.headers.get('location')!);
      return callback.pathname + callback.search;
    };
    const shopsOf = async (client: TestClient) => (await client.get('/api/shops')).body.shops;

    // A consent link started by a new seller, approved in a browser where nobody is signed in.
    const other = await app.seller();
    const phished = await callbackOf(other.client);
    const anonymous = await app.client().request('GET', phished);
    expect(anonymous.status).toBe(302);
    const login = new URL(anonymous.headers.get('location')!, app.url);
    expect(login.pathname).toBe('/login');
    const next = new URL(login.searchParams.get('next')!, app.url);
    expect(next.pathname).toBe('/api/etsy/callback');
    expect(Object.fromEntries(next.searchParams)).toEqual(
      Object.fromEntries(new URL(phished, app.url).searchParams),
    );
    expect(await shopsOf(other.client)).toEqual([]);
    // The same link in another seller's browser is refused, and spent: nothing is attached.
    const before = await shopsOf(seller.client);
    const elsewhere = await seller.client.request('GET', phished);
    expect(
      new URL(elsewhere.headers.get('location')!, app.url).searchParams.get('connect_error'),
    ).toBe(
      'This connection was started from another Thankly account, so nothing was connected. Sign in as the account that clicked Connect and start again.',
    );
    expect(await shopsOf(seller.client)).toEqual(before);
    expect(await shopsOf(other.client)).toEqual([]);
    const spent = await other.client.request('GET', phished);
    expect(
      new URL(spent.headers.get('location')!, app.url).searchParams.get('connect_error'),
    ).toMatch(/expired or was already used/);

    // The seller's own link, approved while signed out: after signing in, the same URL connects.
    const own = await callbackOf(seller.client);
    const signedOut = await app.client().request('GET', own);
    const resume = new URL(signedOut.headers.get('location')!, app.url).searchParams.get('next')!;
    const resumed = await seller.client.request('GET', resume);
    expect(new URL(resumed.headers.get('location')!, app.url).searchParams.get('connected')).toBe(
      'Juniper & Clay',
    );
  });

  test('runs OAuth 2.0 with PKCE and stores the shop with encrypted tokens', async () => {
    const { url } = (await seller.client.get('/api/etsy/connect')).body as { url: string };
    const authorize = new URL(url);
    expect(authorize.origin + authorize.pathname).toBe(`${sim.url}/oauth/connect`);
    expect(Object.fromEntries(authorize.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: sim.keystring,
      redirect_uri: `${app.url}/api/etsy/callback`,
      scope: 'transactions_r shops_r shops_w',
      code_challenge_method: 'S256',
    });
    expect(authorize.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);

    const consent = await fetch(url, { redirect: 'manual' });
    expect(consent.status).toBe(302);
    const callback = new URL(consent.headers.get('location')!);
    const done = await seller.client.request('GET', callback.pathname + callback.search);
    expect(done.status).toBe(302);
    expect(new URL(done.headers.get('location')!, app.url).searchParams.get('connected')).toBe(
      'Juniper & Clay',
    );

    const { shops: list } = (await seller.client.get('/api/shops')).body;
    expect(list).toEqual([
      expect.objectContaining({
        marketplace: 'etsy',
        name: 'Juniper & Clay',
        url: sim.shop.url,
        status: 'connected',
        isDemo: false,
      }),
    ]);
    shopId = list[0].id;
    const [row] = await app.ctx.db.select().from(shops).where(eq(shops.id, shopId));
    expect(row!.credentials).toMatch(/^v1\./);
    expect(row!.credentials).not.toContain(String(sim.shop.user_id));

    // Every API call carried the combined key; the authorisation code cannot be used again.
    const apiCalls = sim.requests.filter((r) => r.path.startsWith('/v3/'));
    expect(apiCalls.length).toBeGreaterThanOrEqual(3);
    expect(
      apiCalls.every((r) => r.headers['x-api-key'] === `${sim.keystring}:${sim.sharedSecret}`),
    ).toBe(true);
    const replay = await seller.client.request('GET', callback.pathname + callback.search);
    expect(
      new URL(replay.headers.get('location')!, app.url).searchParams.get('connect_error'),
    ).toBeTruthy();
  });

  test('a declined consent comes back as a message on the dashboard', async () => {
    const other = await app.seller();
    const { url } = (await other.client.get('/api/etsy/connect')).body;
    const state = new URL(url).searchParams.get('state')!;
    const back = await other.client.request(
      'GET',
      `/api/etsy/callback?error=access_denied&state=${state}`,
    );
    expect(new URL(back.headers.get('location')!, app.url).searchParams.get('connect_error')).toBe(
      'You declined the connection.',
    );
    // Words in the URL are not shown to the seller as if Thankly said them.
    const spoofed = await other.client.request(
      'GET',
      `/api/etsy/callback?${new URLSearchParams({ state, error: 'server_error', error_description: 'Your account is suspended: call +1 555 0100' })}`,
    );
    expect(
      new URL(spoofed.headers.get('location')!, app.url).searchParams.get('connect_error'),
    ).toBe('The connection was not completed.');
  });
});

describe('detecting paid orders', () => {
  test('a signed order.paid webhook fetches the receipt and emails the buyer once, replays included', async () => {
    const receipt = sim.addReceipt({ name: 'Maya Okafor', buyer_email: 'maya.okafor@example.com' });
    const webhookId = 'msg_first_delivery';
    const first = await sim.deliverOrderPaid(`${app.url}/api/etsy/webhook`, receipt.receipt_id, {
      id: webhookId,
    });
    expect(first.status).toBe(200);
    const [item] = await waitForActivity(seller.client, settled(1));
    expect(item).toMatchObject({
      state: 'sent',
      orderNumber: String(receipt.receipt_id),
      buyerEmail: 'maya.okafor@example.com',
    });
    const mail = await app.mail.waitFor((m) => m.to.includes('maya.okafor@example.com'));
    expect(mail.subject).toBe('Thank you, Maya!');
    expect(mail.html).toContain(String(receipt.receipt_id));
    expect(mail.html).toContain('Juniper &amp; Clay');

    // Etsy retries with the same id; a poll sees the order too.
    expect(
      (
        await sim.deliverOrderPaid(`${app.url}/api/etsy/webhook`, receipt.receipt_id, {
          id: webhookId,
        })
      ).status,
    ).toBe(200);
    expect(
      (await sim.deliverOrderPaid(`${app.url}/api/etsy/webhook`, receipt.receipt_id)).status,
    ).toBe(200);
    await dueNow();
    await pollDueShops(app.ctx);
    await app.idle();
    expect(app.mail.messages.filter((m) => m.to.includes('maya.okafor@example.com'))).toHaveLength(
      1,
    );
    expect(
      await app.ctx.db.select().from(orderEmails).where(eq(orderEmails.shopId, shopId)),
    ).toHaveLength(1);
  });

  test('a bad or stale signature is refused and stores nothing', async () => {
    const receipt = sim.addReceipt({ buyer_email: 'forged@example.com' });
    const forged = await sim.deliverOrderPaid(`${app.url}/api/etsy/webhook`, receipt.receipt_id, {
      secret: `whsec_${Buffer.from('not the secret').toString('base64')}`,
    });
    expect(forged.status).toBe(400);
    const stale = await sim.deliverOrderPaid(`${app.url}/api/etsy/webhook`, receipt.receipt_id, {
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    });
    expect(stale.status).toBe(400);
    const unsigned = await fetch(`${app.url}/api/etsy/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(unsigned.status).toBe(400);
    await app.idle();
    const rows = await app.ctx.db
      .select()
      .from(orderEmails)
      .where(eq(orderEmails.marketplaceOrderId, String(receipt.receipt_id)));
    expect(rows).toEqual([]);
  });

  test('polling pages through changed paid receipts, skips unpaid ones, and backs off on 429', async () => {
    const before = (
      await app.ctx.db.select().from(orderEmails).where(eq(orderEmails.shopId, shopId))
    ).length;
    const base = Math.floor(Date.now() / 1000) + 5;
    for (let i = 0; i < 130; i++)
      sim.addReceipt({ buyer_email: `buyer${i}@example.com`, name: `Buyer ${i}` }, base + i);
    sim.addReceipt({ is_paid: false, status: 'open', buyer_email: 'unpaid@example.com' }, base);
    sim.throttleNext(2, 1);
    await dueNow();
    const listCallsBefore = sim.requests.filter((r) => r.path.includes('/receipts?')).length;
    await pollDueShops(app.ctx);

    const listCalls = sim.requests
      .filter((r) => r.path.includes('/receipts?'))
      .slice(listCallsBefore);
    expect(listCalls.length).toBeGreaterThanOrEqual(2);
    const query = new URL(listCalls.at(-1)!.path, sim.url).searchParams;
    expect(Object.fromEntries(query)).toMatchObject({
      was_paid: 'true',
      sort_on: 'updated',
      sort_order: 'asc',
      limit: '100',
    });
    const rows = await app.ctx.db.select().from(orderEmails).where(eq(orderEmails.shopId, shopId));
    // The 130 new receipts, and the real paid order whose forged webhook was refused earlier.
    expect(rows.length - before).toBe(131);
    expect(rows.some((r) => r.buyerEmail === 'unpaid@example.com')).toBe(false);
    const [shop] = await app.ctx.db.select().from(shops).where(eq(shops.id, shopId));
    expect(shop!.pollCursor).toBe(base + 129);
    expect(shop!.nextPollAt.getTime()).toBeGreaterThan(Date.now() + 200_000);
  });

  test('a receipt without the buyer’s email is skipped with Etsy’s reason', async () => {
    const receipt = sim.addReceipt({ buyer_email: null, name: 'Hidden Buyer' });
    await sim.deliverOrderPaid(`${app.url}/api/etsy/webhook`, receipt.receipt_id);
    const items = await waitForActivity(seller.client, (list) =>
      list.some((i) => i.orderNumber === String(receipt.receipt_id) && i.state !== 'pending'),
    );
    const item = items.find((i) => i.orderNumber === String(receipt.receipt_id))!;
    expect(item.state).toBe('skipped');
    expect(item.reason).toMatch(/^Etsy did not share this buyer’s email address with Thankly/);
    expect(item.reason).toMatch(/Thank them with a printed card or an Etsy message instead\.$/);
    expect(item).toMatchObject({ byHand: 'no-buyer-email', thankedBy: null });
    // The thank-you as a message to paste into Etsy, with the order's page in the seller's Etsy.
    const message = await seller.client.get(`/api/orders/${item.id}/message`);
    expect(message.body).toMatchObject({
      marketplace: 'etsy',
      orderUrl: `https://www.etsy.com/your/orders/sold?order_id=${receipt.receipt_id}`,
    });
    expect(message.body.text).toContain('Hi Hidden,');
  });

  test('the card goes into the parcel on the day Etsy says it ships; a download ships nothing', async () => {
    const now = Math.floor(Date.now() / 1000);
    const item = (title: string, extra: object) => ({
      transaction_id: now,
      title,
      quantity: 1,
      paid_timestamp: now,
      ...extra,
    });
    const shipsToday = sim.addReceipt({
      buyer_email: null,
      name: 'Parcel Today',
      transactions: [
        item('Mug', { expected_ship_date: now + 5 * 86_400 }),
        item('Coaster', { expected_ship_date: now - 60 }),
      ],
    });
    const shipsLater = sim.addReceipt({
      buyer_email: null,
      name: 'Parcel Later',
      transactions: [item('Vase', { expected_ship_date: now + 5 * 86_400 })],
    });
    const download = sim.addReceipt({
      buyer_email: null,
      name: 'Only Download',
      transactions: [item('Pattern PDF', { is_digital: true, expected_ship_date: now })],
    });
    for (const receipt of [shipsToday, shipsLater, download])
      await sim.deliverOrderPaid(`${app.url}/api/etsy/webhook`, receipt.receipt_id);
    const numbers = [shipsToday, shipsLater, download].map((r) => String(r.receipt_id));
    const items = await waitForActivity(seller.client, (list) =>
      numbers.every((n) => list.some((i) => i.orderNumber === n && i.state !== 'pending')),
    );
    const ids = numbers.map((n) => items.find((i) => i.orderNumber === n)!.id);
    const chosen = await seller.client.get(`/api/cards?ids=${ids.join(',')}`);
    expect(chosen.status).toBe(200);
    const shipBy = (id: string) =>
      (
        chosen.body.cards as Array<{
          orderId: string;
          shipBy: string | null;
          shipBySource: string | null;
        }>
      ).find((c) => c.orderId === id);
    const day = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);
    // The earliest date among the physical items decides: the coaster ships today (UTC seller).
    expect(shipBy(ids[0]!)).toMatchObject({ shipBy: day(now - 60), shipBySource: 'marketplace' });
    expect(shipBy(ids[1]!)).toMatchObject({
      shipBy: day(now + 5 * 86_400),
      shipBySource: 'marketplace',
    });
    expect(shipBy(ids[2]!)).toMatchObject({ shipBy: null });
    // Of this seller's waiting parcels, only the coaster's is due today.
    expect((await seller.client.get('/api/cards?batch=ship-today')).body.toShip).toBe(1);
  });
});

describe('pausing', () => {
  test('a pause covers the orders paid during it, judged by when Etsy says they were paid', async () => {
    const now = Math.floor(Date.now() / 1000);
    const hour = 3_600;
    // Sending was paused from two hours ago until one hour ago.
    const [pause] = await app.ctx.db
      .insert(sendingPauses)
      .values({
        userId: seller.user.id,
        pausedAt: new Date((now - 2 * hour) * 1000),
        resumedAt: new Date((now - hour) * 1000),
      })
      .returning();
    await app.ctx.db.update(users).set({ plan: 'business' }).where(eq(users.id, seller.user.id));
    const paidAt = (receipt: ReturnType<EtsySimulator['addReceipt']>, at: number) => {
      receipt.transactions = receipt.transactions.map((t) => ({ ...t, paid_timestamp: at }));
      return receipt;
    };
    try {
      // Made before the pause, paid during it: the pause holds it back.
      const duringPause = paidAt(
        sim.addReceipt({ buyer_email: 'paid-during-pause@example.com' }, now - 3 * hour),
        now - 90 * 60,
      );
      // Made during the pause, paid after it ended: it is thanked.
      const afterPause = paidAt(
        sim.addReceipt({ buyer_email: 'paid-after-pause@example.com' }, now - 90 * 60),
        now - 30 * 60,
      );
      for (const receipt of [duringPause, afterPause])
        await sim.deliverOrderPaid(`${app.url}/api/etsy/webhook`, receipt.receipt_id);
      await app.idle();

      const statusOf = async (receipt: { receipt_id: number }) => {
        const [row] = await app.ctx.db
          .select()
          .from(orderEmails)
          .where(eq(orderEmails.marketplaceOrderId, String(receipt.receipt_id)));
        return [row?.status, row?.reason];
      };
      expect(await statusOf(duringPause)).toEqual(['skipped', SKIP_REASONS.paused]);
      expect(await statusOf(afterPause)).toEqual(['sent', null]);
    } finally {
      await app.ctx.db.delete(sendingPauses).where(eq(sendingPauses.id, pause!.id));
      await app.ctx.db.update(users).set({ plan: 'free' }).where(eq(users.id, seller.user.id));
    }
  });
});

describe('keeping the grant alive', () => {
  test('refreshes expiring tokens and stores each rotated refresh token', async () => {
    const refreshesBefore = sim.refreshes;
    await dueNow();
    await pollDueShops(app.ctx);
    await dueNow();
    await pollDueShops(app.ctx);
    // Each poll found the two-minute token within the refresh margin: two rotations, both kept.
    expect(sim.refreshes - refreshesBefore).toBeGreaterThanOrEqual(2);
    const [shop] = await app.ctx.db.select().from(shops).where(eq(shops.id, shopId));
    expect(shop!.status).toBe('connected');
  });

  test('a revoked grant marks the shop disconnected and tells the seller', async () => {
    sim.revokeAll();
    await dueNow();
    await pollDueShops(app.ctx);
    const { shops: list } = (await seller.client.get('/api/shops')).body;
    expect(list[0]).toMatchObject({ status: 'disconnected' });
    expect(list[0].statusReason).toMatch(/connect it again/);
  });

  test('requests stop once the daily budget is spent', async () => {
    const day = new Date('2030-01-01T12:00:00Z');
    for (let i = 0; i < 3; i++) await consumeApiBudget(app.ctx.db, 'budget-test', 3, day);
    await expect(consumeApiBudget(app.ctx.db, 'budget-test', 3, day)).rejects.toBeInstanceOf(
      BudgetExhaustedError,
    );
    await consumeApiBudget(app.ctx.db, 'budget-test', 3, new Date('2030-01-02T12:00:00Z'));
  });
});
