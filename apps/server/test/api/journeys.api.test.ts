import {
  JOURNEY_SUGGESTIONS,
  THANK_YOU_STEP,
  type GalleryDesign,
  reviewIncentiveMessage,
} from '@thankly/api-contract';
import { type SQL, and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { parseDesign } from '@thankly/email';
import { orderEmails, shops, templates, users } from '../../src/infrastructure/db/schema.ts';
import type { MarketplaceOrder } from '../../src/orders/marketplace-order.ts';
import { recordOrder } from '../../src/orders/record-order.ts';
import { storedBody } from '../../src/templates/templates-service.ts';
import { connectDemoShop, selectDefaultTemplate } from '../support/sending-helpers.ts';
import { type TestApp, type TestClient, startTestApp } from '../support/test-app.ts';

// A clock the tests move: days pass in a moment. It starts five days before New York's clocks
// change (8 March 2026), so a step five days out crosses the change.
const START = Date.parse('2026-03-03T02:00:00Z');
const realStart = Date.now();
let skippedMs = 0;
const clock = { now: () => new Date(START + skippedMs + (Date.now() - realStart)) };
const DAY = 24 * 3600 * 1000;

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ clock, dispatcher: { idleMs: 100 } });
});
afterAll(() => app?.close());

/** Moves the clock on and wakes the sender, as the next pass after that time would. */
function advance(ms: number) {
  skippedMs += ms;
  app.ctx.notifyNewOrders();
}

interface Seller {
  client: TestClient;
  email: string;
  user: { id: string };
  shop: { id: string };
  thankYou: { id: string };
  onItsWay: { id: string };
}

async function template(client: TestClient, name: string, subject: string, text: string) {
  const created = await client.post('/api/templates', {
    name,
    subject,
    design: { blocks: [{ id: 't', type: 'text', content: text }] },
  });
  expect(created.status).toBe(201);
  return created.body as { id: string };
}

/** A template stored as it was before saving checked its words for review incentives. */
async function savedBeforeTheCheck(userId: string, name: string, subject: string, text: string) {
  const parsed = parseDesign({ blocks: [{ id: 't', type: 'text', content: text }] });
  if (!parsed.ok) throw new Error(parsed.error);
  const body = storedBody(parsed.design, { subject, preheader: '', language: 'en' });
  const [row] = await app.ctx.db
    .insert(templates)
    .values({ userId, name, subject, ...body })
    .returning({ id: templates.id });
  return row!;
}

/** A Growth seller with the demo shop, a selected thank-you and an "on its way" template. */
async function growthSeller(): Promise<Seller> {
  const { client, email, user } = await app.seller({ name: 'Ada Lovelace' });
  await app.ctx.db.update(users).set({ plan: 'growth' }).where(eq(users.id, user.id));
  const thankYou = await selectDefaultTemplate(client);
  const onItsWay = await template(
    client,
    'On its way',
    'Order [order-number] is on its way',
    'Parcel [tracking-number]: [tracking-link]',
  );
  const shop = await connectDemoShop(app, client);
  return { client, email, user, shop, thankYou, onItsWay };
}

/** A Growth seller whose journey is saved as given, a minute before the test's orders. */
async function sellerWithJourney(steps: (seller: Seller) => unknown[], timeZone = 'UTC') {
  const seller = await growthSeller();
  const saved = await seller.client.put('/api/journey', { timeZone, steps: steps(seller) });
  expect(saved.status).toBe(200);
  advance(60_000);
  return seller;
}

/** Reports paid orders and waits until their emails that are due have been decided. */
async function placeOrders(seller: Seller, ...orders: MarketplaceOrder[]) {
  for (const order of orders) await report(seller, order);
  for (const order of orders) await untilDecided(seller, order);
}

function step(templateId: string, over: Record<string, unknown> = {}) {
  return {
    name: 'On its way',
    templateId,
    trigger: 'shipped',
    delay: { amount: 0, unit: 'hours' },
    ...over,
  };
}

let orderSequence = 0;
function paidOrder(email: string, over: Partial<MarketplaceOrder> = {}): MarketplaceOrder {
  const now = clock.now().toISOString();
  return {
    externalId: `journey-${++orderSequence}`,
    orderNumber: `J${orderSequence}`,
    isPaid: true,
    buyerName: 'Bo Buyer',
    buyerFirstName: null,
    buyerLastName: null,
    buyerEmail: email,
    createdAt: now,
    updatedAt: now,
    productTitles: ['Blue mug'],
    total: { amount: 4500, divisor: 100, currency: 'USD' },
    trackingUrl: null,
    ...over,
  };
}

/** Records the order as a marketplace reported it now, and wakes the sender like ingest does. */
async function report(seller: Seller, order: MarketplaceOrder) {
  const due = await recordOrder(
    app.ctx.db,
    { id: seller.shop.id, userId: seller.user.id },
    order,
    clock.now(),
  );
  if (due) app.ctx.notifyNewOrders();
}

const shipped = (
  order: MarketplaceOrder,
  trackingUrl = 'https://track.example/1Z999',
): MarketplaceOrder => ({
  ...order,
  shippedAt: clock.now().toISOString(),
  updatedAt: clock.now().toISOString(),
  trackingUrl,
  trackingNumber: '1Z999',
});

/** The order's rows: its thank-you and each follow-up step (`where` narrows them). */
const orderRows = (seller: Seller, order: MarketplaceOrder, where?: SQL) =>
  app.ctx.db
    .select()
    .from(orderEmails)
    .where(
      and(
        eq(orderEmails.shopId, seller.shop.id),
        eq(orderEmails.marketplaceOrderId, order.externalId),
        where,
      ),
    );

const followUps = (seller: Seller, order: MarketplaceOrder) =>
  orderRows(seller, order, ne(orderEmails.stepKey, THANK_YOU_STEP));

/** Waits until every email of the order that is due has been decided. */
function untilDecided(seller: Seller, order: MarketplaceOrder) {
  return vi.waitFor(
    async () => {
      const rows = await orderRows(seller, order);
      const waiting = rows.filter(
        (r) => r.status === 'sending' || (r.status === 'pending' && r.nextAttemptAt <= clock.now()),
      );
      if (waiting.length > 0) throw new Error(`still waiting: ${JSON.stringify(waiting)}`);
      return rows;
    },
    { timeout: 15_000, interval: 50 },
  );
}

const mailsTo = (email: string, subjectStart: string) =>
  app.mail.messages.filter((m) => m.to.includes(email) && m.subject.startsWith(subjectStart));

describe('the journey editor’s API', () => {
  test('a new seller has only the thank-you, on their own clock, and Starter cannot add a step', async () => {
    // The journey starts on the seller's time zone (Account) until it is saved with its own.
    const { client } = await app.seller({ timeZone: 'Europe/Athens' });
    const thanks = await selectDefaultTemplate(client);
    const journey = await client.get('/api/journey');
    expect(journey.status).toBe(200);
    expect(journey.body).toEqual({
      timeZone: 'Europe/Athens',
      steps: [],
      stepLimit: 1,
      thankYouTemplateName: 'Thanks',
      marketplaces: [],
    });
    const refused = await client.put('/api/journey', {
      timeZone: 'Europe/Athens',
      steps: [step(thanks.id)],
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe(
      'Your Starter plan sends 1 email per order, the thank-you included - upgrade your plan to add more steps.',
    );
    expect((await client.get('/api/journey')).body.steps).toEqual([]);
  });

  test('saves steps in order, keeps ids, warns of a coupon in a review request', async () => {
    const seller = await growthSeller();
    const saved = await seller.client.put('/api/journey', {
      timeZone: 'America/New_York',
      steps: [
        step(seller.onItsWay.id),
        step(seller.thankYou.id, {
          name: 'Review please',
          kind: 'review-request',
          trigger: 'after-previous',
          delay: { amount: 5, unit: 'days' },
          sendWindow: { startHour: 9, endHour: 20 },
          conditions: { buyer: 'returning', minTotal: 20, productContains: '  mug ' },
        }),
      ],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.stepLimit).toBe(3);
    expect(saved.body.timeZone).toBe('America/New_York');
    const [first, second] = saved.body.steps;
    expect(first).toMatchObject({
      name: 'On its way',
      incentiveWarning: null,
      templateName: 'On its way',
    });
    // The default template hands out [coupon-code]: a review request must not.
    expect(second).toMatchObject({
      name: 'Review please',
      kind: 'review-request',
      delay: { amount: 5, unit: 'days' },
      sendWindow: { startHour: 9, endHour: 20 },
      conditions: { buyer: 'returning', minTotal: 20, productContains: 'mug', shopId: null },
      incentiveWarning: reviewIncentiveMessage({ kind: 'coupon', phrase: '[coupon-code]' }),
    });

    // Sent back reordered with their ids: the same steps, moved.
    const reordered = await seller.client.put('/api/journey', {
      timeZone: 'America/New_York',
      steps: [{ ...second, trigger: 'delivered' }, first],
    });
    expect(reordered.status).toBe(200);
    expect(reordered.body.steps.map((s: { id: string }) => s.id)).toEqual([second.id, first.id]);
    expect((await seller.client.get('/api/journey')).body).toEqual(reordered.body);
  });

  test('warns of a review request that rewards the review or asks for a rating, however it is worded', async () => {
    const seller = await growthSeller();
    await app.ctx.db.update(users).set({ plan: 'business' }).where(eq(users.id, seller.user.id));
    // Saving such words is refused now; templates saved before that still get the warning.
    const refused = await seller.client.post('/api/templates', {
      name: 'Review for a treat',
      subject: 'How did we do?',
      design: { blocks: [{ id: 't', type: 'text', content: 'Review us for 10% off!' }] },
    });
    expect(refused.status).toBe(400);
    const rewards = await savedBeforeTheCheck(
      seller.user.id,
      'Review for a treat',
      'How did we do?',
      'Leave us a review and get 10% off your next order!',
    );
    const fiveStars = await savedBeforeTheCheck(
      seller.user.id,
      'Five stars please',
      'Loved it? Give us <b>5</b> stars',
      'Your honest words help a small shop.',
    );
    const honest = await template(
      seller.client,
      'Honest review',
      'How did we do?',
      'We would love your honest review. Shipping is free all weekend.',
    );
    const review = (templateId: string, name: string) =>
      step(templateId, { name, kind: 'review-request', trigger: 'after-previous' });
    const saved = await seller.client.put('/api/journey', {
      timeZone: 'UTC',
      steps: [
        review(rewards.id, 'Treat'),
        review(fiveStars.id, 'Stars'),
        review(honest.id, 'Honest'),
      ],
    });
    expect(saved.status).toBe(200);
    expect(
      saved.body.steps.map((s: { incentiveWarning: string | null }) => s.incentiveWarning),
    ).toEqual([
      reviewIncentiveMessage({ kind: 'reward', phrase: 'review and get 10% off' }),
      reviewIncentiveMessage({ kind: 'rating', phrase: '5 stars' }),
      null,
    ]);
  });

  test('refuses bad input with a clear message and changes nothing', async () => {
    const seller = await growthSeller();
    const other = await growthSeller();
    const good = step(seller.onItsWay.id);
    await seller.client.put('/api/journey', { timeZone: 'UTC', steps: [good] });
    const before = (await seller.client.get('/api/journey')).body;

    const cases: Array<[unknown, RegExp | string]> = [
      [{ timeZone: 'Mars/Olympus_Mons', steps: [good] }, 'Choose a time zone from the list.'],
      [{ timeZone: 'UTC', steps: [{ ...good, name: '   ' }] }, 'Give the step a name.'],
      [{ timeZone: 'UTC', steps: [{ ...good, name: 'x'.repeat(5000) }] }, /60/],
      [{ timeZone: 'UTC', steps: [{ ...good, delay: { amount: -1, unit: 'hours' } }] }, /delay/i],
      [{ timeZone: 'UTC', steps: [{ ...good, delay: { amount: 400, unit: 'days' } }] }, /365 days/],
      [
        { timeZone: 'UTC', steps: [{ ...good, sendWindow: { startHour: 20, endHour: 9 } }] },
        'The send window must end after it starts.',
      ],
      [
        { timeZone: 'UTC', steps: [{ ...good, trigger: "paid'; DROP TABLE users;--" }] },
        /trigger/i,
      ],
      [{ timeZone: 'UTC', steps: [{ ...good, templateId: 'not-a-uuid' }] }, /template/i],
      // Another seller's template is not one of yours.
      [
        { timeZone: 'UTC', steps: [{ ...good, templateId: other.onItsWay.id }] },
        'Choose one of your templates for each step.',
      ],
      [
        { timeZone: 'UTC', steps: Array.from({ length: 11 }, () => good) },
        'A journey holds up to 10 follow-up emails.',
      ],
      ['[]', /.+/],
    ];
    for (const [body, message] of cases) {
      const response = await seller.client.put('/api/journey', body);
      expect(response.status, JSON.stringify(body).slice(0, 120)).toBe(400);
      expect(response.body.error).toMatch(message);
    }
    expect((await seller.client.get('/api/journey')).body).toEqual(before);
  });

  test('another seller’s step id is a new step, not theirs; sign-in is required', async () => {
    const seller = await growthSeller();
    const other = await growthSeller();
    const theirs = await other.client.put('/api/journey', {
      timeZone: 'UTC',
      steps: [step(other.onItsWay.id, { name: 'Theirs' })],
    });
    const theirId = theirs.body.steps[0].id;
    const mine = await seller.client.put('/api/journey', {
      timeZone: 'UTC',
      steps: [{ ...step(seller.onItsWay.id), id: theirId }],
    });
    expect(mine.status).toBe(200);
    expect(mine.body.steps[0].id).not.toBe(theirId);
    expect((await other.client.get('/api/journey')).body.steps[0]).toMatchObject({
      id: theirId,
      name: 'Theirs',
    });
    expect((await app.client().get('/api/journey')).status).toBe(401);
  });
});

describe('sending a journey', () => {
  test('a shipped order gets its "on its way" email once, with the tracking link; the review follows in the send window, across the clock change', async () => {
    const seller = await growthSeller();
    const review = await template(
      seller.client,
      'Review',
      'How is your mug?',
      'Tell us how you like it.',
    );
    await seller.client.put('/api/journey', {
      timeZone: 'America/New_York',
      steps: [
        step(seller.onItsWay.id),
        step(review.id, {
          name: 'Review',
          kind: 'review-request',
          trigger: 'after-previous',
          delay: { amount: 5, unit: 'days' },
          sendWindow: { startHour: 9, endHour: 20 },
        }),
      ],
    });
    advance(60_000);
    const order = paidOrder(seller.email);
    await placeOrders(seller, order);
    // Paid, not shipped: the thank-you goes, the follow-ups wait for their moment.
    expect(mailsTo(seller.email, 'Thank you')).toHaveLength(1);
    expect(await followUps(seller, order)).toEqual([]);

    advance(3_600_000);
    const sent = shipped(order);
    const shippedAt = new Date(sent.shippedAt!);
    // Reported three times (webhook, retry, poll): scheduled once.
    await Promise.all([report(seller, sent), report(seller, sent), report(seller, sent)]);
    await untilDecided(seller, order);
    const mail = await app.mail.waitFor(
      (m) => m.to.includes(seller.email) && m.subject.includes('on its way'),
    );
    expect(mail.subject).toBe(`Order ${order.orderNumber} is on its way`);
    expect(mail.html).toContain('https://track.example/1Z999');
    expect(mail.html).toContain('Parcel 1Z999');

    const rows = await followUps(seller, order);
    expect(rows).toHaveLength(2);
    const reviewRow = rows.find((r) => r.stepName === 'Review')!;
    expect(reviewRow.status).toBe('pending');
    // Five days after shipping is 21:00 on 7 March in New York (EST): after the window closes, so
    // it moves to 09:00 on 8 March, the day the clocks go forward: 13:00 UTC (EDT), not 14:00.
    const fiveDaysOn = new Date(shippedAt.getTime() + 5 * DAY);
    expect(fiveDaysOn.toISOString().slice(0, 10)).toBe('2026-03-08');
    expect(reviewRow.nextAttemptAt.toISOString()).toBe('2026-03-08T13:00:00.000Z');

    // The activity list shows the order shipped, its follow-ups, the review scheduled.
    const activity = (await seller.client.get('/api/activity')).body.items;
    const item = activity.find((i: { orderNumber: string }) => i.orderNumber === order.orderNumber);
    expect(item.progress).toBe('shipped');
    expect(item.steps).toEqual([
      expect.objectContaining({
        stepName: 'On its way',
        state: 'sent',
        scheduled: false,
        templateName: 'On its way',
      }),
      expect.objectContaining({
        stepName: 'Review',
        state: 'pending',
        scheduled: true,
        at: '2026-03-08T13:00:00.000Z',
      }),
    ]);

    // Nothing before its time; once it is due, exactly one review.
    advance(reviewRow.nextAttemptAt.getTime() - clock.now().getTime() - 60_000);
    await untilDecided(seller, order);
    expect(mailsTo(seller.email, 'How is your mug')).toHaveLength(0);
    advance(120_000);
    await untilDecided(seller, order);
    await app.mail.waitFor((m) => m.to.includes(seller.email) && m.subject === 'How is your mug?');
    await report(seller, sent);
    await untilDecided(seller, order);
    expect(mailsTo(seller.email, 'How is your mug')).toHaveLength(1);
    expect(mailsTo(seller.email, 'Order ')).toHaveLength(1);
    expect(mailsTo(seller.email, 'Thank you')).toHaveLength(1);
  });

  test('a refund stops the order’s emails still waiting; the seller can cancel one too', async () => {
    const seller = await sellerWithJourney((s) => [
      step(s.onItsWay.id, {
        name: 'Later',
        trigger: 'paid',
        delay: { amount: 3, unit: 'days' },
      }),
    ]);
    const refunded = paidOrder(seller.email);
    const cancelled = paidOrder(seller.email);
    await placeOrders(seller, refunded, cancelled);
    const [waiting] = await followUps(seller, refunded);
    expect(waiting).toMatchObject({ status: 'pending', stepName: 'Later' });

    advance(3_600_000);
    await report(seller, { ...refunded, cancelledAt: clock.now().toISOString() });
    const [stopped] = await followUps(seller, refunded);
    expect(stopped).toMatchObject({
      status: 'skipped',
      reason: 'The order was refunded or cancelled, so its remaining emails were stopped.',
    });

    const [mine] = await followUps(seller, cancelled);
    const other = await growthSeller();
    expect((await other.client.post(`/api/activity/${mine!.id}/cancel`)).status).toBe(404);
    expect((await seller.client.post('/api/activity/not-an-id/cancel')).status).toBe(404);
    const [thanks] = (await seller.client.get('/api/activity')).body.items;
    expect((await seller.client.post(`/api/activity/${thanks.id}/cancel`)).status).toBe(404);
    const ok = await seller.client.post(`/api/activity/${mine!.id}/cancel`);
    expect(ok.status).toBe(200);
    const again = await seller.client.post(`/api/activity/${mine!.id}/cancel`);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('This email is no longer scheduled.');
    expect((await followUps(seller, cancelled))[0]).toMatchObject({
      status: 'skipped',
      reason: 'You cancelled this email.',
    });

    advance(4 * DAY);
    await untilDecided(seller, refunded);
    await untilDecided(seller, cancelled);
    expect(mailsTo(seller.email, 'Order ')).toHaveLength(0);
    const activity = (await seller.client.get('/api/activity')).body.items;
    expect(
      activity.find((i: { orderNumber: string }) => i.orderNumber === refunded.orderNumber)
        .progress,
    ).toBe('cancelled');
  });

  test('conditions decide per order, and say why a step was skipped', async () => {
    const seller = await sellerWithJourney((s) => [
      step(s.onItsWay.id, {
        name: 'Big mug orders',
        trigger: 'paid',
        conditions: { minTotal: 40, productContains: 'MUG' },
      }),
      step(s.onItsWay.id, {
        name: 'Welcome back',
        trigger: 'paid',
        conditions: { buyer: 'returning' },
      }),
    ]);
    const first = paidOrder(seller.email);
    await placeOrders(seller, first);
    advance(60_000);
    const small = paidOrder(seller.email, {
      total: { amount: 1999, divisor: 100, currency: 'USD' },
    });
    await placeOrders(seller, small);
    advance(60_000);
    const vase = paidOrder(seller.email, { productTitles: ['Tall vase'] });
    await placeOrders(seller, vase);

    const byName = async (order: MarketplaceOrder) =>
      Object.fromEntries(
        (await followUps(seller, order)).map((r) => [r.stepName, [r.status, r.reason]]),
      );
    expect(await byName(first)).toEqual({
      'Big mug orders': ['sent', null],
      'Welcome back': [
        'skipped',
        'This step is for returning buyers, and this was the buyer’s first order.',
      ],
    });
    expect(await byName(small)).toEqual({
      'Big mug orders': ['skipped', 'This step is for orders of at least $40.00.'],
      'Welcome back': ['sent', null],
    });
    expect(await byName(vase)).toEqual({
      'Big mug orders': [
        'skipped',
        'This step is for orders with a product whose title contains “MUG”.',
      ],
      'Welcome back': ['sent', null],
    });
  });

  test('pause: a step whose event came during a pause is skipped even after resuming; so is one due while paused', async () => {
    const seller = await sellerWithJourney((s) => [
      step(s.onItsWay.id),
      step(s.onItsWay.id, {
        name: 'A week on',
        trigger: 'after-previous',
        delay: { amount: 7, unit: 'days' },
      }),
    ]);
    const duringPause = paidOrder(seller.email);
    const beforePause = paidOrder(seller.email);
    await placeOrders(seller, duringPause, beforePause);

    advance(60_000);
    await report(seller, shipped(beforePause));
    await untilDecided(seller, beforePause);
    advance(60_000);
    await seller.client.patch('/api/me/pause', { isPaused: true });
    advance(60_000);
    const shippedWhilePaused = shipped(duringPause);
    advance(60_000);
    await seller.client.patch('/api/me/pause', { isPaused: false });
    // Seen only after the resume, as a late poll would.
    await report(seller, shippedWhilePaused);
    await untilDecided(seller, duringPause);
    const skipped = await followUps(seller, duringPause);
    expect(skipped.find((r) => r.stepName === 'On its way')).toMatchObject({
      status: 'skipped',
      reason: 'Sending was paused when this order reached this step, or when the email was due.',
    });

    // beforePause shipped while sending was on: its week-on email is due during a new pause.
    await seller.client.patch('/api/me/pause', { isPaused: true });
    advance(8 * DAY);
    await untilDecided(seller, beforePause);
    const rows = await followUps(seller, beforePause);
    expect(rows.find((r) => r.stepName === 'On its way')?.status).toBe('sent');
    expect(rows.find((r) => r.stepName === 'A week on')).toMatchObject({ status: 'skipped' });
    await seller.client.patch('/api/me/pause', { isPaused: false });
  });

  test('the plan bounds the steps sent: a downgraded seller’s later steps are skipped, saying why', async () => {
    const seller = await sellerWithJourney((s) => [
      step(s.onItsWay.id, { trigger: 'paid', delay: { amount: 1, unit: 'days' } }),
    ]);
    const order = paidOrder(seller.email);
    await placeOrders(seller, order);
    await app.ctx.db.update(users).set({ plan: 'free' }).where(eq(users.id, seller.user.id));
    advance(2 * DAY);
    await untilDecided(seller, order);
    expect((await followUps(seller, order))[0]).toMatchObject({
      status: 'skipped',
      reason:
        'Your Starter plan sends 1 email per order, so this step was not sent. Upgrade your plan to send it.',
    });
  });

  test('after a downgrade, the steps beyond the plan are recorded as skipped naming it, when their moment comes', async () => {
    const seller = await growthSeller();
    await app.ctx.db.update(users).set({ plan: 'business' }).where(eq(users.id, seller.user.id));
    const saved = await seller.client.put('/api/journey', {
      timeZone: 'UTC',
      steps: [
        step(seller.onItsWay.id, { name: 'Paid', trigger: 'paid' }),
        step(seller.onItsWay.id, { name: 'Shipped' }),
        step(seller.onItsWay.id, {
          name: 'A week on',
          trigger: 'after-previous',
          delay: { amount: 7, unit: 'days' },
        }),
      ],
    });
    expect(saved.status).toBe(200);
    advance(60_000);
    await app.ctx.db.update(users).set({ plan: 'growth' }).where(eq(users.id, seller.user.id));
    const order = paidOrder(seller.email);
    await placeOrders(seller, order);
    expect((await followUps(seller, order)).map((r) => [r.stepName, r.status])).toEqual([
      ['Paid', 'sent'],
    ]);
    advance(60_000);
    await placeOrders(seller, shipped(order));
    const growthLimit =
      'Your Growth plan sends up to 3 emails per order, so this step was not sent. Upgrade your plan to send it.';
    const rows = await followUps(seller, order);
    expect(rows.map((r) => [r.stepName, r.status, r.reason]).sort()).toEqual([
      ['A week on', 'skipped', growthLimit],
      ['Paid', 'sent', null],
      ['Shipped', 'sent', null],
    ]);
    // The seller sees it in the activity, once however often the order is seen again.
    await placeOrders(seller, { ...shipped(order), trackingNumber: '1Z998' });
    expect(await followUps(seller, order)).toHaveLength(3);
    const { items } = (await seller.client.get('/api/activity')).body;
    const item = items.find((i: { orderNumber: string }) => i.orderNumber === order.orderNumber);
    expect(item.steps).toContainEqual(
      expect.objectContaining({ stepName: 'A week on', state: 'skipped', reason: growthLimit }),
    );

    // On Starter, no follow-up at all: each is recorded as skipped as soon as its moment is known.
    await app.ctx.db.update(users).set({ plan: 'free' }).where(eq(users.id, seller.user.id));
    const starter = paidOrder(seller.email);
    await placeOrders(seller, starter);
    expect((await followUps(seller, starter)).map((r) => [r.stepName, r.status, r.reason])).toEqual(
      [
        [
          'Paid',
          'skipped',
          'Your Starter plan sends 1 email per order, so this step was not sent. Upgrade your plan to send it.',
        ],
      ],
    );
  });

  test('a step waiting on delivery is recorded as skipped for a marketplace that never reports it, saying why', async () => {
    const seller = await growthSeller();
    const arrived = await template(seller.client, 'Arrived', 'Did it arrive safely?', 'Enjoy it!');
    // Orders paid before the steps were added are left alone, as for any step.
    const earlier = paidOrder(seller.email);
    await app.ctx.db.update(shops).set({ marketplace: 'etsy' }).where(eq(shops.id, seller.shop.id));
    advance(60_000);
    const saved = await seller.client.put('/api/journey', {
      timeZone: 'UTC',
      steps: [
        step(arrived.id, {
          name: 'Arrived',
          trigger: 'delivered',
          delay: { amount: 2, unit: 'days' },
        }),
        step(seller.onItsWay.id, { name: 'Later', trigger: 'after-previous' }),
      ],
    });
    expect(saved.body.marketplaces).toEqual([
      { marketplace: 'etsy', name: 'Etsy', orderEvents: ['paid', 'shipped'] },
    ]);
    // Only the seller's own shops count: another seller's journey names none of them.
    const other = await app.seller();
    expect((await other.client.get('/api/journey')).body.marketplaces).toEqual([]);
    advance(60_000);
    const order = paidOrder(seller.email);
    await placeOrders(seller, order, earlier);
    const never =
      'Etsy doesn’t tell Thankly when a parcel is delivered, so this step is never sent for Etsy orders: choose “When the order ships” with a wait instead.';
    const neverEither =
      'This step comes after one that waits for delivery: Etsy doesn’t tell Thankly when a parcel is delivered, so neither is sent for Etsy orders.';
    const reasons = async (o: MarketplaceOrder) =>
      (await followUps(seller, o)).map((r) => [r.stepName, r.status, r.reason]).sort();
    expect(await reasons(order)).toEqual([
      ['Arrived', 'skipped', never],
      ['Later', 'skipped', neverEither],
    ]);
    expect(await reasons(earlier)).toEqual([]);
    const { items } = (await seller.client.get('/api/activity')).body;
    const item = items.find((i: { orderNumber: string }) => i.orderNumber === order.orderNumber);
    expect(item.steps).toContainEqual(
      expect.objectContaining({ stepName: 'Arrived', state: 'skipped', reason: never }),
    );
    // Shipping makes it clear for the order paid before the steps; nothing is recorded twice.
    advance(60_000);
    await placeOrders(seller, shipped(order), shipped(earlier));
    expect(await reasons(order)).toHaveLength(2);
    expect(await reasons(earlier)).toEqual([
      ['Arrived', 'skipped', never],
      ['Later', 'skipped', neverEither],
    ]);
    expect(mailsTo(seller.email, 'Did it arrive')).toEqual([]);
  });

  test('a removed step’s waiting emails are skipped; a step added later leaves earlier orders alone', async () => {
    const seller = await growthSeller();
    const saved = await seller.client.put('/api/journey', {
      timeZone: 'UTC',
      steps: [
        step(seller.onItsWay.id, {
          name: 'Soon',
          trigger: 'paid',
          delay: { amount: 2, unit: 'days' },
        }),
      ],
    });
    advance(60_000);
    const order = paidOrder(seller.email);
    await placeOrders(seller, order);
    expect(saved.body.steps).toHaveLength(1);

    advance(60_000);
    await seller.client.put('/api/journey', {
      timeZone: 'UTC',
      steps: [step(seller.onItsWay.id, { name: 'On its way' })],
    });
    expect((await followUps(seller, order))[0]).toMatchObject({
      stepName: 'Soon',
      status: 'skipped',
      reason: 'This step was removed from your journey before the email was due.',
    });
    // Shipped after the new step was added: scheduled. An order paid before it but shipped now is
    // shipped after it too, so it is scheduled as well; one shipped before the step is not.
    advance(60_000);
    await report(seller, shipped(order));
    await untilDecided(seller, order);
    expect((await followUps(seller, order)).map((r) => [r.stepName, r.status])).toEqual(
      expect.arrayContaining([['On its way', 'sent']]),
    );
    const oldShipment = paidOrder(seller.email, {
      shippedAt: new Date(clock.now().getTime() - DAY).toISOString(),
    });
    await placeOrders(seller, oldShipment);
    expect(await followUps(seller, oldShipment)).toEqual([]);
  });

  test('daily limits count every step', async () => {
    const seller = await sellerWithJourney((s) => [step(s.onItsWay.id, { trigger: 'paid' })]);
    // 98 of Growth's 100 already sent today: the thank-you takes the 99th, the follow-up the
    // 100th, and the next order's thank-you finds the day full.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Athens' }).format(
      clock.now(),
    );
    await app.ctx.db.insert(orderEmails).values(
      Array.from({ length: 98 }, (_, i) => ({
        userId: seller.user.id,
        shopId: seller.shop.id,
        marketplaceOrderId: `earlier-${i}`,
        orderNumber: `E${i}`,
        order: {},
        status: 'sent' as const,
        countedDay: today,
        sentAt: clock.now(),
      })),
    );
    const order = paidOrder(seller.email);
    await placeOrders(seller, order);
    expect((await followUps(seller, order))[0]?.status).toBe('sent');
    const next = paidOrder(seller.email);
    await report(seller, next);
    const rows = await untilDecided(seller, next);
    expect(rows.map((r) => r.reason)).toEqual([
      'Today’s limit of 100 emails on the Growth plan was reached.',
      'Today’s limit of 100 emails on the Growth plan was reached.',
    ]);
  });

  test('the demo shop end to end: Mark shipped and Mark delivered each send their step once; a refund stops the rest', async () => {
    const seller = await growthSeller();
    const arrived = await template(seller.client, 'Arrived', 'Did it arrive safely?', 'Enjoy it!');
    const later = await template(seller.client, 'Later', 'A month on', 'Come back soon.');
    const saved = await seller.client.put('/api/journey', {
      timeZone: 'UTC',
      steps: [
        step(seller.onItsWay.id),
        step(arrived.id, { name: 'Arrived', trigger: 'delivered' }),
        step(later.id, {
          name: 'A month on',
          trigger: 'after-previous',
          delay: { amount: 30, unit: 'days' },
        }),
      ],
    });
    // Growth sends three emails per order: the thank-you and two follow-ups.
    expect(saved.status).toBe(403);
    await seller.client.put('/api/journey', {
      timeZone: 'UTC',
      steps: [
        step(seller.onItsWay.id),
        step(arrived.id, { name: 'Arrived', trigger: 'delivered' }),
      ],
    });
    advance(60_000);
    expect((await seller.client.post(`/api/shops/${seller.shop.id}/demo-order`)).status).toBe(200);
    const isTo = (subject: (s: string) => boolean) => (m: { to: string; subject: string }) =>
      m.to.includes(seller.email) && subject(m.subject);
    await app.mail.waitFor(isTo((s) => s.startsWith('Thank you')));
    const [order] = (await seller.client.get('/api/activity')).body.items;
    expect(order).toMatchObject({ progress: 'paid', steps: [] });

    const moveOn = (event: string) =>
      seller.client.post(`/api/orders/${order.id}/demo-event`, { event });
    expect((await moveOn('shipped')).status).toBe(200);
    const onItsWay = await app.mail.waitFor(isTo((s) => s.endsWith('is on its way')));
    expect(onItsWay.html).toMatch(/Parcel DEMO\d{10}: /);
    expect(onItsWay.html).toContain('https://track.demo-carrier.example/parcels/DEMO');
    expect((await moveOn('delivered')).status).toBe(200);
    await app.mail.waitFor(isTo((s) => s === 'Did it arrive safely?'));
    expect((await moveOn('refunded')).status).toBe(200);

    const item = await vi.waitFor(
      async () => {
        const [latest] = (await seller.client.get('/api/activity')).body.items;
        expect(latest.progress).toBe('cancelled');
        return latest;
      },
      { timeout: 15_000, interval: 100 },
    );
    expect(
      item.steps.map((s: { stepName: string; state: string }) => [s.stepName, s.state]),
    ).toEqual([
      ['On its way', 'sent'],
      ['Arrived', 'sent'],
    ]);
    expect(app.mail.messages.filter(isTo((s) => s.endsWith('is on its way')))).toHaveLength(1);
    expect(app.mail.messages.filter(isTo((s) => s === 'Did it arrive safely?'))).toHaveLength(1);
  });

  test('an older copy of the order arriving late changes nothing: no step back, no step for a cancelled order', async () => {
    const seller = await sellerWithJourney((s) => [step(s.onItsWay.id)]);
    const paid = paidOrder(seller.email);
    const cancelledFirst = paidOrder(seller.email);
    await placeOrders(seller, paid, cancelledFirst);
    advance(60_000);
    const sent = shipped(paid);
    await placeOrders(seller, sent);
    // The paid copy again, after the shipped one (a retried webhook, a poll of a cached page).
    advance(60_000);
    await placeOrders(seller, paid);
    const progressOf = async (order: MarketplaceOrder) =>
      (await seller.client.get('/api/activity')).body.items.find(
        (i: { orderNumber: string }) => i.orderNumber === order.orderNumber,
      ).progress;
    expect(await progressOf(paid)).toBe('shipped');

    // Cancelled, then a shipped copy from before the cancellation: nothing is scheduled.
    const shippedCopy = shipped(cancelledFirst);
    advance(60_000);
    await placeOrders(seller, {
      ...shippedCopy,
      cancelledAt: clock.now().toISOString(),
      updatedAt: clock.now().toISOString(),
    });
    await placeOrders(seller, shippedCopy);
    expect(await progressOf(cancelledFirst)).toBe('cancelled');
    expect(await followUps(seller, cancelledFirst)).toEqual([]);
  });
});

describe('a journey suggestion, as the buyer gets it', () => {
  /** Adds a suggestion the way the journey page does: a template per step from its starter design. */
  async function addSuggestion(seller: Seller, id: string) {
    const suggestion = JOURNEY_SUGGESTIONS.find((s) => s.id === id)!;
    const gallery = await seller.client.get<{ designs: GalleryDesign[] }>('/api/templates/gallery');
    expect(gallery.status).toBe(200);
    const steps = [];
    for (const suggested of suggestion.steps) {
      const starter = gallery.body.designs.find((d) => d.id === suggested.starterId)!;
      const created = await seller.client.post('/api/templates', {
        name: suggested.name,
        subject: starter.subject,
        design: starter.design,
      });
      expect(created.status).toBe(201);
      steps.push({
        name: suggested.name,
        kind: suggested.kind,
        templateId: (created.body as { id: string }).id,
        trigger: suggested.trigger,
        delay: suggested.delay,
      });
    }
    return steps;
  }

  test('"On its way": the shipped email carries its written words, the tracking link and the brand; the check-in follows delivery', async () => {
    const seller = await growthSeller();
    const brand = await seller.client.put('/api/brand', {
      primaryColor: '#0f766e',
      signOff: 'Warmly,\nAnna at [shop-name]',
    });
    expect(brand.status).toBe(200);
    const steps = await addSuggestion(seller, 'on-its-way');
    expect(steps.map((s) => s.name)).toEqual(['Shipped: tracking', 'Delivered: check-in']);
    const saved = await seller.client.put('/api/journey', { timeZone: 'UTC', steps });
    expect(saved.status).toBe(200);
    expect(saved.body.steps.map((s: { incentiveWarning: unknown }) => s.incentiveWarning)).toEqual([
      null,
      null,
    ]);
    advance(60_000);

    expect((await seller.client.post(`/api/shops/${seller.shop.id}/demo-order`)).status).toBe(200);
    const isTo = (subject: (s: string) => boolean) => (m: { to: string; subject: string }) =>
      m.to.includes(seller.email) && subject(m.subject);
    await app.mail.waitFor(isTo((s) => s.startsWith('Thank you')));
    const [order] = (await seller.client.get('/api/activity')).body.items;
    const moveOn = (event: string) =>
      seller.client.post(`/api/orders/${order.id}/demo-event`, { event });

    expect((await moveOn('shipped')).status).toBe(200);
    const mail = await app.mail.waitFor(isTo((s) => s.endsWith('is on its way')));
    expect(mail.subject).toBe(`Order ${order.orderNumber} is on its way`);
    expect(mail.html).toContain('is with the carrier now');
    // The button's link, counted as a click, leads to the parcel's tracking page.
    const button = /<a href="([^"]+)"[^>]*>Track your parcel<\/a>/.exec(mail.html);
    expect(button).not.toBeNull();
    const followed = await fetch(button![1]!.replaceAll('&amp;', '&'), { redirect: 'manual' });
    expect(followed.headers.get('location')).toMatch(
      /^https:\/\/track\.demo-carrier\.example\/parcels\/DEMO\d+$/,
    );
    expect(mail.html).toMatch(/📦 DEMO\d{10}/);
    expect(mail.html).toContain('Track your parcel');
    expect(mail.html).toContain('fillcolor="#0f766e"');
    expect(mail.html).toContain('Anna at ');
    expect(mail.html).not.toMatch(/href=""|href="#"|href="\[/);
    expect(mail.html).not.toMatch(/\[(tracking-link|tracking-number|order-number)\]/);
    expect(mail.text).toContain('is with the carrier now');

    expect((await moveOn('delivered')).status).toBe(200);
    advance(DAY + 60_000);
    const checkIn = await app.mail.waitFor(isTo((s) => s === 'Did your order arrive safely?'));
    expect(checkIn.html).toContain('should be with you now');
    expect(checkIn.html).not.toMatch(/href=""/);
  });

  test('"How did we do?": a review request the marketplaces allow, its button on the marketplace’s review page', async () => {
    const seller = await growthSeller();
    const steps = await addSuggestion(seller, 'how-did-we-do');
    const saved = await seller.client.put('/api/journey', { timeZone: 'UTC', steps });
    expect(saved.status).toBe(200);
    expect(saved.body.steps).toEqual([
      expect.objectContaining({
        name: 'Review request',
        kind: 'review-request',
        incentiveWarning: null,
      }),
    ]);
    const template = await seller.client.get(`/api/templates/${steps[0]!.templateId}`);
    expect(template.body.html).toMatch(/<a href="\[review-link\]"[^>]*>Write a review<\/a>/);
    expect(template.body.html).not.toContain('[coupon-code]');
  });
});
