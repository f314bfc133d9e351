import { createHmac, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { escapeHtml } from '@thankly/email';
import { decodeHTML } from 'entities';
import { LoopbackServer, readBody } from './loopback-server.ts';

/**
 * A local WooCommerce store following integrations.md section D and WooCommerce's own code: REST
 * API keys (Basic auth over HTTPS only, so this plain-HTTP store wants one-legged OAuth 1.0a in
 * the query, checked like WC_REST_Authentication does, and answers 401 with WooCommerce's error
 * JSON for bad keys), orders read as GET /orders/{id} (404 `woocommerce_rest_shop_order_invalid_id`
 * for an unknown id) and listed as GET /orders?per_page=, webhooks created through
 * /wp-json/wc/v3/webhooks or "by hand" as the admin screen would, the unsigned ping on save, and
 * order.created / order.updated deliveries with the X-WC-Webhook-* headers and a base64
 * HMAC-SHA256 signature of the exact body. No retries: a failure only counts, and five in a row
 * disable the webhook.
 *
 * Its application authorisation follows WC_Auth: GET /wc-auth/v1/authorize (app_name, scope,
 * user_id, return_url, callback_url, all required; scope read|write|read_write) shows the
 * grant page of a signed-in store manager, with Approve (to /wc-auth/v1/access_granted and a
 * nonce) and Deny (return_url with success=0&user_id=…). Approving creates a key with that scope,
 * POSTs `{key_id, user_id, consumer_key, consumer_secret, key_permissions}` as JSON to
 * callback_url and, on a 200, redirects to return_url with success=1&user_id=…; any other answer
 * deletes the key and shows "Error: …" with a 401. WooCommerce requires callback_url over https;
 * the local app is plain http, so that check is on only with `requireHttpsCallback`.
 */
export interface WooWebhook {
  id: number;
  name: string;
  status: 'active' | 'paused' | 'disabled';
  topic: string;
  delivery_url: string;
  secret: string;
  failures: number;
  pings: number[];
}

export interface WooOrderPayload {
  id: number;
  number: string;
  status: string;
  currency: string;
  total: string;
  date_created: string;
  date_created_gmt: string;
  date_modified: string;
  date_modified_gmt: string;
  date_paid: string | null;
  date_paid_gmt: string | null;
  customer_id: number;
  billing: { first_name: string; last_name: string; email: string };
  shipping: { first_name: string; last_name: string };
  payment_method_title: string;
  line_items: Array<{
    id: number;
    name: string;
    quantity: number;
    total: string;
    product_id: number;
  }>;
  /** Coupons applied to the order (none unless a test asks). */
  coupon_lines: Array<{ id: number; code: string; discount: string; discount_tax: string }>;
  date_completed?: string | null;
  date_completed_gmt?: string | null;
  /** Order meta; the Shipment Tracking extension keeps its parcels in `_wc_shipment_tracking_items`. */
  meta_data?: Array<{ id: number; key: string; value: unknown }>;
}

const gmt = (date = new Date()) => date.toISOString().slice(0, 19);

export class WooCommerceSimulator extends LoopbackServer {
  readonly consumerKey = `ck_${randomBytes(20).toString('hex')}`;
  readonly consumerSecret = `cs_${randomBytes(20).toString('hex')}`;
  /** A key the seller made with Read permission only. */
  readonly readOnlyKey = {
    consumerKey: `ck_${randomBytes(20).toString('hex')}`,
    consumerSecret: `cs_${randomBytes(20).toString('hex')}`,
  };
  readonly webhooks: WooWebhook[] = [];
  readonly orders: WooOrderPayload[] = [];
  readonly requests: Array<{ method: string; path: string; headers: IncomingMessage['headers'] }> =
    [];
  /** Every delivery attempt and the status the receiver answered. */
  readonly deliveries: Array<{
    webhookId: number;
    deliveryId: string;
    topic: string;
    body: string;
    headers: Record<string, string>;
    status: number;
  }> = [];

  /** Keys created by approving an application (WC_Auth::create_keys), deleted again on failure. */
  readonly issuedKeys: Array<{
    keyId: number;
    consumerKey: string;
    consumerSecret: string;
    permissions: 'read' | 'write' | 'read_write';
    appName: string;
  }> = [];
  /** Every key POSTed to an application's callback_url, and the status it answered. */
  readonly keyDeliveries: Array<{ callbackUrl: string; body: string; status: number }> = [];
  /** As the real store: callback_url must be https (off for the plain-http local app). */
  requireHttpsCallback = false;

  /** When set, every request is answered with a redirect there (a moved or hostile site). */
  redirectTo: string | null = null;
  /** While above zero, reading an order answers 503 (an overloaded host), counting down. */
  orderReadOutages = 0;

  private readonly usedNonces = new Set<string>();
  private readonly grantNonces = new Set<string>();
  private nextKeyId = 1;
  private nextWebhookId = 11;
  private nextOrderId = 4_201;

  /** The seller fills in WooCommerce → Settings → Advanced → Webhooks → Add webhook and saves. */
  async addWebhookByHand(input: {
    topic: string;
    deliveryUrl: string;
    secret: string;
  }): Promise<WooWebhook> {
    const webhook = this.create({
      name: `Hand-made ${input.topic}`,
      topic: input.topic,
      delivery_url: input.deliveryUrl,
      secret: input.secret,
    });
    await this.ping(webhook);
    return webhook;
  }

  /** A customer checks out: the order exists, unpaid, and order.created goes out. */
  async placeOrder(overrides: Partial<WooOrderPayload> = {}): Promise<WooOrderPayload> {
    const order = this.orderPayload(overrides);
    this.orders.push(order);
    await this.fire('order.created', order);
    return order;
  }

  /** An order the store has, paid (processing), without telling anyone of it. */
  addPaidOrder(overrides: Partial<WooOrderPayload> = {}): WooOrderPayload {
    const paid = gmt();
    const order = this.orderPayload({
      status: 'processing',
      date_paid: paid,
      date_paid_gmt: paid,
      ...overrides,
    });
    this.orders.push(order);
    return order;
  }

  /** A coupon line as an order carries it, for `addPaidOrder({ coupon_lines: [...] })`. */
  couponLine(code: string): WooOrderPayload['coupon_lines'][number] {
    return { id: this.nextOrderId * 10, code, discount: '5.00', discount_tax: '0.00' };
  }

  /** An order's REST representation, without the store knowing or telling anyone of it. */
  orderPayload(overrides: Partial<WooOrderPayload> = {}): WooOrderPayload {
    const now = new Date();
    const order: WooOrderPayload = {
      id: this.nextOrderId++,
      number: '',
      status: 'pending',
      currency: 'GBP',
      total: '34.50',
      date_created: gmt(now),
      date_created_gmt: gmt(now),
      date_modified: gmt(now),
      date_modified_gmt: gmt(now),
      date_paid: null,
      date_paid_gmt: null,
      customer_id: 0,
      billing: { first_name: 'Iris', last_name: 'Moreau', email: 'iris.moreau@example.com' },
      shipping: { first_name: 'Iris', last_name: 'Moreau' },
      payment_method_title: 'Credit card',
      line_items: [
        { id: 1, name: 'Hand-poured candle', quantity: 2, total: '24.00', product_id: 31 },
        { id: 2, name: 'Matchbox', quantity: 1, total: '10.50', product_id: 32 },
      ],
      coupon_lines: [],
      ...overrides,
    };
    order.number ||= String(order.id);
    return order;
  }

  /** The payment gateway confirms: processing, with a paid date; order.updated goes out. */
  async pay(order: WooOrderPayload, paidAt = new Date()): Promise<void> {
    Object.assign(order, {
      status: 'processing',
      date_paid: gmt(paidAt),
      date_paid_gmt: gmt(paidAt),
      date_modified_gmt: gmt(),
    });
    await this.fire('order.updated', order);
  }

  /**
   * The seller adds a parcel with the Shipment Tracking extension (as wc_st_add_tracking_number
   * stores it: date_shipped a Unix timestamp) and marks the order completed.
   */
  async shipWithTracking(
    order: WooOrderPayload,
    item: {
      tracking_number: string;
      tracking_provider?: string;
      custom_tracking_provider?: string;
      custom_tracking_link?: string;
    },
    shippedAt: Date,
    completedAt = new Date(),
  ): Promise<void> {
    const items = [
      {
        tracking_provider: '',
        custom_tracking_provider: '',
        custom_tracking_link: '',
        ...item,
        date_shipped: String(Math.floor(shippedAt.getTime() / 1000)),
        tracking_id: randomBytes(16).toString('hex'),
      },
    ];
    order.meta_data = [
      ...(order.meta_data ?? []).filter((m) => m.key !== '_wc_shipment_tracking_items'),
      { id: 9_001, key: '_wc_shipment_tracking_items', value: items },
    ];
    Object.assign(order, {
      status: 'completed',
      date_completed: gmt(completedAt),
      date_completed_gmt: gmt(completedAt),
      date_modified_gmt: gmt(completedAt),
    });
    await this.fire('order.updated', order);
  }

  async setStatus(order: WooOrderPayload, status: string): Promise<void> {
    Object.assign(order, { status, date_modified_gmt: gmt() });
    await this.fire('order.updated', order);
  }

  /** Sends a delivery again exactly as it went (same body, id and signature). */
  async redeliver(delivery: {
    body: string;
    headers: Record<string, string>;
    webhookId: number;
  }): Promise<number> {
    const webhook = this.webhooks.find((w) => w.id === delivery.webhookId)!;
    const response = await fetch(webhook.delivery_url, {
      method: 'POST',
      headers: delivery.headers,
      body: delivery.body,
    });
    await response.text();
    return response.status;
  }

  /** One signed delivery of a resource to a webhook, as WC_Webhook::deliver does. */
  async deliver(
    webhook: WooWebhook,
    payload: unknown,
    options: { secret?: string; deliveryId?: string } = {},
  ) {
    const body = JSON.stringify(payload).trim();
    const deliveryId = options.deliveryId ?? randomBytes(16).toString('hex');
    const [resource, event] = webhook.topic.split('.');
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'WooCommerce/10.2.0 Hookshot (WordPress/6.8.2)',
      'x-wc-webhook-source': `${this.url}/`,
      'x-wc-webhook-topic': webhook.topic,
      'x-wc-webhook-resource': resource!,
      'x-wc-webhook-event': event!,
      'x-wc-webhook-signature': createHmac('sha256', options.secret ?? webhook.secret)
        .update(body)
        .digest('base64'),
      'x-wc-webhook-id': String(webhook.id),
      'x-wc-webhook-delivery-id': deliveryId,
    };
    let status = 0;
    try {
      const response = await fetch(webhook.delivery_url, {
        method: 'POST',
        headers,
        body,
        signal: AbortSignal.timeout(60_000),
      });
      await response.text();
      status = response.status;
    } catch {
      status = 0;
    }
    this.deliveries.push({
      webhookId: webhook.id,
      deliveryId,
      topic: webhook.topic,
      body,
      headers,
      status,
    });
    // 200–302 is success; past five failures in a row the webhook is disabled. No retry.
    if (status >= 200 && status <= 302) webhook.failures = 0;
    else if (++webhook.failures > 5) webhook.status = 'disabled';
    return status;
  }

  private async fire(topic: string, order: WooOrderPayload): Promise<void> {
    for (const webhook of this.webhooks.filter((w) => w.status === 'active' && w.topic === topic))
      await this.deliver(webhook, order);
  }

  private create(input: {
    name: string;
    topic: string;
    delivery_url: string;
    secret: string;
  }): WooWebhook {
    const webhook: WooWebhook = {
      id: this.nextWebhookId++,
      status: 'active',
      failures: 0,
      pings: [],
      ...input,
    };
    this.webhooks.push(webhook);
    return webhook;
  }

  /** WC_Webhook::deliver_ping: `webhook_id=<id>`, form-encoded, no signature. */
  private async ping(webhook: WooWebhook): Promise<void> {
    const response = await fetch(webhook.delivery_url, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'user-agent': 'WooCommerce/10.2.0 Hookshot (WordPress/6.8.2)',
      },
      body: `webhook_id=${webhook.id}`,
    });
    await response.text();
    webhook.pings.push(response.status);
  }

  /**
   * The store manager clicks Approve on the grant page of `authorizeUrl` (as a browser would):
   * the key is created and sent to the app; the answer is the store's redirect (or its error).
   */
  async approve(authorizeUrl: string): Promise<{ status: number; location: string | null }> {
    const page = await fetch(authorizeUrl, { redirect: 'manual' });
    const html = await page.text();
    const href = /<a[^>]*class="[^"]*wc-auth-approve[^"]*"[^>]*href="([^"]+)"/.exec(html)?.[1];
    if (!href) return { status: page.status, location: page.headers.get('location') };
    const granted = await fetch(new URL(decodeHTML(href), this.url), { redirect: 'manual' });
    await granted.text();
    return { status: granted.status, location: granted.headers.get('location') };
  }

  /** Where Deny on the grant page of `authorizeUrl` leads (the app's return_url, success=0). */
  async denyLink(authorizeUrl: string): Promise<string> {
    const html = await (await fetch(authorizeUrl)).text();
    const href = /<a[^>]*class="[^"]*wc-auth-deny[^"]*"[^>]*href="([^"]+)"/.exec(html)?.[1];
    if (!href) throw new Error(`no Deny link on the grant page: ${html}`);
    return decodeHTML(href);
  }

  /** WC_Auth::auth_endpoint for the signed-in store manager: the grant page, then the grant. */
  private async authorisation(route: string, url: URL, res: ServerResponse): Promise<void> {
    const page = (status: number, html: string) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=UTF-8' });
      res.end(
        `<!doctype html><html><head><title>WooCommerce</title><link rel="icon" href="data:,"></head><body>${html}</body></html>`,
      );
    };
    const fail = (message: string) => page(401, `<p>Error: ${escapeHtml(message)}.</p>`);
    const data: Record<string, string> = {};
    for (const name of ['app_name', 'user_id', 'return_url', 'callback_url', 'scope']) {
      const values = url.searchParams.getAll(name);
      if (!values[0]) return fail(`Missing parameter ${name}`);
      if (values.length > 1) return fail(`Invalid parameter ${name}`);
      data[name] = values[0];
    }
    const scope = data.scope!;
    if (scope !== 'read' && scope !== 'write' && scope !== 'read_write')
      return fail(`Invalid scope ${scope}`);
    const formatted = (value: string) => (value.includes('://') ? value : `https://${value}`);
    for (const name of ['return_url', 'callback_url']) {
      if (!URL.canParse(formatted(data[name]!)))
        return fail(`The ${formatted(data[name]!)} is not a valid URL`);
    }
    const callbackUrl = formatted(data.callback_url!);
    if (this.requireHttpsCallback && !/^https:\/\//i.test(callbackUrl))
      return fail('The callback_url needs to be over SSL');
    const back = (success: 0 | 1) => {
      const target = new URL(formatted(data.return_url!));
      target.searchParams.set('success', String(success));
      target.searchParams.set('user_id', data.user_id!);
      return target.toString();
    };

    if (route === 'authorize') {
      const nonce = randomBytes(5).toString('hex');
      this.grantNonces.add(nonce);
      const granted = new URL(url);
      granted.pathname = url.pathname.replace(/authorize$/, 'access_granted');
      granted.searchParams.set('wc_auth_nonce', nonce);
      const scopeName = { read: 'Read', write: 'Write', read_write: 'Read/Write' }[scope];
      return page(
        200,
        `<h1>${escapeHtml(data.app_name!)} would like to connect to your store</h1>
<p>This will give "${escapeHtml(data.app_name!)}" <strong>${scopeName}</strong> access which will allow it to view and manage orders, products and more.</p>
<p>Logged in as Store Manager</p>
<p><a class="button wc-auth-approve" href="${escapeHtml(granted.pathname + granted.search)}">Approve</a>
<a class="button wc-auth-deny" href="${escapeHtml(back(0))}">Deny</a></p>`,
      );
    }
    if (route !== 'access_granted') return fail('You do not have permission to access this page');
    const nonce = url.searchParams.get('wc_auth_nonce') ?? '';
    if (!this.grantNonces.delete(nonce)) return fail('Invalid nonce verification');
    const key = {
      keyId: this.nextKeyId++,
      consumerKey: `ck_${randomBytes(20).toString('hex')}`,
      consumerSecret: `cs_${randomBytes(20).toString('hex')}`,
      permissions: scope,
      appName: data.app_name!,
    } as const;
    this.issuedKeys.push(key);
    const body = JSON.stringify({
      key_id: key.keyId,
      user_id: data.user_id,
      consumer_key: key.consumerKey,
      consumer_secret: key.consumerSecret,
      key_permissions: key.permissions,
    });
    let status = 0;
    try {
      const response = await fetch(callbackUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json;charset=UTF-8' },
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(60_000),
      });
      await response.text();
      status = response.status;
    } catch {
      status = 0;
    }
    this.keyDeliveries.push({ callbackUrl, body, status });
    if (status !== 200) {
      this.issuedKeys.splice(this.issuedKeys.indexOf(key), 1);
      return fail(
        'An error occurred in the request and at the time were unable to send the consumer data',
      );
    }
    res.writeHead(302, { location: back(1) });
    res.end();
  }

  protected async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url!, this.url);
    const raw = await readBody(req);
    this.requests.push({
      method: req.method!,
      path: url.pathname + url.search,
      headers: req.headers,
    });
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
      res.end(JSON.stringify(body));
    };
    if (this.redirectTo) {
      res.writeHead(301, { location: this.redirectTo });
      res.end();
      return;
    }
    const authRoute = /^(\/.*?)?\/wc-auth\/v1\/([a-z_]+)$/.exec(url.pathname)?.[2];
    if (authRoute && req.method === 'GET') return this.authorisation(authRoute, url, res);
    // A WordPress may live in a sub-directory: /shop/wp-json/…
    const route = /^(\/.*?)?\/wp-json\/wc\/v3(\/.*)$/.exec(url.pathname)?.[2];
    if (!route)
      return send(404, {
        code: 'rest_no_route',
        message: 'No route was found matching the URL and request method.',
        data: { status: 404 },
      });

    const key = this.authenticate(req.method!, url);
    if (typeof key === 'string')
      return send(401, {
        code: 'woocommerce_rest_authentication_error',
        message: key,
        data: { status: 401 },
      });
    if (req.method === 'GET' && route === '/orders') {
      // WC_REST_Orders_Controller::get_items: newest first, paged.
      const perPage = Math.min(Math.max(Number(url.searchParams.get('per_page') ?? 10), 1), 100);
      const page = Math.max(Number(url.searchParams.get('page') ?? 1), 1);
      const list = [...this.orders].reverse().slice((page - 1) * perPage, page * perPage);
      res.setHeader('x-wp-total', String(this.orders.length));
      return send(200, list);
    }
    const orderId = /^\/orders\/(\d+)$/.exec(route)?.[1];
    if (req.method === 'GET' && orderId) {
      if (this.orderReadOutages > 0) {
        this.orderReadOutages--;
        res.writeHead(503, { 'content-type': 'text/html', 'retry-after': '60' });
        res.end('<h1>Service Unavailable</h1>');
        return;
      }
      const order = this.orders.find((o) => String(o.id) === orderId);
      if (!order)
        return send(404, {
          code: 'woocommerce_rest_shop_order_invalid_id',
          message: 'Invalid ID.',
          data: { status: 404 },
        });
      return send(200, order);
    }
    if (req.method === 'GET' && key.permissions === 'write')
      return send(401, {
        code: 'woocommerce_rest_authentication_error',
        message: 'The API key provided does not have read permissions.',
        data: { status: 401 },
      });
    if (req.method === 'POST' && route === '/webhooks') {
      if (key.permissions === 'read')
        return send(401, {
          code: 'woocommerce_rest_authentication_error',
          message: 'The API key provided does not have write permissions.',
          data: { status: 401 },
        });
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        return send(400, {
          code: 'rest_invalid_json',
          message: 'Invalid JSON body passed.',
          data: { status: 400 },
        });
      }
      if (
        !/^(order|product|customer|coupon)\.(created|updated|deleted|restored)$/.test(
          String(body.topic),
        )
      )
        return send(400, {
          code: 'rest_invalid_param',
          message: 'Invalid parameter(s): topic',
          data: { status: 400 },
        });
      if (typeof body.delivery_url !== 'string' || !/^https?:\/\//.test(body.delivery_url))
        return send(400, {
          code: 'rest_invalid_param',
          message: 'Invalid parameter(s): delivery_url',
          data: { status: 400 },
        });
      const webhook = this.create({
        name: String(body.name ?? ''),
        topic: String(body.topic),
        delivery_url: body.delivery_url,
        secret:
          typeof body.secret === 'string' && body.secret
            ? body.secret
            : randomBytes(16).toString('hex'),
      });
      // create_item saves, answers 201 … and pings the delivery URL before returning.
      await this.ping(webhook);
      const { failures: _failures, pings: _pings, ...reply } = webhook;
      return send(201, {
        ...reply,
        resource: webhook.topic.split('.')[0],
        event: webhook.topic.split('.')[1],
      });
    }
    return send(404, {
      code: 'rest_no_route',
      message: 'No route was found matching the URL and request method.',
      data: { status: 404 },
    });
  }

  /** WC_REST_Authentication on a plain-HTTP site: OAuth 1.0a in the query; Basic auth is not read. */
  private authenticate(
    method: string,
    url: URL,
  ): { permissions: 'read' | 'write' | 'read_write' } | string {
    const q = Object.fromEntries(url.searchParams);
    if (!q.oauth_consumer_key) return 'Sorry, you are not allowed to do that.';
    const keys = [
      {
        consumerKey: this.consumerKey,
        consumerSecret: this.consumerSecret,
        permissions: 'read_write' as const,
      },
      { ...this.readOnlyKey, permissions: 'read' as const },
      ...this.issuedKeys,
    ];
    const key = keys.find((k) => k.consumerKey === q.oauth_consumer_key);
    if (!key) return 'Consumer key is invalid.';
    const missing = [
      'oauth_timestamp',
      'oauth_nonce',
      'oauth_signature',
      'oauth_signature_method',
    ].filter((p) => !q[p]);
    if (missing.length) return `Missing OAuth parameters ${missing.join(', ')}`;
    const { oauth_signature: given, ...params } = q;
    const encode = (v: string) =>
      encodeURIComponent(v).replace(
        /[!'()*]/g,
        (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
      );
    const normalized = Object.keys(params)
      .sort()
      .map((k) => encode(`${encode(k)}=${encode(params[k]!)}`))
      .join('%26');
    const base = `${method}&${encode(`${this.url}${url.pathname}`)}&${normalized}`;
    const algorithm =
      q.oauth_signature_method === 'HMAC-SHA256'
        ? 'sha256'
        : q.oauth_signature_method === 'HMAC-SHA1'
          ? 'sha1'
          : null;
    if (!algorithm) return 'Invalid signature - signature method is invalid.';
    const expected = createHmac(algorithm, `${key.consumerSecret}&`).update(base).digest('base64');
    if (expected !== given!.replace(/ /g, '+'))
      return 'Invalid signature - provided signature does not match.';
    if (Math.abs(Date.now() / 1000 - Number(q.oauth_timestamp)) > 15 * 60)
      return 'Invalid timestamp.';
    if (this.usedNonces.has(q.oauth_nonce!)) return 'Invalid nonce - nonce has already been used.';
    this.usedNonces.add(q.oauth_nonce!);
    return { permissions: key.permissions };
  }
}
