import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the Stripe API on loopback, following its contract closely enough for the
 * official SDK (integrations.md C1-C5): Bearer auth, form-encoded bracket bodies, Stripe-Version
 * and Idempotency-Key headers (a key replays its first response), Request-Id on every response,
 * Stripe's error shape, and checkout sessions, portal sessions, customers and subscriptions (with
 * the billing period on the items). The test drives what happens at "Stripe" (a checkout is
 * paid, a plan is switched, a renewal fails) and the simulator sends the events it would send,
 * signed like Stripe (`t=…,v1=…`, HMAC-SHA256 hex of `${t}.${body}` keyed by the whsec_ secret
 * as-is), to the webhook endpoint.
 */

type Json = Record<string, any>;

export interface SimulatedEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: Json; previous_attributes?: Json };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
}

export interface Delivery {
  event: SimulatedEvent;
  status: number;
  body: any;
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  params: Json;
}

export interface StripeSimulator {
  /** Origin for STRIPE_API_URL. */
  url: string;
  apiKey: string;
  webhookSecret: string;
  /** Price ids the simulator knows, by plan and interval. */
  prices: { growth: { month: string; year: string }; business: { month: string; year: string } };
  /** The STRIPE_* settings that point Thankly at this simulator. */
  env(): Record<string, string>;
  /** Where events go; until set, they are only kept. */
  webhookUrl: string | undefined;
  /** When false, events are only kept in `events` and the test delivers them itself. */
  autoDeliver: boolean;
  requests: RecordedRequest[];
  events: SimulatedEvent[];
  deliveries: Delivery[];
  customers: Map<string, Json>;
  checkoutSessions: Map<string, Json>;
  portalSessions: Map<string, Json>;
  subscriptions: Map<string, Json>;
  /** The buyer pays on the hosted checkout page. */
  completeCheckout(sessionId: string): Promise<SimulatedEvent[]>;
  /** A change made in the portal or the dashboard. */
  updateSubscription(
    subscriptionId: string,
    change: { price?: string; status?: string; cancelAtPeriodEnd?: boolean },
  ): Promise<SimulatedEvent[]>;
  /** Cancelled now (portal "cancel immediately", or the end of dunning). */
  cancelSubscription(subscriptionId: string): Promise<SimulatedEvent[]>;
  /** A renewal charge is declined: the subscription goes past_due. */
  failRenewal(subscriptionId: string): Promise<SimulatedEvent[]>;
  /** Posts one event to the webhook, signed (or with the signature given). */
  deliver(
    event: SimulatedEvent,
    options?: { secret?: string; timestamp?: number; signature?: string; body?: string },
  ): Promise<Delivery>;
  /** The next API call (any path) fails with this status and error. */
  failNext(status: number, error: { type: string; message: string; code?: string }): void;
  close(): Promise<void>;
}

const API_VERSION = '2026-10-28.endive';

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);
const clone = <T>(value: T): T => structuredClone(value);

/** Stripe's form encoding: `a[b][0][c]=v` becomes `{ a: { b: [{ c: 'v' }] } }`. */
export function decodeStripeForm(text: string): Json {
  const root: Json = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const parts = rawKey.replace(/\]/g, '').split('[');
    let node: any = root;
    parts.forEach((part, index) => {
      const last = index === parts.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(parts[index + 1]!);
      if (last) node[part] = value;
      else node = node[part] ??= nextIsIndex ? [] : {};
    });
  }
  return root;
}

class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly code?: string,
    readonly param?: string,
  ) {
    super(message);
  }
}

const missing = (param: string) =>
  new StripeApiError(
    400,
    'invalid_request_error',
    `Missing required param: ${param}.`,
    'parameter_missing',
    param,
  );
const noSuch = (what: string, value: string, param?: string) =>
  new StripeApiError(
    param ? 400 : 404,
    'invalid_request_error',
    `No such ${what}: '${value}'`,
    'resource_missing',
    param,
  );

export async function startStripeSimulator(
  options: { apiKey?: string; webhookSecret?: string } = {},
): Promise<StripeSimulator> {
  const apiKey = options.apiKey ?? 'sk_test_simulator';
  const webhookSecret = options.webhookSecret ?? `whsec_${randomBytes(16).toString('hex')}`;
  const prices = {
    growth: { month: 'price_growth_month', year: 'price_growth_year' },
    business: { month: 'price_business_month', year: 'price_business_year' },
  };
  const priceObjects = new Map<string, Json>();
  for (const [plan, byInterval] of Object.entries(prices)) {
    for (const [interval, priceId] of Object.entries(byInterval)) {
      priceObjects.set(priceId, {
        id: priceId,
        object: 'price',
        active: true,
        currency: 'usd',
        product: `prod_${plan}`,
        recurring: { interval, interval_count: 1 },
        type: 'recurring',
        unit_amount:
          plan === 'growth'
            ? interval === 'month'
              ? 900
              : 9000
            : interval === 'month'
              ? 1900
              : 19000,
      });
    }
  }

  const idempotent = new Map<string, { params: string; status: number; body: Json }>();
  let injected: { status: number; error: Json } | undefined;

  const sim: StripeSimulator = {
    url: '',
    apiKey,
    webhookSecret,
    prices,
    env: () => ({
      STRIPE_SECRET_KEY: apiKey,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_PRICE_GROWTH_MONTH: prices.growth.month,
      STRIPE_PRICE_GROWTH_YEAR: prices.growth.year,
      STRIPE_PRICE_BUSINESS_MONTH: prices.business.month,
      STRIPE_PRICE_BUSINESS_YEAR: prices.business.year,
      STRIPE_API_URL: sim.url,
    }),
    webhookUrl: undefined,
    autoDeliver: true,
    requests: [],
    events: [],
    deliveries: [],
    customers: new Map(),
    checkoutSessions: new Map(),
    portalSessions: new Map(),
    subscriptions: new Map(),

    async completeCheckout(sessionId) {
      const session = sim.checkoutSessions.get(sessionId);
      if (!session || session.status !== 'open') throw new Error(`no open session ${sessionId}`);
      const created = nowSeconds();
      const subscription = {
        id: id('sub'),
        object: 'subscription',
        customer: session.customer,
        status: 'active',
        cancel_at_period_end: false,
        cancel_at: null,
        canceled_at: null,
        created,
        currency: 'usd',
        livemode: false,
        metadata: session._subscriptionMetadata ?? {},
        items: { object: 'list', data: [] as Json[], has_more: false },
        latest_invoice: id('in'),
      };
      subscription.items.data.push(itemFor(subscription.id, session._price, created));
      sim.subscriptions.set(subscription.id, subscription);
      Object.assign(session, {
        status: 'complete',
        payment_status: 'paid',
        subscription: subscription.id,
      });
      return emit([
        event('customer.subscription.created', subscription),
        event('checkout.session.completed', publicSession(session)),
        event('invoice.paid', invoiceFor(subscription, 'paid')),
      ]);
    },

    async updateSubscription(subscriptionId, change) {
      const subscription = sim.subscriptions.get(subscriptionId);
      if (!subscription) throw new Error(`no subscription ${subscriptionId}`);
      const previous: Json = {};
      if (change.price) {
        previous.items = clone(subscription.items);
        const item = subscription.items.data[0];
        item.price = clone(priceObjects.get(change.price)!);
      }
      if (change.status) {
        previous.status = subscription.status;
        subscription.status = change.status;
      }
      if (change.cancelAtPeriodEnd !== undefined) {
        previous.cancel_at_period_end = subscription.cancel_at_period_end;
        subscription.cancel_at_period_end = change.cancelAtPeriodEnd;
      }
      return emit([event('customer.subscription.updated', subscription, previous)]);
    },

    async cancelSubscription(subscriptionId) {
      const subscription = sim.subscriptions.get(subscriptionId);
      if (!subscription) throw new Error(`no subscription ${subscriptionId}`);
      Object.assign(subscription, { status: 'canceled', canceled_at: nowSeconds() });
      return emit([event('customer.subscription.deleted', subscription)]);
    },

    async failRenewal(subscriptionId) {
      const subscription = sim.subscriptions.get(subscriptionId);
      if (!subscription) throw new Error(`no subscription ${subscriptionId}`);
      const previous = { status: subscription.status };
      subscription.status = 'past_due';
      return emit([
        event('invoice.payment_failed', invoiceFor(subscription, 'open')),
        event('customer.subscription.updated', subscription, previous),
      ]);
    },

    async deliver(evt, deliverOptions = {}) {
      if (!sim.webhookUrl) throw new Error('webhookUrl is not set');
      const body = deliverOptions.body ?? JSON.stringify(evt, null, 2);
      const timestamp = deliverOptions.timestamp ?? nowSeconds();
      const signature =
        deliverOptions.signature ??
        `t=${timestamp},v1=${createHmac('sha256', deliverOptions.secret ?? webhookSecret)
          .update(`${timestamp}.${body}`, 'utf8')
          .digest('hex')}`;
      const response = await fetch(sim.webhookUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          'stripe-signature': signature,
        },
        body,
      });
      const text = await response.text();
      let parsed: any = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // Not JSON: keep the text.
      }
      const delivery = { event: evt, status: response.status, body: parsed };
      sim.deliveries.push(delivery);
      return delivery;
    },

    failNext(status, error) {
      injected = { status, error };
    },

    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  function itemFor(subscriptionId: string, priceId: string, start: number): Json {
    const price = priceObjects.get(priceId)!;
    const end = start + (price.recurring.interval === 'year' ? 365 : 30) * 86_400;
    return {
      id: id('si'),
      object: 'subscription_item',
      created: start,
      price: clone(price),
      quantity: 1,
      subscription: subscriptionId,
      current_period_start: start,
      current_period_end: end,
    };
  }

  /** The invoice names its subscription under parent.subscription_details, as in current versions. */
  function invoiceFor(subscription: Json, status: 'paid' | 'open'): Json {
    return {
      id: subscription.latest_invoice ?? id('in'),
      object: 'invoice',
      customer: subscription.customer,
      status,
      attempt_count: 1,
      billing_reason: 'subscription_cycle',
      next_payment_attempt: status === 'open' ? nowSeconds() + 3 * 86_400 : null,
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
      },
    };
  }

  function event(type: string, object: Json, previous?: Json): SimulatedEvent {
    return {
      id: id('evt'),
      object: 'event',
      api_version: API_VERSION,
      created: nowSeconds(),
      data: { object: clone(object), ...(previous && { previous_attributes: previous }) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
  }

  async function emit(events: SimulatedEvent[]): Promise<SimulatedEvent[]> {
    sim.events.push(...events);
    if (sim.autoDeliver && sim.webhookUrl) {
      for (const evt of events) await sim.deliver(evt);
    }
    return events;
  }

  function publicSession(session: Json): Json {
    return Object.fromEntries(Object.entries(session).filter(([key]) => !key.startsWith('_')));
  }

  function route(method: string, path: string, params: Json): { status?: number; body: Json } {
    let match: RegExpMatchArray | null;
    if (method === 'POST' && path === '/v1/customers') {
      const customer = {
        id: id('cus'),
        object: 'customer',
        created: nowSeconds(),
        email: params.email ?? null,
        name: params.name ?? null,
        metadata: params.metadata ?? {},
        livemode: false,
      };
      sim.customers.set(customer.id, customer);
      return { body: customer };
    }
    if (method === 'GET' && (match = path.match(/^\/v1\/customers\/([^/]+)$/))) {
      const customer = sim.customers.get(match[1]!);
      if (!customer) throw noSuch('customer', match[1]!);
      return { body: customer };
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      if (params.mode !== 'subscription' && params.mode !== 'payment') throw missing('mode');
      const line = params.line_items?.[0];
      if (!line?.price) throw missing('line_items');
      if (!priceObjects.has(line.price)) throw noSuch('price', line.price, 'line_items[0][price]');
      if (params.customer && !sim.customers.has(params.customer)) {
        throw noSuch('customer', params.customer, 'customer');
      }
      if (!params.success_url) throw missing('success_url');
      const sessionId = id('cs_test');
      const created = nowSeconds();
      const session = {
        id: sessionId,
        object: 'checkout.session',
        url: `${sim.url}/c/pay/${sessionId}`,
        status: 'open',
        payment_status: 'unpaid',
        mode: params.mode,
        customer: params.customer ?? null,
        customer_email: params.customer_email ?? null,
        customer_details: null,
        subscription: null,
        client_reference_id: params.client_reference_id ?? null,
        metadata: params.metadata ?? {},
        success_url: String(params.success_url).replace('{CHECKOUT_SESSION_ID}', sessionId),
        cancel_url: params.cancel_url ?? null,
        created,
        expires_at: created + 86_400,
        livemode: false,
        _price: line.price,
        _subscriptionMetadata: params.subscription_data?.metadata ?? {},
      };
      sim.checkoutSessions.set(sessionId, session);
      return { body: publicSession(session) };
    }
    if (method === 'GET' && (match = path.match(/^\/v1\/checkout\/sessions\/([^/]+)$/))) {
      const session = sim.checkoutSessions.get(match[1]!);
      if (!session) throw noSuch('checkout.session', match[1]!);
      return { body: publicSession(session) };
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      if (!params.customer) throw missing('customer');
      if (!sim.customers.has(params.customer))
        throw noSuch('customer', params.customer, 'customer');
      const flow = params.flow_data;
      if (flow?.type === 'subscription_update_confirm') {
        const subscriptionId = flow.subscription_update_confirm?.subscription;
        if (!sim.subscriptions.has(subscriptionId)) {
          throw noSuch(
            'subscription',
            subscriptionId,
            'flow_data[subscription_update_confirm][subscription]',
          );
        }
      }
      const session = {
        id: id('bps'),
        object: 'billing_portal.session',
        configuration: 'bpc_default',
        created: nowSeconds(),
        customer: params.customer,
        flow: flow ?? null,
        livemode: false,
        locale: null,
        on_behalf_of: null,
        return_url: params.return_url ?? null,
        url: '',
      };
      session.url = `${sim.url}/p/session/${session.id}`;
      sim.portalSessions.set(session.id, session);
      return { body: session };
    }
    if (method === 'GET' && path === '/v1/subscriptions') {
      const status = params.status ?? 'active';
      const data = [...sim.subscriptions.values()]
        .filter((s) => !params.customer || s.customer === params.customer)
        .filter((s) =>
          status === 'all'
            ? true
            : status === 'active'
              ? s.status !== 'canceled' && s.status !== 'incomplete_expired'
              : s.status === status,
        )
        .sort((a, b) => b.created - a.created);
      return { body: { object: 'list', data, has_more: false, url: '/v1/subscriptions' } };
    }
    if (method === 'GET' && (match = path.match(/^\/v1\/subscriptions\/([^/]+)$/))) {
      const subscription = sim.subscriptions.get(match[1]!);
      if (!subscription) throw noSuch('subscription', match[1]!);
      return { body: subscription };
    }
    throw new StripeApiError(
      404,
      'invalid_request_error',
      `Unrecognized request URL (${method}: ${path}).`,
    );
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://simulator');
      const text = Buffer.concat(chunks).toString('utf8');
      const method = request.method ?? 'GET';
      const params = decodeStripeForm(method === 'GET' ? url.search.slice(1) : text);
      sim.requests.push({ method, path: url.pathname, headers: request.headers, params });

      const send = (status: number, body: Json) => {
        response.writeHead(status, {
          'content-type': 'application/json',
          'request-id': id('req'),
          'stripe-version': API_VERSION,
        });
        response.end(JSON.stringify(body));
      };
      const fail = (error: StripeApiError) =>
        send(error.status, {
          error: {
            type: error.type,
            message: error.message,
            ...(error.code && { code: error.code }),
            ...(error.param && { param: error.param }),
          },
        });

      if (request.headers.authorization !== `Bearer ${apiKey}`) {
        return fail(
          new StripeApiError(
            401,
            'invalid_request_error',
            'Invalid API Key provided: sk_test_****',
          ),
        );
      }
      if (injected) {
        const { status, error } = injected;
        injected = undefined;
        return send(status, { error });
      }
      const key = request.headers['idempotency-key'];
      const idempotencyKey =
        method === 'POST' && typeof key === 'string' ? `${url.pathname} ${key}` : undefined;
      if (idempotencyKey) {
        const seen = idempotent.get(idempotencyKey);
        if (seen && seen.params !== text) {
          return fail(
            new StripeApiError(
              400,
              'idempotency_error',
              'Keys for idempotent requests can only be used with the same parameters they were first used with.',
            ),
          );
        }
        if (seen) return send(seen.status, seen.body);
      }
      try {
        const { status = 200, body } = route(method, url.pathname, params);
        if (idempotencyKey) idempotent.set(idempotencyKey, { params: text, status, body });
        send(status, body);
      } catch (error) {
        if (error instanceof StripeApiError) return fail(error);
        send(500, { error: { type: 'api_error', message: (error as Error).message } });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  sim.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return sim;
}
