import { and, eq } from 'drizzle-orm';
import { createDefaultTemplate } from '@thankly/email';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import {
  billingCustomers,
  billingEvents,
  billingSubscriptions,
  users,
} from '../../src/infrastructure/db/schema.ts';
import {
  type SimulatedEvent,
  type StripeSimulator,
  startStripeSimulator,
} from '../support/stripe-simulator.ts';
import { type TestApp, type TestClient, startTestApp } from '../support/test-app.ts';

let sim: StripeSimulator;
let app: TestApp;

beforeAll(async () => {
  sim = await startStripeSimulator();
  app = await startTestApp({}, { env: sim.env() });
  sim.webhookUrl = `${app.url}/api/stripe/webhook`;
});
afterAll(async () => {
  await app?.close();
  await sim?.close();
});
beforeEach(() => {
  sim.autoDeliver = true;
});

async function planOf(userId: string) {
  const [row] = await app.ctx.db
    .select({ plan: users.plan })
    .from(users)
    .where(eq(users.id, userId));
  return row!.plan;
}

/** Starts a checkout through our API and returns the session the simulator holds for it. */
async function startCheckout(
  client: TestClient,
  planId: 'growth' | 'business' = 'growth',
  interval: 'month' | 'year' = 'month',
) {
  const response = await client.post('/api/billing/checkout', { planId, interval });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  const session = [...sim.checkoutSessions.values()].find((s) => s.url === response.body.url);
  expect(session, 'a checkout session at the simulator').toBeDefined();
  return session!;
}

/** A seller who has paid for a plan through checkout, with their subscription at "Stripe". */
async function payingSeller(planId: 'growth' | 'business' = 'growth') {
  const seller = await app.seller();
  const session = await startCheckout(seller.client, planId);
  await sim.completeCheckout(session.id);
  expect(await planOf(seller.user.id)).toBe(planId);
  return {
    ...seller,
    subscriptionId: session.subscription as string,
    customerId: session.customer as string,
  };
}

const eventsOf = (events: SimulatedEvent[], type: string) => events.filter((e) => e.type === type);

describe('checkout', () => {
  test('returns the Stripe Checkout url for the plan price, carrying the seller on the session', async () => {
    const { client, user, email } = await app.seller();
    const response = await client.post('/api/billing/checkout', {
      planId: 'growth',
      interval: 'year',
    });
    expect(response.status).toBe(200);
    expect(Object.keys(response.body)).toEqual(['url']);
    expect(response.body.url).toMatch(new RegExp(`^${sim.url}/c/pay/cs_test_`));

    const session = [...sim.checkoutSessions.values()].find((s) => s.url === response.body.url)!;
    expect(session).toMatchObject({
      mode: 'subscription',
      client_reference_id: user.id,
      metadata: { sellerId: user.id },
      _subscriptionMetadata: { sellerId: user.id },
      _price: sim.prices.growth.year,
      success_url: `${app.url}/billing/success?session_id=${session.id}`,
      cancel_url: `${app.url}/billing/cancel`,
    });
    const customer = sim.customers.get(session.customer)!;
    expect(customer).toMatchObject({ email, metadata: { sellerId: user.id } });

    // The official SDK spoke to the simulator as it speaks to Stripe.
    const create = sim.requests.find((r) => r.path === '/v1/checkout/sessions')!;
    expect(create.headers['authorization']).toBe(`Bearer ${sim.apiKey}`);
    expect(create.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(create.headers['stripe-version']).toMatch(/^\d{4}-\d{2}-\d{2}\./);
    expect(create.headers['idempotency-key']).toMatch(/^stripe-node-retry-/);
    expect(await planOf(user.id)).toBe('free');
  });

  test('a paid checkout moves the seller to Growth and the limits follow at once', async () => {
    const { client, user } = await app.seller();
    const session = await startCheckout(client, 'growth');
    const events = await sim.completeCheckout(session.id);
    expect(sim.deliveries.filter((d) => events.includes(d.event)).map((d) => d.status)).toEqual([
      200, 200, 200,
    ]);
    expect(await planOf(user.id)).toBe('growth');
    expect((await client.get('/api/me')).body.plan).toBe('growth');
    expect((await client.get('/api/stats/daily')).body).toMatchObject({
      dailyLimit: 100,
      tempLimit: 20,
      planName: 'Growth',
    });
    const [mirror] = await app.ctx.db
      .select()
      .from(billingSubscriptions)
      .where(eq(billingSubscriptions.userId, user.id));
    expect(mirror).toMatchObject({
      subscriptionId: session.subscription,
      status: 'active',
      planId: 'growth',
      interval: 'month',
    });
    // The period end comes from the subscription item (current API versions).
    expect(mirror!.currentPeriodEnd).toBeInstanceOf(Date);
  });

  test('makes the seller’s customer once and reuses it for every checkout and the portal', async () => {
    const { client, user } = await app.seller();
    const first = await startCheckout(client, 'growth');
    const second = await startCheckout(client, 'business', 'year');
    const portal = await client.post('/api/billing/portal', {});
    expect(portal.status).toBe(200);
    expect(second.customer).toBe(first.customer);
    expect(sim.portalSessions.get(portal.body.url.split('/').pop())!.customer).toBe(first.customer);
    const theirs = [...sim.customers.values()].filter((c) => c.metadata.sellerId === user.id);
    expect(theirs).toHaveLength(1);
    const rows = await app.ctx.db
      .select()
      .from(billingCustomers)
      .where(eq(billingCustomers.userId, user.id));
    expect(rows).toHaveLength(1);
  });

  test('a seller who already pays is sent to confirm the switch in the portal, not a second checkout', async () => {
    const seller = await payingSeller('growth');
    const sessionsBefore = sim.checkoutSessions.size;
    const response = await seller.client.post('/api/billing/checkout', {
      planId: 'business',
      interval: 'year',
    });
    expect(response.status).toBe(200);
    expect(sim.checkoutSessions.size).toBe(sessionsBefore);
    const portal = sim.portalSessions.get(response.body.url.split('/').pop())!;
    const itemId = sim.subscriptions.get(seller.subscriptionId)!.items.data[0].id;
    expect(portal).toMatchObject({
      customer: seller.customerId,
      return_url: `${app.url}/Account`,
      flow: {
        type: 'subscription_update_confirm',
        subscription_update_confirm: {
          subscription: seller.subscriptionId,
          items: [{ id: itemId, price: sim.prices.business.year, quantity: '1' }],
        },
      },
    });
  });

  test('registration starts the same checkout from the plan named as the register form has it', async () => {
    const { client, user } = await app.seller();
    const growth = await client.post('/api/stripe/create-checkout-session', { plan: 'Gro' });
    expect(growth.status).toBe(200);
    const session = [...sim.checkoutSessions.values()].find((s) => s.url === growth.body.url)!;
    expect(session).toMatchObject({
      client_reference_id: user.id,
      _price: sim.prices.growth.month,
    });

    const business = await client.post('/api/stripe/create-checkout-session', { plan: 'business' });
    const other = [...sim.checkoutSessions.values()].find((s) => s.url === business.body.url)!;
    expect(other._price).toBe(sim.prices.business.month);

    const starter = await client.post('/api/stripe/create-checkout-session', { plan: 'Starter' });
    expect(starter.status).toBe(400);
    expect(starter.body.error).toMatch(/Starter is free/);
    expect((await client.post('/api/stripe/create-checkout-session', { plan: 7 })).status).toBe(
      400,
    );
    expect(
      (await app.client().post('/api/stripe/create-checkout-session', { plan: 'Growth' })).status,
    ).toBe(401);
  });

  test('refuses bad input, strangers and other sites with a readable 4xx', async () => {
    const { client } = await app.seller();
    const free = await client.post('/api/billing/checkout', { planId: 'free', interval: 'month' });
    expect(free.status).toBe(400);
    expect(free.body.error).toBe('Choose the Growth or Business plan.');
    expect(
      (await client.post('/api/billing/checkout', { planId: 'growth', interval: 'weekly' })).status,
    ).toBe(400);
    expect((await client.post('/api/billing/checkout', 'not json')).status).toBe(400);
    expect((await app.client().post('/api/billing/checkout', { planId: 'growth' })).status).toBe(
      401,
    );
    expect((await app.client().post('/api/billing/portal', {})).status).toBe(401);
    const crossSite = await client.request(
      'POST',
      '/api/billing/checkout',
      { planId: 'growth' },
      { origin: 'https://evil.example' },
    );
    expect(crossSite.status).toBe(403);
  });

  test('a failing provider is a 502 with a message a person can read, and no secret', async () => {
    const { client } = await app.seller();
    await client.post('/api/billing/portal', {}); // the customer exists from here on
    sim.failNext(500, { type: 'api_error', message: 'Something went wrong on Stripe’s end.' });
    const response = await client.post('/api/billing/checkout', {
      planId: 'growth',
      interval: 'month',
    });
    expect(response.status).toBe(502);
    expect(response.body.error).toBe(
      'The payment provider could not be reached. Please try again.',
    );
    expect(JSON.stringify(response.body)).not.toContain(sim.apiKey);
  });
});

describe('keeping the plan in sync', () => {
  test('a switch to Business in the portal moves the seller to Business', async () => {
    const seller = await payingSeller('growth');
    await sim.updateSubscription(seller.subscriptionId, { price: sim.prices.business.month });
    expect(await planOf(seller.user.id)).toBe('business');
    expect((await seller.client.get('/api/stats/daily')).body).toMatchObject({
      dailyLimit: -1,
      tempLimit: 100,
    });
  });

  test('cancelling moves the seller to Starter: templates are kept, new ones refused, overrides stop', async () => {
    const seller = await payingSeller('growth');
    const { design } = createDefaultTemplate();
    const ids: string[] = [];
    for (const name of ['One', 'Two', 'Dated']) {
      const created = await seller.client.post('/api/templates', {
        name,
        subject: 'Thanks',
        html: '',
        design,
        sendConditions:
          name === 'Dated'
            ? { enabled: true, startDate: '2000-01-01', endDate: '2099-12-31' }
            : { enabled: false, startDate: null, endDate: null },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      ids.push(created.body.id);
    }
    await seller.client.post(`/api/templates/selectors/select/${ids[0]}`);
    expect((await seller.client.get('/api/templates/effective')).body).toMatchObject({
      templateId: ids[2],
      overridden: true,
    });

    await sim.cancelSubscription(seller.subscriptionId);
    expect(await planOf(seller.user.id)).toBe('free');
    expect((await seller.client.get('/api/templates/')).body.templates).toHaveLength(3);
    const blocked = await seller.client.post('/api/templates', {
      name: 'Four',
      subject: '',
      html: '',
      design,
    });
    expect(blocked.status).toBe(403);
    expect((await seller.client.get('/api/templates/effective')).body).toMatchObject({
      templateId: ids[0],
      overridden: false,
    });
  });

  test('a failed renewal keeps the plan while Stripe retries, and Starter follows when Stripe cancels', async () => {
    const seller = await payingSeller('business');
    const events = await sim.failRenewal(seller.subscriptionId);
    expect(eventsOf(events, 'invoice.payment_failed')).toHaveLength(1);
    expect(
      sim.deliveries.filter((d) => events.includes(d.event)).every((d) => d.status === 200),
    ).toBe(true);
    expect(await planOf(seller.user.id)).toBe('business');
    const [mirror] = await app.ctx.db
      .select()
      .from(billingSubscriptions)
      .where(eq(billingSubscriptions.subscriptionId, seller.subscriptionId));
    expect(mirror!.status).toBe('past_due');

    await sim.cancelSubscription(seller.subscriptionId);
    expect(await planOf(seller.user.id)).toBe('free');
  });

  test('the success page’s sync sets the plan even before the webhook arrives', async () => {
    const { client, user } = await app.seller();
    const session = await startCheckout(client, 'growth');
    sim.autoDeliver = false;
    await sim.completeCheckout(session.id);
    expect(await planOf(user.id)).toBe('free');
    const synced = await client.post('/api/billing/sync', {});
    expect(synced.body).toEqual({ plan: 'growth' });
    expect(await planOf(user.id)).toBe('growth');
  });
});

describe('the webhook', () => {
  async function heldCheckout() {
    const seller = await app.seller();
    const session = await startCheckout(seller.client, 'growth');
    sim.autoDeliver = false;
    const events = await sim.completeCheckout(session.id);
    return { ...seller, session, events, subscriptionId: session.subscription as string };
  }

  const recorded = async (eventId: string) =>
    (
      await app.ctx.db
        .select()
        .from(billingEvents)
        .where(and(eq(billingEvents.provider, 'stripe'), eq(billingEvents.eventId, eventId)))
    ).length;

  test('refuses a bad signature with 400 and changes nothing', async () => {
    const { user, events } = await heldCheckout();
    const completed = eventsOf(events, 'checkout.session.completed')[0]!;
    const attempts = [
      await sim.deliver(completed, { secret: 'whsec_not_ours' }),
      await sim.deliver(completed, { signature: 't=1,v1=' + '0'.repeat(64) }),
      await sim.deliver(completed, { signature: '' }),
      // Signed correctly, but over a different body than the one sent.
      await sim.deliver(completed, {
        signature: `t=${Math.floor(Date.now() / 1000)},v1=${'a'.repeat(64)}`,
        body: JSON.stringify({ ...completed, type: 'customer.subscription.deleted' }),
      }),
      // A valid signature from ten minutes ago: outside Stripe's five-minute tolerance.
      await sim.deliver(completed, { timestamp: Math.floor(Date.now() / 1000) - 600 }),
    ];
    for (const attempt of attempts) {
      expect(attempt.status).toBe(400);
      expect(attempt.body).toEqual({ error: 'The webhook signature is not valid.' });
    }
    expect(await planOf(user.id)).toBe('free');
    expect(await recorded(completed.id)).toBe(0);

    const good = await sim.deliver(completed);
    expect(good).toMatchObject({ status: 200, body: { received: true, outcome: 'processed' } });
    expect(await planOf(user.id)).toBe('growth');
  });

  test('a body that was tampered with after signing is refused', async () => {
    const { user, events } = await heldCheckout();
    const completed = eventsOf(events, 'checkout.session.completed')[0]!;
    const body = JSON.stringify(completed);
    const timestamp = Math.floor(Date.now() / 1000);
    const { createHmac } = await import('node:crypto');
    const signature = `t=${timestamp},v1=${createHmac('sha256', sim.webhookSecret)
      .update(`${timestamp}.${body}`)
      .digest('hex')}`;
    const tampered = await sim.deliver(completed, {
      signature,
      body: body.replace(user.id, 'x') + ' ',
    });
    expect(tampered.status).toBe(400);
    const exact = await sim.deliver(completed, { signature, body });
    expect(exact.status).toBe(200);
  });

  test('a replayed event is acknowledged and ignored', async () => {
    const { user, events } = await heldCheckout();
    const completed = eventsOf(events, 'checkout.session.completed')[0]!;
    expect((await sim.deliver(completed)).body.outcome).toBe('processed');
    expect(await planOf(user.id)).toBe('growth');

    const reads = sim.requests.filter((r) => r.path === '/v1/subscriptions').length;
    const replay = await sim.deliver(completed);
    expect(replay).toMatchObject({ status: 200, body: { received: true, outcome: 'duplicate' } });
    // Ignored means ignored: not even a read at the provider.
    expect(sim.requests.filter((r) => r.path === '/v1/subscriptions').length).toBe(reads);
    expect(await recorded(completed.id)).toBe(1);
  });

  test('older events arriving after newer ones do not regress the plan', async () => {
    const { user, events, subscriptionId } = await heldCheckout();
    // At Stripe: Growth monthly -> Growth yearly -> Business monthly, events held back.
    const [toGrowthYear] = await sim.updateSubscription(subscriptionId, {
      price: sim.prices.growth.year,
    });
    const [toBusiness] = await sim.updateSubscription(subscriptionId, {
      price: sim.prices.business.month,
    });
    expect(toGrowthYear!.data.object.items.data[0].price.id).toBe(sim.prices.growth.year);

    // The network delivers the newest first...
    expect((await sim.deliver(toBusiness!)).status).toBe(200);
    expect(await planOf(user.id)).toBe('business');
    // ...then an older customer.subscription.updated whose snapshot still says Growth...
    expect((await sim.deliver(toGrowthYear!)).status).toBe(200);
    // ...then the checkout's own events from before either change.
    for (const old of events) expect((await sim.deliver(old)).status).toBe(200);
    expect(await planOf(user.id)).toBe('business');
    const [mirror] = await app.ctx.db
      .select()
      .from(billingSubscriptions)
      .where(eq(billingSubscriptions.subscriptionId, subscriptionId));
    expect(mirror).toMatchObject({ planId: 'business', interval: 'month' });
  });

  test('a sync that took its ticket before one already applied writes nothing', async () => {
    const { user, events, session } = await heldCheckout();
    for (const e of events) await sim.deliver(e);
    const customerId = session.customer as string;
    const [row] = await app.ctx.db
      .select()
      .from(billingCustomers)
      .where(eq(billingCustomers.customerId, customerId));
    expect(row!.syncApplied).toBe(row!.syncRequested);
    // As if a later sync had already written Starter while this one was still reading Stripe.
    await app.ctx.db
      .update(billingCustomers)
      .set({ syncApplied: row!.syncRequested + 5 })
      .where(eq(billingCustomers.customerId, customerId));
    await app.ctx.db.update(users).set({ plan: 'free' }).where(eq(users.id, user.id));

    const [toBusiness] = await sim.updateSubscription(session.subscription, {
      price: sim.prices.business.month,
    });
    expect((await sim.deliver(toBusiness!)).status).toBe(200);
    expect(await planOf(user.id)).toBe('free');
  });

  test('acknowledges events it does not act on, and customers that are not ours', async () => {
    const { events } = await heldCheckout();
    const other = { ...events[0]!, id: `evt_other_${Date.now()}`, type: 'customer.created' };
    expect((await sim.deliver(other)).body).toEqual({ received: true, outcome: 'ignored' });

    const stranger = {
      ...events[0]!,
      id: `evt_stranger_${Date.now()}`,
      data: { object: { ...events[0]!.data.object, customer: 'cus_not_ours' } },
    };
    expect(await sim.deliver(stranger)).toMatchObject({
      status: 200,
      body: { outcome: 'processed' },
    });
  });

  test('when the provider cannot be read, the event is not recorded, so Stripe’s retry syncs it', async () => {
    const { user, events } = await heldCheckout();
    const completed = eventsOf(events, 'checkout.session.completed')[0]!;
    sim.failNext(500, { type: 'api_error', message: 'Try again.' });
    const failed = await sim.deliver(completed);
    expect(failed.status).toBe(502);
    expect(await recorded(completed.id)).toBe(0);
    expect(await planOf(user.id)).toBe('free');

    expect((await sim.deliver(completed)).body.outcome).toBe('processed');
    expect(await planOf(user.id)).toBe('growth');
  });

  test('accepts only signed POSTs from anywhere, without our CSRF rules', async () => {
    const response = await fetch(`${app.url}/api/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', origin: 'https://stripe.com' },
      body: 'hello',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'The webhook signature is not valid.' });
  });
});
