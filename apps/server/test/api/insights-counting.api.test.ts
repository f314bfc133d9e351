import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type InsightsReply, THANK_YOU_STEP } from '@thankly/api-contract';
import { orderEmails, trackingEvents } from '../../src/infrastructure/db/schema.ts';
import { clickToken, openToken } from '../../src/insights/tracking-tokens.ts';
import { athensDate } from '../../src/infrastructure/time/athens.ts';
import { insertShop, orderEmailRow } from '../support/fixtures.ts';
import { type TestApp, type TestClient, startTestApp } from '../support/test-app.ts';

/*
 * Issue 36: each insights number means what it says. Emails and orders are written as the
 * pipeline leaves them; opens and clicks go through the real pixel and link routes, on a clock
 * the test moves, so the timing rules are tested where they apply.
 */

const DAY_MS = 86_400_000;
const BROWSER =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const GMAIL_PROXY =
  'Mozilla/5.0 (Windows NT 5.1; rv:11.0) Gecko Firefox/11.0 (via ggpht.com GoogleImageProxy)';
const LINKS = [
  'https://shop.example.com/a',
  'https://shop.example.com/b',
  'https://shop.example.com/c',
];

/** Today, about now: emails go out `SENT_AGO` before it, and buyers act after that. */
const BASE = new Date(Math.floor(Date.now() / 1000) * 1000);
const SENT_AT = new Date(BASE.getTime() - 2 * DAY_MS);
let now = BASE;

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ clock: { now: () => now }, schedules: false });
});
afterAll(() => app?.close());

type Seller = Awaited<ReturnType<TestApp['seller']>>;

const at = (secondsAfterSending: number) =>
  new Date(SENT_AT.getTime() + secondsAfterSending * 1000);

/** A request from a buyer's side, `secondsAfterSending` after the email went out. */
async function fetchAt(secondsAfterSending: number, path: string, userAgent = BROWSER) {
  now = at(secondsAfterSending);
  try {
    const response = await fetch(`${app.url}${path}`, {
      headers: { 'user-agent': userAgent },
      redirect: 'manual',
    });
    await response.arrayBuffer();
    return response;
  } finally {
    now = BASE;
  }
}
const secret = () => app.ctx.config.appSecret;
const open = (id: string, seconds: number, userAgent?: string) =>
  fetchAt(seconds, `/api/t/o/${openToken(secret(), id)}.gif`, userAgent);
const click = (id: string, link: string, seconds: number, userAgent?: string) =>
  fetchAt(seconds, `/api/t/c/${clickToken(secret(), id, link)}`, userAgent);

async function insightsOf(client: TestClient): Promise<InsightsReply> {
  const from = athensDate(new Date(BASE.getTime() - 40 * DAY_MS));
  const response = await client.get<InsightsReply>(
    `/api/insights?from=${from}&to=${athensDate(BASE)}`,
  );
  expect(response.status).toBe(200);
  return response.body;
}

async function sellerWithShop(couponCode = '') {
  // Insights count days on the seller's calendar: here Athens, as the dates below are.
  const seller = await app.seller({ timeZone: 'Europe/Athens' });
  const shop = await insertShop(app.ctx.db, seller.user.id);
  if (couponCode) await seller.client.put('/api/sending/settings', { couponCode });
  return { ...seller, shop };
}

/** Emails sent at SENT_AT (or `values.sentAt`), returned by id. */
async function sentEmails(
  shop: { id: string; userId: string },
  many: Array<Partial<typeof orderEmails.$inferInsert>>,
) {
  const rows = await app.ctx.db
    .insert(orderEmails)
    .values(
      many.map((values) =>
        orderEmailRow(shop, {
          status: 'sent',
          sentAt: SENT_AT,
          buyerEmail: 'x@example.com',
          ...values,
        }),
      ),
    )
    .returning({ id: orderEmails.id });
  return rows.map((r) => r.id);
}

describe('click rate and delivered emails', () => {
  let seller: Seller & { shop: { id: string; userId: string } };
  beforeAll(async () => {
    seller = await sellerWithShop();
    // Bounced, blocked and not sent again, and reported as spam (which the buyer did receive).
    const [clicked, bounced] = await sentEmails(seller.shop, [
      {},
      { deliveryProblem: 'bounced' },
      { deliveryProblem: 'blocked' },
      { deliveryProblem: 'complained' },
    ]);
    // One person follows all three links, a minute apart, and one of them twice.
    await click(clicked!, LINKS[0]!, 60);
    await click(clicked!, LINKS[1]!, 120);
    await click(clicked!, LINKS[2]!, 180);
    await click(clicked!, LINKS[2]!, 240);
    expect(bounced).toBeDefined();
  });

  test('is emails with a click by a person over emails delivered, never above 100%; total clicks apart', async () => {
    const { totals } = await insightsOf(seller.client);
    expect(totals).toMatchObject({ sent: 4, delivered: 2, clickedEmails: 1, clicks: 3 });
    expect(totals.rates.clickRate).toBe(0.5);
    expect(totals.rates.tooFewToTell).toBe(true);
  });
});

describe('machine opens and clicks', () => {
  test('an open within seconds of sending is a scanner’s, whatever agent it gives; later, a person’s', async () => {
    const seller = await sellerWithShop();
    const [early, late, gmail] = await sentEmails(seller.shop, [{}, {}, {}]);
    await open(early!, 3);
    await open(late!, 600);
    await open(gmail!, 900, GMAIL_PROXY);
    const { totals } = await insightsOf(seller.client);
    expect(totals).toMatchObject({ uniqueOpens: 2, machineOpens: 1 });
  });

  test('several links followed at once, and the open among them, are a machine’s', async () => {
    const seller = await sellerWithShop();
    const [scanned, read] = await sentEmails(seller.shop, [{}, {}]);
    // A scanner fetching the image and every link within a second, an hour after delivery.
    await open(scanned!, 3600);
    for (const link of LINKS) await click(scanned!, link, 3601);
    // A person opening, then following one link a few seconds later.
    await open(read!, 3600);
    await click(read!, LINKS[0]!, 3605);
    const { totals } = await insightsOf(seller.client);
    expect(totals).toMatchObject({
      uniqueOpens: 1,
      machineOpens: 1,
      clickedEmails: 1,
      clicks: 1,
      machineClicks: 3,
    });
  });

  test('a click before the send time is written is judged from the send time once it is', async () => {
    const seller = await sellerWithShop();
    // The race: a scanner follows the link while the email is still being sent.
    const [sending] = await sentEmails(seller.shop, [{ status: 'sending', sentAt: null }]);
    const response = await click(sending!, LINKS[0]!, 2);
    expect(response.status).toBe(302);
    await app.ctx.trackingEvents.flush();
    const [stored] = await app.ctx.db
      .select({ agent: trackingEvents.agent })
      .from(trackingEvents)
      .where(eq(trackingEvents.orderEmailId, sending!));
    // Nothing told the route it was 2 seconds after sending: stored as a person's.
    expect(stored?.agent).toBe('person');
    await app.ctx.db
      .update(orderEmails)
      .set({ status: 'sent', sentAt: at(1) })
      .where(eq(orderEmails.id, sending!));
    const { totals } = await insightsOf(seller.client);
    expect(totals).toMatchObject({ clickedEmails: 0, clicks: 0, machineClicks: 1 });
  });
});

describe('redemptions', () => {
  const order = (placedDaysAfterSending: number, buyerEmail: string | null, codes: string[]) => ({
    status: 'skipped' as const,
    stepKey: THANK_YOU_STEP,
    buyerEmail,
    order: {
      createdAt: new Date(SENT_AT.getTime() + placedDaysAfterSending * DAY_MS).toISOString(),
      total: { amount: 2500, divisor: 100, currency: 'EUR' },
      couponCodes: codes,
    },
  });
  let seller: Seller & { shop: { id: string; userId: string } };

  beforeAll(async () => {
    seller = await sellerWithShop('THANKS20');
    // Emails to Ana and to Cy, sent 40 days ago (SENT_AT moved back for them).
    const longAgo = new Date(BASE.getTime() - 39 * DAY_MS);
    await sentEmails(seller.shop, [
      { buyerEmail: 'ana@example.com' },
      { buyerEmail: 'Cy@Example.com', sentAt: longAgo },
    ]);
    await app.ctx.db.insert(orderEmails).values([
      // Ana uses the code a day after her email: a redemption of it.
      orderEmailRow(seller.shop, order(1, 'ANA@example.com', ['thanks20'])),
      // Ben was never emailed: his code came from elsewhere.
      orderEmailRow(seller.shop, order(1, 'ben@example.com', ['THANKS20'])),
      // A demo order with no buyer address belongs to nobody's email.
      orderEmailRow(seller.shop, order(1, null, ['THANKS20'])),
      // Cy uses it 38 days after his email: past the default 30 days.
      orderEmailRow(seller.shop, order(1, 'cy@example.com', ['THANKS20'])),
    ]);
  });

  test('count only orders of the emailed buyer within the window; the rest is code used, not attributed', async () => {
    const reply = await insightsOf(seller.client);
    expect(reply.redemptionWindowDays).toBe(30);
    expect(reply.totals).toMatchObject({
      sent: 2,
      redemptions: 1,
      redeemedEmails: 1,
      // Cy's order is still a repeat order: within 60 days of his email.
      repeatOrders: 2,
      revenue: [{ currency: 'EUR', amountMinor: 5000 }],
    });
    expect(reply.codeUsedNotAttributed).toBe(3);
  });

  test('know the buyer by their marketplace account when a later order withholds the address', async () => {
    const other = await sellerWithShop('THANKS20');
    const withAccount = (buyerId: string) => ({
      createdAt: SENT_AT.toISOString(),
      buyerId,
    });
    await sentEmails(other.shop, [{ buyerEmail: 'dee@example.com', order: withAccount('777') }]);
    const later = (buyerId: string) => {
      const placed = order(1, null, ['THANKS20']);
      return { ...placed, order: { ...placed.order, buyerId } };
    };
    await app.ctx.db.insert(orderEmails).values([
      // Dee again, her address withheld this time (as Etsy does): the same account.
      orderEmailRow(other.shop, later('777')),
      // Another account, never emailed.
      orderEmailRow(other.shop, later('888')),
    ]);
    const reply = await insightsOf(other.client);
    expect(reply.totals).toMatchObject({ redemptions: 1, repeatOrders: 1 });
    expect(reply.codeUsedNotAttributed).toBe(1);
  });

  test('follow the window the seller sets; another seller’s setting is their own', async () => {
    const put = await seller.client.put('/api/insights/settings', { redemptionWindowDays: 45 });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ trackingEnabled: true, redemptionWindowDays: 45 });
    const reply = await insightsOf(seller.client);
    expect(reply.totals.redemptions).toBe(2);
    expect(reply.codeUsedNotAttributed).toBe(2);
    const stranger = await app.seller();
    expect((await stranger.client.get('/api/insights/settings')).body).toEqual({
      trackingEnabled: true,
      redemptionWindowDays: 30,
    });
    await seller.client.put('/api/insights/settings', { redemptionWindowDays: 30 });
  });

  test('refuse a window that is not a whole number of days from 1 to 365', async () => {
    for (const bad of [0, 366, 2.5, -1, '30', '30; DROP TABLE users', null, 1e12]) {
      const response = await seller.client.put('/api/insights/settings', {
        redemptionWindowDays: bad,
      });
      expect(response.status, String(bad)).toBe(400);
    }
    expect((await seller.client.get('/api/insights/settings')).body.redemptionWindowDays).toBe(30);
  });
});

describe('per journey step, beside the shop', () => {
  test('each step has its own numbers and rates, and says when there are too few to tell', async () => {
    const seller = await sellerWithShop();
    const thanks = Array.from({ length: 20 }, () => ({}));
    const review = [{ stepKey: 'step-review', stepName: 'Review request' }];
    const ids = await sentEmails(seller.shop, [...thanks, ...review]);
    for (const id of ids.slice(0, 10)) await open(id, 600);
    const { steps, totals } = await insightsOf(seller.client);
    expect(totals.rates).toMatchObject({ openRate: 10 / 21, tooFewToTell: false });
    expect(
      steps.map((s) => [s.stepName, s.delivered, s.rates.openRate, s.rates.tooFewToTell]),
    ).toEqual([
      ['Thank-you email', 20, 0.5, false],
      ['Review request', 1, 0, true],
    ]);
  });
});
