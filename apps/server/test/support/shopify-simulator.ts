import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LoopbackServer, readBody } from './loopback-server.ts';

/**
 * A local Shopify that follows the contract in integrations.md section B: the authorization code
 * install (consent at /admin/oauth/authorize, a callback signed with a hex HMAC of the sorted
 * query, single-use codes for offline tokens), the GraphQL Admin API for the shop and webhook
 * subscriptions, and webhook deliveries signed with base64 HMAC-SHA256 of the raw body, with the
 * X-Shopify-* headers, retries that keep the webhook id, and the three privacy topics.
 *
 * Shops live under `/{shop}/…` so one simulator hosts many: the app's SHOPIFY_SHOP_URL is
 * `${sim.url}/{shop}` where production has `https://{shop}`.
 */
export interface SimulatedShop {
  domain: string;
  id: number;
  name: string;
  primaryDomain: string;
}

interface Subscription {
  id: string;
  topic: string;
  uri: string;
}

export interface Delivery {
  topic: string;
  shop: string;
  body: string;
  headers: Record<string, string>;
}

export interface ShopifyOrderPayload {
  id: number;
  name: string;
  order_number: number;
  number: number;
  email: string | null;
  contact_email: string | null;
  customer: {
    id: number;
    email: string | null;
    first_name: string | null;
    last_name: string | null;
  } | null;
  billing_address: {
    first_name: string | null;
    last_name: string | null;
    name: string | null;
  } | null;
  shipping_address: {
    first_name: string | null;
    last_name: string | null;
    name: string | null;
  } | null;
  financial_status: string;
  total_price: string;
  current_total_price: string;
  currency: string;
  line_items: Array<{ id: number; title: string; name: string; quantity: number; price: string }>;
  fulfillments: Array<{
    tracking_url: string | null;
    tracking_urls: string[];
    tracking_number: string | null;
    tracking_numbers?: string[];
    tracking_company?: string | null;
    /** success, cancelled, error, failure (REST Fulfillment). */
    status?: string;
    created_at?: string;
    updated_at?: string;
    /** The carrier's latest word: in_transit, out_for_delivery, delivered, … */
    shipment_status?: string | null;
  }>;
  cancelled_at?: string | null;
  refunds?: Array<{ id: number; order_id: number; created_at: string; processed_at: string }>;
  created_at: string;
  updated_at: string;
  processed_at: string;
  test: boolean;
  /** Discount codes the buyer entered at checkout (none unless a test asks). */
  discount_codes: Array<{ code: string; amount: string; type: 'percentage' | 'fixed_amount' }>;
}

const TOPICS: Record<string, string> = {
  ORDERS_PAID: 'orders/paid',
  ORDERS_CREATE: 'orders/create',
  ORDERS_FULFILLED: 'orders/fulfilled',
  ORDERS_PARTIALLY_FULFILLED: 'orders/partially_fulfilled',
  ORDERS_UPDATED: 'orders/updated',
  ORDERS_CANCELLED: 'orders/cancelled',
  REFUNDS_CREATE: 'refunds/create',
  APP_UNINSTALLED: 'app/uninstalled',
};

/** A REST order as the GraphQL Admin API's Order object answers it (the fields Thankly asks for). */
function graphqlOrder(order: ShopifyOrderPayload) {
  return {
    id: `gid://shopify/Order/${order.id}`,
    legacyResourceId: String(order.id),
    name: order.name,
    email: order.email,
    createdAt: order.created_at,
    updatedAt: order.updated_at,
    processedAt: order.processed_at,
    cancelledAt: order.cancelled_at ?? null,
    displayFinancialStatus: order.financial_status.toUpperCase(),
    customer: order.customer
      ? { firstName: order.customer.first_name, lastName: order.customer.last_name }
      : null,
    billingAddress: order.billing_address && {
      firstName: order.billing_address.first_name,
      lastName: order.billing_address.last_name,
      name: order.billing_address.name,
    },
    shippingAddress: order.shipping_address && {
      firstName: order.shipping_address.first_name,
      lastName: order.shipping_address.last_name,
      name: order.shipping_address.name,
    },
    totalPriceSet: { shopMoney: { amount: order.total_price, currencyCode: order.currency } },
    discountCodes: order.discount_codes.map((d) => d.code),
    lineItems: { nodes: order.line_items.map((l) => ({ title: l.title, name: l.name })) },
    fulfillments: order.fulfillments.map((f) => ({
      status: (f.status ?? 'success').toUpperCase(),
      createdAt: f.created_at ?? order.updated_at,
      updatedAt: f.updated_at ?? order.updated_at,
      deliveredAt: f.shipment_status === 'delivered' ? (f.updated_at ?? order.updated_at) : null,
      trackingInfo: (f.tracking_numbers?.length ? f.tracking_numbers : [f.tracking_number])
        .filter((n): n is string => Boolean(n))
        .map((number, i) => ({
          number,
          url: f.tracking_urls[i] ?? f.tracking_url,
          company: f.tracking_company ?? null,
        })),
    })),
    refunds: (order.refunds ?? []).map((r) => ({ createdAt: r.created_at })),
  };
}

export class ShopifySimulator extends LoopbackServer {
  readonly apiKey = `simkey${randomBytes(6).toString('hex')}`;
  readonly apiSecret = `shpss_${randomBytes(16).toString('hex')}`;
  readonly apiVersion = '2026-07';
  /** Allowed redirection URLs of the app, as set in the Partner Dashboard; matched exactly. */
  readonly redirectUris = new Set<string>();
  /** The app's compliance webhook URL (shopify.app.toml); privacy topics go here. */
  complianceUrl = '';
  readonly shops = new Map<string, SimulatedShop>();
  readonly requests: Array<{
    method: string;
    path: string;
    headers: IncomingMessage['headers'];
    body: string;
  }> = [];
  /** Every delivery attempt and the status our app answered. */
  readonly deliveries: Array<Delivery & { status: number }> = [];
  /** Scopes the seller grants; a test may grant fewer than asked. */
  grantScopes: string | null = null;
  /** While true, the Admin API answers 503 as Shopify does in an outage. */
  adminUnavailable = false;

  private readonly codes = new Map<
    string,
    { shop: string; scope: string; used: boolean; expiresAt: number }
  >();
  private readonly tokens = new Map<string, { shop: string; scope: string }>();
  private readonly subscriptions = new Map<string, Subscription[]>();
  /** Which shop each delivered order belongs to, for the Admin API's order(id:) query. */
  private readonly orderShops = new Map<string, string>();
  /** Each shop order as it is now, for the Admin API's full order query. */
  private readonly storedOrders = new Map<string, ShopifyOrderPayload>();
  private nextOrderId = 5_100_000_001;
  private nextOrderNumber = 1001;

  /** The value of the app's SHOPIFY_SHOP_URL that sends every shop's calls here. */
  get shopUrlTemplate(): string {
    return `${this.url}/{shop}`;
  }

  addShop(domain: string, name: string): SimulatedShop {
    const shop = {
      domain,
      id: 60_000_000 + this.shops.size + 1,
      name,
      primaryDomain: `https://${domain.replace('.myshopify.com', '')}.example.com`,
    };
    this.shops.set(domain, shop);
    return shop;
  }

  subscriptionsOf(domain: string): Subscription[] {
    return this.subscriptions.get(domain) ?? [];
  }

  /** The hex HMAC Shopify puts on a callback: sorted query minus hmac/signature, %20 for spaces. */
  signQuery(params: Record<string, string>, secret = this.apiSecret): string {
    const message = Object.keys(params)
      .filter((k) => k !== 'hmac' && k !== 'signature')
      .sort()
      .map((k) => `${encodeURIComponent(k)}=${encodeURIComponent(params[k]!)}`)
      .join('&');
    return createHmac('sha256', secret).update(message).digest('hex');
  }

  /** A discount code line as an order carries it, for `order({ discount_codes: [...] })`. */
  discountCode(code: string): ShopifyOrderPayload['discount_codes'][number] {
    return { code, amount: '5.00', type: 'fixed_amount' };
  }

  /** A paid order as Shopify's REST Order resource describes it. */
  order(overrides: Partial<ShopifyOrderPayload> = {}): ShopifyOrderPayload {
    const now = new Date().toISOString();
    const number = this.nextOrderNumber++;
    return {
      id: this.nextOrderId++,
      name: `#${number}`,
      order_number: number,
      number: number - 1000,
      email: 'lena.fischer@example.com',
      contact_email: 'lena.fischer@example.com',
      customer: {
        id: 7_001,
        email: 'lena.fischer@example.com',
        first_name: 'Lena',
        last_name: 'Fischer',
      },
      billing_address: { first_name: 'Lena', last_name: 'Fischer', name: 'Lena Fischer' },
      shipping_address: { first_name: 'Lena', last_name: 'Fischer', name: 'Lena Fischer' },
      financial_status: 'paid',
      total_price: '59.90',
      current_total_price: '59.90',
      currency: 'EUR',
      line_items: [
        { id: 1, title: 'Linen apron', name: 'Linen apron - Sand', quantity: 1, price: '39.90' },
        { id: 2, title: 'Tea towel', name: 'Tea towel', quantity: 2, price: '10.00' },
      ],
      fulfillments: [],
      created_at: now,
      updated_at: now,
      processed_at: now,
      test: false,
      discount_codes: [],
      ...overrides,
    };
  }

  /**
   * One delivery attempt of a topic to a URL. A retry is the same call with the same webhookId and
   * eventId (Shopify resends the original payload); a new event gets new ids.
   */
  async deliver(
    url: string,
    topic: string,
    shop: string,
    payload: unknown,
    options: { webhookId?: string; eventId?: string; secret?: string; body?: string } = {},
  ): Promise<{ status: number; webhookId: string; eventId: string; body: unknown }> {
    const body = options.body ?? JSON.stringify(payload);
    // An order Shopify delivers is an order of that shop (a test's raw body is a replay: no).
    if (
      topic === 'orders/paid' &&
      options.body === undefined &&
      payload &&
      typeof payload === 'object'
    )
      this.place(shop, payload as ShopifyOrderPayload);
    const webhookId = options.webhookId ?? randomUUID();
    const eventId = options.eventId ?? randomUUID();
    const headers = {
      'content-type': 'application/json',
      'x-shopify-topic': topic,
      'x-shopify-hmac-sha256': createHmac('sha256', options.secret ?? this.apiSecret)
        .update(body, 'utf8')
        .digest('base64'),
      'x-shopify-shop-domain': shop,
      'x-shopify-api-version': this.apiVersion,
      'x-shopify-webhook-id': webhookId,
      'x-shopify-event-id': eventId,
      'x-shopify-triggered-at': new Date().toISOString(),
    };
    const response = await fetch(url, {
      method: 'POST',
      headers,
      body,
      signal: AbortSignal.timeout(5000),
    });
    const text = await response.text();
    this.deliveries.push({ topic, shop, body, headers, status: response.status });
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Shopify only reads the status.
    }
    return { status: response.status, webhookId, eventId, body: parsed };
  }

  /** An event on a shop, to every subscription of its topic; retried (same ids) while not 2xx. */
  async emit(
    domain: string,
    topic: string,
    payload: unknown,
    options: { attempts?: number } = {},
  ): Promise<Array<{ status: number; body: unknown }>> {
    const results: Array<{ status: number; body: unknown }> = [];
    const eventId = randomUUID();
    for (const subscription of this.subscriptionsOf(domain).filter(
      (s) => TOPICS[s.topic] === topic,
    )) {
      const webhookId = randomUUID();
      for (let attempt = 0; attempt < (options.attempts ?? 8); attempt++) {
        const result = await this.deliver(subscription.uri, topic, domain, payload, {
          webhookId,
          eventId,
        });
        results.push(result);
        if (result.status >= 200 && result.status < 300) break;
      }
    }
    return results;
  }

  /** An order the shop has, without any webhook about it yet. */
  place(domain: string, order: ShopifyOrderPayload): ShopifyOrderPayload {
    this.orderShops.set(String(order.id), domain);
    this.storedOrders.set(String(order.id), order);
    return order;
  }

  /** The seller ships a parcel: a fulfilment with tracking; orders/fulfilled and orders/updated go out. */
  async fulfil(
    domain: string,
    order: ShopifyOrderPayload,
    tracking: { number: string; url: string; company?: string },
    at = new Date(),
  ) {
    const now = at.toISOString();
    order.fulfillments.push({
      status: 'success',
      created_at: now,
      updated_at: now,
      shipment_status: null,
      tracking_company: tracking.company ?? 'UPS',
      tracking_number: tracking.number,
      tracking_numbers: [tracking.number],
      tracking_url: tracking.url,
      tracking_urls: [tracking.url],
    });
    order.updated_at = now;
    this.place(domain, order);
    return [
      ...(await this.emit(domain, 'orders/fulfilled', order)),
      ...(await this.emit(domain, 'orders/updated', order)),
    ];
  }

  /** The carrier reports every parcel delivered: the fulfilments change; orders/updated goes out. */
  async markDelivered(domain: string, order: ShopifyOrderPayload, at = new Date()) {
    for (const f of order.fulfillments)
      Object.assign(f, { shipment_status: 'delivered', updated_at: at.toISOString() });
    order.updated_at = at.toISOString();
    return this.emit(domain, 'orders/updated', order);
  }

  /** The seller cancels the order (and refunds it): orders/cancelled goes out. */
  async cancel(domain: string, order: ShopifyOrderPayload, at = new Date()) {
    Object.assign(order, {
      cancelled_at: at.toISOString(),
      financial_status: 'refunded',
      updated_at: at.toISOString(),
    });
    return this.emit(domain, 'orders/cancelled', order);
  }

  /** A full refund without cancelling: refunds/create goes out with the REST Refund resource. */
  async refund(domain: string, order: ShopifyOrderPayload, at = new Date()) {
    const refund = {
      id: order.id + 900_000,
      order_id: order.id,
      created_at: at.toISOString(),
      processed_at: at.toISOString(),
    };
    order.refunds = [...(order.refunds ?? []), refund];
    Object.assign(order, { financial_status: 'refunded', updated_at: at.toISOString() });
    return this.emit(domain, 'refunds/create', {
      ...refund,
      note: null,
      user_id: null,
      restock: false,
      refund_line_items: [],
      transactions: [],
      order_adjustments: [],
    });
  }

  /** The seller uninstalls the app: its tokens die and app/uninstalled is delivered. */
  async uninstall(domain: string): Promise<void> {
    for (const [token, grant] of this.tokens) if (grant.shop === domain) this.tokens.delete(token);
    const shop = this.shops.get(domain)!;
    // The body is the REST Shop resource, as Shopify sends it (abridged).
    await this.emit(domain, 'app/uninstalled', {
      id: shop.id,
      name: shop.name,
      email: `owner@${domain}`,
      domain: new URL(shop.primaryDomain).host,
      myshopify_domain: domain,
      currency: 'EUR',
      plan_name: 'basic',
    });
    this.subscriptions.delete(domain);
  }

  /** A privacy request, delivered to the compliance URL like Shopify does. */
  privacy(
    topic: 'customers/data_request' | 'customers/redact' | 'shop/redact',
    domain: string,
    body: Record<string, unknown>,
  ) {
    const shop = this.shops.get(domain);
    return this.deliver(this.complianceUrl, topic, domain, {
      shop_id: shop?.id ?? 1,
      shop_domain: domain,
      ...body,
    });
  }

  protected async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url!, this.url);
    const body = await readBody(req);
    this.requests.push({
      method: req.method!,
      path: url.pathname + url.search,
      headers: req.headers,
      body,
    });
    const send = (status: number, payload: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(payload));
    };
    const match = /^\/([^/]+)(\/admin\/.*)$/.exec(url.pathname);
    const shop = match ? this.shops.get(match[1]!) : undefined;
    if (!match || !shop) return send(404, { errors: 'Not Found' });
    const path = match[2]!;

    if (req.method === 'GET' && path === '/admin/oauth/authorize')
      return this.authorize(shop, url, res, send);
    if (req.method === 'POST' && path === '/admin/oauth/access_token')
      return this.token(shop, body, send);
    if (req.method === 'POST' && path === `/admin/api/${this.apiVersion}/graphql.json`) {
      if (this.adminUnavailable) return send(503, { errors: 'Service Unavailable' });
      const grant = this.tokens.get(String(req.headers['x-shopify-access-token'] ?? ''));
      if (!grant || grant.shop !== shop.domain)
        return send(401, {
          errors: '[API] Invalid API key or access token (unrecognized login or wrong password)',
        });
      return this.graphql(shop, grant, body, send);
    }
    return send(404, { errors: 'Not Found' });
  }

  private authorize(
    shop: SimulatedShop,
    url: URL,
    res: ServerResponse,
    send: (s: number, b: unknown) => void,
  ) {
    const q = url.searchParams;
    const redirectUri = q.get('redirect_uri') ?? '';
    if (q.get('client_id') !== this.apiKey) return send(400, { errors: 'Invalid client_id' });
    // "The redirect_uri is not whitelisted": an error page, never a redirect.
    if (!this.redirectUris.has(redirectUri))
      return send(400, { errors: 'The redirect_uri is not whitelisted' });
    if (!q.get('state')) return send(400, { errors: 'Missing state' });
    if (!q.get('scope')) return send(400, { errors: 'Missing scope' });
    if (q.getAll('grant_options[]').some((v) => v !== '' && v !== 'per-user'))
      return send(400, { errors: 'Invalid grant_options' });
    // The seller approves: a code for this shop, and a signed trip back.
    const code = randomBytes(16).toString('hex');
    const scope = this.grantScopes ?? q.get('scope')!;
    this.codes.set(code, { shop: shop.domain, scope, used: false, expiresAt: Date.now() + 60_000 });
    const params: Record<string, string> = {
      code,
      host: Buffer.from(`admin.shopify.com/store/${shop.domain.split('.')[0]}`).toString(
        'base64url',
      ),
      shop: shop.domain,
      state: q.get('state')!,
      timestamp: String(Math.floor(Date.now() / 1000)),
    };
    const back = new URL(redirectUri);
    for (const [key, value] of Object.entries({ ...params, hmac: this.signQuery(params) }))
      back.searchParams.set(key, value);
    res.writeHead(302, { location: back.toString() });
    res.end();
  }

  private token(shop: SimulatedShop, raw: string, send: (s: number, b: unknown) => void) {
    let body: Record<string, string>;
    try {
      body = JSON.parse(raw) as Record<string, string>;
    } catch {
      return send(400, { error: 'invalid_request' });
    }
    if (body.client_id !== this.apiKey || body.client_secret !== this.apiSecret)
      return send(400, {
        error: 'invalid_client',
        error_description: 'Client credentials are invalid',
      });
    const code = this.codes.get(body.code ?? '');
    if (!code || code.shop !== shop.domain || code.used || code.expiresAt < Date.now())
      return send(400, {
        error: 'invalid_request',
        error_description: 'The authorization code was not found or was already used',
      });
    code.used = true;
    const token = `shpat_${randomBytes(16).toString('hex')}`;
    this.tokens.set(token, { shop: shop.domain, scope: code.scope });
    return send(200, { access_token: token, scope: code.scope });
  }

  private graphql(
    shop: SimulatedShop,
    grant: { scope: string },
    raw: string,
    send: (s: number, b: unknown) => void,
  ) {
    let request: { query?: string; variables?: Record<string, any> };
    try {
      request = JSON.parse(raw);
    } catch {
      return send(400, { errors: 'Invalid JSON' });
    }
    const query = request.query ?? '';
    if (/^\s*query\b[\s\S]*\bshop\s*\{/.test(query)) {
      return send(200, {
        data: {
          shop: {
            name: shop.name,
            myshopifyDomain: shop.domain,
            primaryDomain: { url: shop.primaryDomain },
          },
        },
      });
    }
    if (/^\s*mutation\b[\s\S]*webhookSubscriptionCreate\s*\(/.test(query)) {
      const topic = String(request.variables?.topic ?? '');
      const uri = String(request.variables?.webhookSubscription?.uri ?? '');
      if (!(topic in TOPICS))
        return send(200, {
          errors: [
            {
              message: `Variable $topic of type WebhookSubscriptionTopic! was provided invalid value`,
              extensions: { code: 'INVALID_VARIABLE' },
            },
          ],
        });
      const userErrors: Array<{ field: string[]; message: string }> = [];
      // Order topics need an orders scope; delivery needs https (loopback allowed for this simulator).
      if (
        (topic.startsWith('ORDERS_') || topic.startsWith('REFUNDS_')) &&
        !grant.scope.split(',').includes('read_orders')
      )
        userErrors.push({
          field: ['webhookSubscription'],
          message: 'Access denied for topic ' + topic,
        });
      if (!/^https:\/\//.test(uri) && !/^http:\/\/127\.0\.0\.1[:/]/.test(uri))
        userErrors.push({
          field: ['webhookSubscription', 'uri'],
          message: 'Address protocol http:// is not supported',
        });
      const list = this.subscriptions.get(shop.domain) ?? [];
      if (list.some((s) => s.topic === topic && s.uri === uri))
        userErrors.push({
          field: ['webhookSubscription', 'callbackUrl'],
          message: 'Address for this topic has already been taken',
        });
      if (userErrors.length > 0)
        return send(200, {
          data: { webhookSubscriptionCreate: { webhookSubscription: null, userErrors } },
        });
      const subscription = {
        id: `gid://shopify/WebhookSubscription/${list.length + 1}`,
        topic,
        uri,
      };
      this.subscriptions.set(shop.domain, [...list, subscription]);
      return send(200, {
        data: {
          webhookSubscriptionCreate: {
            webhookSubscription: { id: subscription.id },
            userErrors: [],
          },
        },
      });
    }
    if (/^\s*query\b[\s\S]*\border\s*\(\s*id:/.test(query)) {
      if (!grant.scope.split(',').includes('read_orders'))
        return send(200, { errors: [{ message: 'Access denied for order field.' }] });
      const id = /^gid:\/\/shopify\/Order\/(\d+)$/.exec(String(request.variables?.id ?? ''))?.[1];
      const found = id !== undefined && this.orderShops.get(id) === shop.domain;
      // The full order for a query that asks for its fields, else only its id.
      if (found && /\blegacyResourceId\b/.test(query))
        return send(200, { data: { order: graphqlOrder(this.storedOrders.get(id)!) } });
      return send(200, { data: { order: found ? { id: `gid://shopify/Order/${id}` } : null } });
    }
    return send(200, { errors: [{ message: 'Unsupported operation in this simulator' }] });
  }
}
