import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { InsightsReply } from '@thankly/api-contract';
import { orderEmails, trackingEvents, users } from '../../src/infrastructure/db/schema.ts';
import { clickToken } from '../../src/insights/tracking-tokens.ts';
import { athensDate } from '../../src/infrastructure/time/athens.ts';
import { ShopifySimulator } from '../support/shopify-simulator.ts';
import { WooCommerceSimulator } from '../support/woocommerce-simulator.ts';
import type { ReceivedMail } from '../support/smtp-sink.ts';
import { selectDefaultTemplate, settled, waitForActivity } from '../support/sending-helpers.ts';
import { type TestApp, type TestClient, startTestApp } from '../support/test-app.ts';

const DAY_MS = 86_400_000;
const BROWSER =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const APPLE_PRIVACY_PROXY = 'Mozilla/5.0';
const LINK_SCANNER = 'Mozilla/5.0 (compatible; Proofpoint URL Defense)';

let sim: ShopifySimulator;
let store: WooCommerceSimulator;
let app: TestApp;
/** Moves the app's clock (only) ahead, as if the buyer read their email a while later. */
let clockOffsetMs = 0;

beforeAll(async () => {
  sim = await new ShopifySimulator().start();
  store = await new WooCommerceSimulator().start();
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
});
afterAll(async () => {
  await app?.close();
  await sim?.stop();
  await store?.stop();
});

type Seller = Awaited<ReturnType<TestApp['seller']>>;

/** The one web link of the test template, with a character the HTML escapes. */
const SHOP_LINK = 'https://shop.example.com/new?utm_source=thankly&x=1';
const TEMPLATE_DESIGN = {
  global: {},
  blocks: [
    {
      id: 't',
      type: 'text',
      html: `<p><a href="${SHOP_LINK.replace('&', '&amp;')}">Shop again</a> or <a href="mailto:hello@shop.example.com">write to us</a>.</p>`,
    },
  ],
};

/** A seller on a plan with several shops, with the test template and a Shopify shop. */
async function shopifySeller(
  domain: string,
  couponCode = '',
): Promise<Seller & { templateId: string }> {
  sim.addShop(domain, `Shop ${domain}`);
  // Insights count days on the seller's calendar: here Athens, as the dates below are.
  const seller = await app.seller({ timeZone: 'Europe/Athens' });
  await app.ctx.db.update(users).set({ plan: 'business' }).where(eq(users.id, seller.user.id));
  const template = await selectDefaultTemplate(seller.client, { design: TEMPLATE_DESIGN });
  if (couponCode) await seller.client.put('/api/sending/settings', { couponCode });
  const started = await seller.client.post('/api/shopify/connect', { shop: domain });
  const consent = await fetch(started.body.url, { redirect: 'manual' });
  const callback = new URL(consent.headers.get('location')!);
  expect((await seller.client.request('GET', callback.pathname + callback.search)).status).toBe(
    302,
  );
  return { ...seller, templateId: template.id };
}

/** A paid Shopify order from `buyer`, emailed (or not) before this returns. */
async function shopifyOrder(
  seller: Seller,
  domain: string,
  buyer: string,
  extra: Parameters<ShopifySimulator['order']>[0] = {},
) {
  const before = (await seller.client.get('/api/activity')).body.items.length as number;
  const order = sim.order({
    email: buyer,
    contact_email: buyer,
    customer: { id: 1, email: buyer, first_name: 'Buyer', last_name: 'Person' },
    ...extra,
  });
  await sim.emit(domain, 'orders/paid', order);
  await waitForActivity(seller.client, settled(before + 1));
  return order;
}

const mailTo = (address: string) => app.mail.waitFor((m) => m.to.includes(address));
const pixelIn = (mail: ReceivedMail) =>
  /<img src="([^"]*\/api\/t\/o\/[^"]+\.gif)" width="1" height="1" alt="" style="display:block;border:0">/.exec(
    mail.html,
  )?.[1];
const clickLinksIn = (mail: ReceivedMail) =>
  [...mail.html.matchAll(/href="([^"]*\/api\/t\/c\/[^"]+)"/g)].map((m) => m[1]!);

const fetchAs = (url: string, userAgent: string) =>
  fetch(url, { headers: { 'user-agent': userAgent }, redirect: 'manual' });

/** Fetched a minute after the email was sent (sooner, a click counts as a scanner's). */
async function aMinuteLater<T>(action: () => Promise<T>): Promise<T> {
  clockOffsetMs = 60_000;
  try {
    return await action();
  } finally {
    clockOffsetMs = 0;
  }
}

const eventsOf = async (buyer: string) => {
  const [email] = await app.ctx.db
    .select({ id: orderEmails.id })
    .from(orderEmails)
    .where(eq(orderEmails.buyerEmail, buyer));
  // Events wait in memory for up to a second before they are written.
  await app.ctx.trackingEvents.flush();
  return app.ctx.db.select().from(trackingEvents).where(eq(trackingEvents.orderEmailId, email!.id));
};

const today = () => athensDate(app.ctx.clock.now());
const yesterday = () => athensDate(new Date(app.ctx.clock.now().getTime() - DAY_MS));
const insightsOf = async (client: TestClient, from = yesterday(), to = today()) => {
  const response = await client.get<InsightsReply>(`/api/insights?from=${from}&to=${to}`);
  expect(response.status).toBe(200);
  return response.body;
};

describe('tracked thank-you emails', () => {
  const DOMAIN = 'tracked-shop.myshopify.com';
  let seller: Seller & { templateId: string };
  let mail: ReceivedMail;

  beforeAll(async () => {
    seller = await shopifySeller(DOMAIN);
    await shopifyOrder(seller, DOMAIN, 'reader@example.com');
    mail = await mailTo('reader@example.com');
  });

  test('carry an open pixel and tracked links, but the way out and the text part stay as they were', () => {
    expect(pixelIn(mail)).toMatch(new RegExp(`^${app.url}/api/t/o/`));
    const links = clickLinksIn(mail);
    expect(links).toHaveLength(1);
    expect(mail.html).toMatch(new RegExp(`href="${app.url}/api/unsubscribe/[^"]+"`));
    expect(mail.html).toContain('href="https://fonts.googleapis.com/');
    expect(mail.rawHeaders.get('list-unsubscribe')).toMatch(
      new RegExp(`^<${app.url}/api/unsubscribe/[^>]+>,\\s+<mailto:`),
    );
    expect(mail.text).not.toContain('/api/t/');
    expect(mail.text).toContain(SHOP_LINK);
  });

  test('the pixel is always a fresh GIF; only a genuine token is counted, once per email for unique opens', async () => {
    const pixel = pixelIn(mail)!;
    const token = pixel.split('/api/t/o/')[1]!.replace('.gif', '');
    const tampered = `${app.url}/api/t/o/${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}.gif`;
    const unknown = `${app.url}/api/t/o/${randomUUID()}.gif`;
    for (const url of [pixel, pixel, tampered, unknown, `${app.url}/api/t/o/x`]) {
      const response = await aMinuteLater(() => fetchAs(url, BROWSER));
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/gif');
      expect(response.headers.get('cache-control')).toContain('no-store');
      expect(
        Buffer.from(await response.arrayBuffer())
          .subarray(0, 6)
          .toString(),
      ).toBe('GIF89a');
    }
    await fetchAs(pixel, APPLE_PRIVACY_PROXY);
    const events = await eventsOf('reader@example.com');
    expect(events.map((e) => [e.kind, e.agent]).sort()).toEqual([
      ['open', 'person'],
      ['open', 'person'],
      ['open', 'proxy'],
    ]);
    const { totals } = await insightsOf(seller.client);
    expect(totals).toMatchObject({ sent: 1, uniqueOpens: 1, machineOpens: 1 });
  });

  test('a click leads to the original address; scanners are counted apart', async () => {
    const [link] = clickLinksIn(mail);
    const scanned = await fetchAs(link!, LINK_SCANNER);
    expect(scanned.status).toBe(302);
    const followed = await aMinuteLater(() => fetchAs(link!, BROWSER));
    expect(followed.status).toBe(302);
    expect(followed.headers.get('location')).toBe(SHOP_LINK);
    const clicks = (await eventsOf('reader@example.com')).filter((e) => e.kind === 'click');
    expect(clicks.map((e) => [e.agent, e.linkUrl]).sort()).toEqual([
      ['person', SHOP_LINK],
      ['scanner', SHOP_LINK],
    ]);
    expect((await insightsOf(seller.client)).totals).toMatchObject({ clicks: 1, machineClicks: 1 });
  });

  test('tampered, unknown and re-pointed click tokens are not found: never an open redirect', async () => {
    const [link] = clickLinksIn(mail);
    const token = link!.split('/api/t/c/')[1]!;
    const [packed, , signature] = token.split('.');
    const elsewhere = Buffer.from('https://evil.example.net/').toString('base64url');
    const forged = clickToken('not-the-secret', randomUUID(), 'https://evil.example.net/');
    for (const bad of [
      `${packed}.${elsewhere}.${signature}`,
      `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`,
      forged,
      randomUUID(),
      pixelIn(mail)!.split('/api/t/o/')[1]!.replace('.gif', ''),
    ]) {
      const response = await fetchAs(`${app.url}/api/t/c/${bad}`, BROWSER);
      expect(response.status, bad).toBe(404);
      expect(response.headers.get('location')).toBeNull();
    }
    const before = (await eventsOf('reader@example.com')).length;
    expect(before).toBe(5);
  });

  test('old links keep working after an APP_SECRET rotation', async () => {
    const { config } = app.ctx;
    const original = { appSecret: config.appSecret, previous: config.previousAppSecrets };
    config.previousAppSecrets = [config.appSecret];
    config.appSecret = 'rotated-'.repeat(8);
    try {
      const [link] = clickLinksIn(mail);
      const response = await fetchAs(link!, BROWSER);
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe(SHOP_LINK);
      await fetchAs(pixelIn(mail)!, BROWSER);
      expect(await eventsOf('reader@example.com')).toHaveLength(7);
    } finally {
      config.appSecret = original.appSecret;
      config.previousAppSecrets = original.previous;
    }
  });

  test('tracking off: the next email has no pixel and its links as written; links sent before still work', async () => {
    expect((await seller.client.get('/api/insights/settings')).body).toEqual({
      trackingEnabled: true,
      redemptionWindowDays: 30,
    });
    const off = await seller.client.put('/api/insights/settings', { trackingEnabled: false });
    expect(off.body).toEqual({ trackingEnabled: false, redemptionWindowDays: 30 });
    expect((await seller.client.get('/api/insights/settings')).body).toEqual({
      trackingEnabled: false,
      redemptionWindowDays: 30,
    });
    expect((await insightsOf(seller.client)).trackingEnabled).toBe(false);

    await shopifyOrder(seller, DOMAIN, 'untracked@example.com');
    const untracked = await mailTo('untracked@example.com');
    expect(untracked.html).not.toContain('/api/t/');
    expect(untracked.html).toContain(`href="${SHOP_LINK.replace('&', '&amp;')}"`);
    expect(untracked.html).toMatch(new RegExp(`href="${app.url}/api/unsubscribe/[^"]+"`));

    const [link] = clickLinksIn(mail);
    const response = await fetchAs(link!, BROWSER);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(SHOP_LINK);
    await seller.client.put('/api/insights/settings', { trackingEnabled: true });
  });

  test("the seller's own test email is never tracked", async () => {
    expect((await seller.client.post(`/api/emails/test/${seller.templateId}`)).status).toBe(200);
    const test = await app.mail.waitFor(
      (m) => m.to === seller.email && m.subject.startsWith('[Test]'),
    );
    expect(test.html).toContain(`href="${SHOP_LINK.replace('&', '&amp;')}"`);
    expect(test.html).not.toContain('/api/t/');
  });
});

describe('attribution of later orders', () => {
  const DOMAIN = 'attr-shop.myshopify.com';
  let seller: Seller & { templateId: string };
  let wooShopId: string;

  beforeAll(async () => {
    seller = await shopifySeller(DOMAIN, 'THANKS20');
    const connected = await seller.client.post('/api/woocommerce/shops', {
      storeUrl: store.url,
      consumerKey: store.consumerKey,
      consumerSecret: store.consumerSecret,
    });
    expect(connected.status).toBe(201);
    wooShopId = connected.body.shop.id;

    // Shopify (EUR 59.90 each).
    await shopifyOrder(seller, DOMAIN, 'ana@example.com');
    // The same buyer again: a repeat order of the first email.
    await shopifyOrder(seller, DOMAIN, 'ana@example.com');
    // Someone never emailed, with the seller's code in another case: code used, not attributed.
    await shopifyOrder(seller, DOMAIN, 'ben@example.com', {
      discount_codes: [sim.discountCode('thanks20')],
    });
    // A buyer who comes back after the attribution window: nothing.
    await shopifyOrder(seller, DOMAIN, 'cy@example.com');
    await shopifyOrder(seller, DOMAIN, 'cy@example.com', {
      created_at: new Date(Date.now() + 61 * DAY_MS).toISOString(),
    });
    // An order placed before any email went out: code used, not attributed.
    await shopifyOrder(seller, DOMAIN, 'dee@example.com', {
      created_at: new Date(Date.now() - DAY_MS).toISOString(),
      discount_codes: [sim.discountCode('THANKS20')],
    });

    // WooCommerce (GBP 34.50). The store's first order carries the code, but no email of this
    // store went before it (the Shopify shop's emails do not count): code used, not attributed.
    const before = (await seller.client.get('/api/activity')).body.items.length as number;
    await store.pay(await store.placeOrder({ coupon_lines: [store.couponLine('THANKS20')] }));
    await waitForActivity(seller.client, settled(before + 1));
    // The same buyer again, with the code, a minute later (WooCommerce dates are to the second):
    // a repeat order and a redemption, its revenue once.
    const aMinuteOn = new Date(Date.now() + 60_000).toISOString().slice(0, 19);
    await store.pay(
      await store.placeOrder({
        date_created_gmt: aMinuteOn,
        coupon_lines: [store.couponLine('THANKS20')],
      }),
    );
    await waitForActivity(seller.client, settled(before + 2));
  });

  test('counts redemptions, repeat orders and their revenue per currency', async () => {
    const rows = await app.ctx.db
      .select({ status: orderEmails.status, shopId: orderEmails.shopId })
      .from(orderEmails)
      .where(eq(orderEmails.userId, seller.user.id));
    expect(rows.filter((r) => r.status === 'sent')).toHaveLength(8);
    expect(rows.filter((r) => r.shopId === wooShopId)).toHaveLength(2);

    const insights = await insightsOf(seller.client);
    expect(insights.totals).toMatchObject({
      sent: 8,
      redemptions: 1,
      repeatOrders: 2,
      revenue: [
        { currency: 'EUR', amountMinor: 5990 },
        { currency: 'GBP', amountMinor: 3450 },
      ],
    });
    expect(insights.codeUsedNotAttributed).toBe(3);
    // One template sent everything; the per-day and per-template views add up to the totals.
    expect(insights.templates).toEqual([
      expect.objectContaining({ templateName: 'Thanks', ...insights.totals }),
    ]);
    expect(insights.steps).toEqual([
      expect.objectContaining({ stepName: 'Thank-you email', ...insights.totals }),
    ]);
    const sum = (key: 'sent' | 'redemptions' | 'repeatOrders') =>
      insights.days.reduce((total, day) => total + day[key], 0);
    expect([sum('sent'), sum('redemptions'), sum('repeatOrders')]).toEqual([8, 1, 2]);
  });

  test('the CSV export has the same numbers, one row per day', async () => {
    const from = yesterday();
    const to = today();
    const insights = await insightsOf(seller.client, from, to);
    const response = await seller.client.get(`/api/insights/export.csv?from=${from}&to=${to}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="thankly-insights-${from}-${to}.csv"`,
    );
    const [header, ...lines] = (response.body as string).trim().split('\r\n');
    expect(header).toBe(
      'date,sent,delivered,unique_opens,machine_opens,clicked_emails,clicks,machine_clicks,redemptions,redeemed_emails,repeat_orders,revenue_EUR,revenue_GBP',
    );
    expect(lines).toHaveLength(insights.days.length);
    lines.forEach((line, i) => {
      const day = insights.days[i]!;
      const money = (currency: string) =>
        ((day.revenue.find((r) => r.currency === currency)?.amountMinor ?? 0) / 100).toFixed(2);
      expect(line).toBe(
        [
          day.date,
          day.sent,
          day.delivered,
          day.uniqueOpens,
          day.machineOpens,
          day.clickedEmails,
          day.clicks,
          day.machineClicks,
          day.redemptions,
          day.redeemedEmails,
          day.repeatOrders,
          money('EUR'),
          money('GBP'),
        ].join(','),
      );
    });
  });

  test('another seller sees only their own numbers; one with none sees zeros for every day', async () => {
    const stranger = await app.seller();
    const insights = await insightsOf(stranger.client, yesterday(), today());
    expect(insights.totals).toEqual({
      sent: 0,
      delivered: 0,
      uniqueOpens: 0,
      machineOpens: 0,
      clickedEmails: 0,
      clicks: 0,
      machineClicks: 0,
      redemptions: 0,
      redeemedEmails: 0,
      repeatOrders: 0,
      revenue: [],
      revenuePerEmail: [],
      rates: { openRate: null, clickRate: null, redemptionRate: null, tooFewToTell: true },
    });
    expect(insights.codeUsedNotAttributed).toBe(0);
    expect(insights.steps).toEqual([]);
    expect(insights.days.map((d) => d.date)).toEqual([yesterday(), today()]);
    expect(insights.days.every((d) => d.sent === 0)).toBe(true);
    expect(insights.templates).toEqual([]);
    expect(insights.trackingEnabled).toBe(true);
  });
});

describe('who may ask, and what', () => {
  test('signed out: 401 everywhere but the public pixel and link', async () => {
    const anonymous = app.client();
    const range = `from=${today()}&to=${today()}`;
    expect((await anonymous.get(`/api/insights?${range}`)).status).toBe(401);
    expect((await anonymous.get(`/api/insights/export.csv?${range}`)).status).toBe(401);
    expect((await anonymous.get('/api/insights/settings')).status).toBe(401);
    expect((await anonymous.put('/api/insights/settings', { trackingEnabled: false })).status).toBe(
      401,
    );
  });

  test('hostile queries and settings are refused with a reason and change nothing', async () => {
    const seller = await app.seller();
    for (const query of [
      '',
      'from=2026-01-01',
      'from=2026-13-01&to=2026-13-02',
      'from=2026-02-10&to=2026-02-01',
      'from=2023-01-01&to=2025-09-27',
      `from=${encodeURIComponent("2026-01-01' OR 1=1--")}&to=2026-01-02`,
      'from[]=2026-01-01&to=2026-01-02',
    ]) {
      for (const path of ['/api/insights', '/api/insights/export.csv']) {
        const response = await seller.client.get(`${path}?${query}`);
        expect(response.status, `${path}?${query}`).toBe(400);
        expect(response.body.error, query).toEqual(expect.any(String));
      }
    }
    const reversed = await seller.client.get('/api/insights?from=2026-02-10&to=2026-02-01');
    expect(reversed.body.error).toBe('The start date must be on or before the end date.');
    const long = await seller.client.get('/api/insights?from=2023-01-01&to=2025-09-27');
    expect(long.body.error).toBe('Choose at most 366 days.');

    for (const body of [
      {},
      { trackingEnabled: 'no' },
      { trackingEnabled: null },
      [],
      { redemptionWindowDays: '30' },
      { trackingEnabled: false, redemptionWindowDays: 0 },
    ]) {
      const response = await seller.client.put('/api/insights/settings', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    expect((await seller.client.get('/api/insights/settings')).body).toEqual({
      trackingEnabled: true,
      redemptionWindowDays: 30,
    });
  });

  test('events of emails that no longer exist are not recorded', async () => {
    const gone = randomUUID();
    const response = await fetchAs(
      `${app.url}/api/t/c/${clickToken(app.ctx.config.appSecret, gone, 'https://example.com/')}`,
      BROWSER,
    );
    // A genuine link of no email leads nowhere by itself (our page names the address), and
    // nothing is counted for it.
    expect(response.status).toBe(200);
    expect(response.headers.get('location')).toBeNull();
    await app.ctx.trackingEvents.flush();
    const stored = await app.ctx.db
      .select()
      .from(trackingEvents)
      .where(inArray(trackingEvents.orderEmailId, [gone]));
    expect(stored).toEqual([]);
  });
});
