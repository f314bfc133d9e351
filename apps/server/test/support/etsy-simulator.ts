import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LoopbackServer, readBody } from './loopback-server.ts';
import type { TestClient } from './test-app.ts';
import { signEtsyWebhook } from '../../src/marketplace/etsy/etsy-webhook.ts';

/**
 * A local Etsy Open API v3 that follows the contract in integrations.md section A: x-api-key as
 * `keystring:shared_secret`, OAuth 2.0 authorisation code with PKCE (S256), single-use codes,
 * rotating refresh tokens, receipts with Etsy's filters and pagination, 429 with retry-after, and
 * Standard Webhooks signed deliveries.
 */
export interface SimulatedReceipt {
  receipt_id: number;
  name: string;
  buyer_email: string | null;
  /** The buyer's Etsy account; on every receipt, even when the address is withheld. */
  buyer_user_id?: number | string | null;
  status: string;
  is_paid: boolean;
  is_shipped: boolean;
  create_timestamp: number;
  created_timestamp: number;
  update_timestamp: number;
  updated_timestamp: number;
  grandtotal: { amount: number; divisor: number; currency_code: string };
  transactions: Array<{
    transaction_id: number;
    title: string;
    quantity: number;
    paid_timestamp?: number | null;
    shipped_timestamp?: number | null;
    /** When the seller promised to ship this item (epoch seconds), from the listing's processing time. */
    expected_ship_date?: number | null;
    /** A download: nothing to ship. */
    is_digital?: boolean;
  }>;
  shipments: Array<{
    receipt_shipping_id?: number;
    shipment_notification_timestamp?: number;
    carrier_name: string;
    tracking_code: string;
  }>;
  refunds?: Array<{ amount: SimulatedReceipt['grandtotal']; created_timestamp: number }>;
}

interface Grant {
  userId: number;
  scopes: string[];
  accessToken: string;
  refreshToken: string;
  accessExpiresAt: number;
}

export interface EtsySimulatorOptions {
  keystring?: string;
  sharedSecret?: string;
  /** Lifetime of issued access tokens, in seconds (Etsy: 3600). */
  accessTokenSeconds?: number;
  /**
   * Etsy's per-app request limits, enforced when given (integrations.md A6: 10 a second and 10,000
   * in a rolling day by default). Without them every call passes and the headers carry the docs'
   * example numbers.
   */
  limits?: { perSecond: number; perDay: number };
  /** The simulator's clock for its limits, in milliseconds (a test moves it). */
  now?: () => number;
}

const DAY_MS = 86_400_000;

export class EtsySimulator extends LoopbackServer {
  readonly keystring: string;
  readonly sharedSecret: string;
  readonly webhookSecret = `whsec_${randomBytes(24).toString('base64')}`;
  readonly shop = {
    shop_id: 42_424_242,
    user_id: 87_654_321,
    shop_name: 'Juniper & Clay',
    url: 'https://www.etsy.com/shop/JuniperAndClay',
    sale_message: null as string | null,
    digital_sale_message: null as string | null,
  };
  /**
   * When set, consent grants only these scopes whatever the app asked for: a shop connected before
   * Thankly asked for shops_w.
   */
  grantOnlyScopes: string[] | undefined;
  /** updateShop calls answer this status (Etsy failing) while set. */
  failShopUpdatesWith: number | undefined;
  /**
   * updateShop calls take effect, but their answer is lost (the connection breaks: answered with
   * this status) while set: the client cannot tell whether Etsy took the change.
   */
  loseShopUpdateAnswersWith: number | undefined;
  /** Every request, for asserting what the client sent. */
  readonly requests: Array<{ method: string; path: string; headers: IncomingMessage['headers'] }> =
    [];
  readonly receipts: SimulatedReceipt[] = [];
  refreshes = 0;
  /** Registered redirect URIs; Etsy matches them exactly. */
  readonly redirectUris = new Set<string>();

  private readonly accessTokenSeconds: number;
  private readonly limits: EtsySimulatorOptions['limits'];
  private readonly now: () => number;
  /** When the calls counted against the limits were made: the last second's, the last day's. */
  private lastSecond: number[] = [];
  private lastDay: number[] = [];
  private readonly codes = new Map<
    string,
    { challenge: string; redirectUri: string; used: boolean; scopes: string[] }
  >();
  private grants: Grant[] = [];
  private throttled = 0;
  private throttleSeconds = 1;
  private nextReceiptId = 3_000_000_001;
  /** Receipts whose reads go unanswered until released, and the reads still open. */
  private readonly hung = new Set<number>();
  private readonly openHungReads = new Set<ServerResponse>();
  private releaseHung: Array<() => void> = [];

  /** The environment that points an app at this stand-in instead of Etsy. */
  appEnv(): Record<string, string> {
    return {
      ETSY_KEYSTRING: this.keystring,
      ETSY_SHARED_SECRET: this.sharedSecret,
      ETSY_API_URL: this.url,
      ETSY_AUTH_URL: `${this.url}/oauth/connect`,
      ETSY_WEBHOOK_SECRET: this.webhookSecret,
    };
  }

  /**
   * Connects this shop for the seller signed in on `client`, as a browser would (consent, then the
   * callback), and answers the new shop's id. The app's callback must be in `redirectUris`.
   */
  async connectShop(client: TestClient): Promise<string> {
    const { url } = (await client.get('/api/etsy/connect')).body as { url: string };
    const consent = await fetch(url, { redirect: 'manual' });
    const callback = new URL(consent.headers.get('location')!);
    const done = await client.request('GET', callback.pathname + callback.search);
    if (done.status !== 302) throw new Error(`The Etsy callback answered ${done.status}.`);
    const { shops } = (await client.get('/api/shops')).body as {
      shops: Array<{ id: string; marketplace: string }>;
    };
    return shops.find((shop) => shop.marketplace === 'etsy')!.id;
  }

  constructor(options: EtsySimulatorOptions = {}) {
    super();
    this.keystring = options.keystring ?? 'simkeystring123';
    this.sharedSecret = options.sharedSecret ?? 'simsharedsecret456';
    this.accessTokenSeconds = options.accessTokenSeconds ?? 3600;
    this.limits = options.limits;
    this.now = options.now ?? Date.now;
  }

  /** As if the app had made this many calls just now: a test need not make 10,000 to reach the day's end. */
  spendRequests(count: number): void {
    const at = this.now();
    for (let i = 0; i < count; i++) this.lastDay.push(at);
  }

  /**
   * Counts a call against the limits, QPS first and then QPD as Etsy checks them: the headers to
   * answer it with, or the seconds to wait when a limit is reached (answered 429 with retry-after).
   */
  private countCall(): { headers: Record<string, string> } | { retryAfter: number } {
    if (!this.limits)
      return {
        headers: {
          'x-limit-per-second': '150',
          'x-remaining-this-second': '149',
          'x-limit-per-day': '100000',
          'x-remaining-today': '99998',
        },
      };
    const at = this.now();
    this.lastSecond = this.lastSecond.filter((t) => t > at - 1000);
    this.lastDay = this.lastDay.filter((t) => t > at - DAY_MS);
    const { perSecond, perDay } = this.limits;
    if (this.lastSecond.length >= perSecond)
      return { retryAfter: Math.max(1, Math.ceil((this.lastSecond[0]! + 1000 - at) / 1000)) };
    if (this.lastDay.length >= perDay)
      return { retryAfter: Math.max(1, Math.ceil((this.lastDay[0]! + DAY_MS - at) / 1000)) };
    this.lastSecond.push(at);
    this.lastDay.push(at);
    return {
      headers: {
        'x-limit-per-second': String(perSecond),
        'x-remaining-this-second': String(perSecond - this.lastSecond.length),
        'x-limit-per-day': String(perDay),
        'x-remaining-today': String(perDay - this.lastDay.length),
      },
    };
  }

  /** Answers the next `count` API calls with 429 and this Retry-After. */
  throttleNext(count: number, retryAfterSeconds = 1): void {
    this.throttled = count;
    this.throttleSeconds = retryAfterSeconds;
  }

  /** Reads of this receipt hang, as a struggling marketplace's do, until `releaseHungReads`. */
  hangReads(receiptId: number): void {
    this.hung.add(receiptId);
  }

  /** Reads of hung receipts that the client has neither had answered nor given up on. */
  get hungReadsOpen(): number {
    return this.openHungReads.size;
  }

  releaseHungReads(): void {
    this.hung.clear();
    for (const release of this.releaseHung.splice(0)) release();
  }

  /** The seller edits the purchase messages in their Etsy shop settings. */
  changeOnEtsy(messages: { sale_message?: string | null; digital_sale_message?: string | null }) {
    Object.assign(this.shop, messages);
  }

  /** The seller revokes the app in their Etsy account: every token stops working. */
  revokeAll(): void {
    this.grants = [];
  }

  addReceipt(
    overrides: Partial<SimulatedReceipt> = {},
    at = Math.floor(Date.now() / 1000),
  ): SimulatedReceipt {
    const receipt: SimulatedReceipt = {
      receipt_id: this.nextReceiptId++,
      name: 'Maya Okafor',
      buyer_email: 'maya.okafor@example.com',
      status: 'paid',
      is_paid: true,
      is_shipped: false,
      create_timestamp: at,
      created_timestamp: at,
      update_timestamp: at,
      updated_timestamp: at,
      grandtotal: { amount: 4250, divisor: 100, currency_code: 'EUR' },
      // Etsy stamps a transaction's paid time when the receipt is paid.
      transactions: [
        {
          transaction_id: 1,
          title: 'Speckled stoneware mug',
          quantity: 1,
          paid_timestamp: (overrides.is_paid ?? true) ? at : null,
          // Etsy's default processing time: three days after the order.
          expected_ship_date: at + 3 * 86_400,
          is_digital: false,
        },
      ],
      shipments: [],
      ...overrides,
    };
    this.receipts.push(receipt);
    return receipt;
  }

  /** A seller who went through consent: an access token to the shop, for a client under test. */
  grantAccess(scopes = ['transactions_r', 'shops_r', 'shops_w']): string {
    return this.issue(scopes).access_token;
  }

  /** The seller records a shipment (createReceiptShipment): Etsy notes it on the receipt. */
  ship(receipt: SimulatedReceipt, shipment: { carrier: string; code: string }, at: number): void {
    receipt.shipments.push({
      receipt_shipping_id: receipt.shipments.length + 1,
      shipment_notification_timestamp: at,
      carrier_name: shipment.carrier,
      tracking_code: shipment.code,
    });
    for (const t of receipt.transactions) t.shipped_timestamp = at;
    Object.assign(receipt, { is_shipped: true, status: 'completed' });
    this.touch(receipt, at);
  }

  /** The seller refunds the whole receipt: status "fully refunded", a refund record. */
  refundFully(receipt: SimulatedReceipt, at: number): void {
    receipt.refunds = [
      ...(receipt.refunds ?? []),
      { amount: receipt.grandtotal, created_timestamp: at },
    ];
    receipt.status = 'fully refunded';
    this.touch(receipt, at);
  }

  /** The order is cancelled: status "canceled"; Etsy keeps is_paid as it was. */
  cancel(receipt: SimulatedReceipt, at: number): void {
    receipt.status = 'canceled';
    this.touch(receipt, at);
  }

  private touch(receipt: SimulatedReceipt, at: number): void {
    Object.assign(receipt, { update_timestamp: at, updated_timestamp: at });
  }

  /** Delivers an `order.paid` event the way Etsy's webhook service does. */
  async deliverOrderPaid(
    targetUrl: string,
    receiptId: number,
    options: { id?: string; timestamp?: number; secret?: string } = {},
  ): Promise<Response> {
    const body = JSON.stringify({
      event_type: 'order.paid',
      resource_url: `https://openapi.etsy.com/v3/application/shops/${this.shop.shop_id}/receipts/${receiptId}`,
      shop_id: this.shop.shop_id,
    });
    const id = options.id ?? `msg_${randomBytes(8).toString('hex')}`;
    const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
    const signature = signEtsyWebhook(options.secret ?? this.webhookSecret, id, timestamp, body);
    return fetch(targetUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'webhook-id': id,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': `v1,${signature}`,
      },
      body,
    });
  }

  protected async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url!, this.url);
    this.requests.push({
      method: req.method!,
      path: url.pathname + url.search,
      headers: req.headers,
    });
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/oauth/connect') return this.authorize(url, res, send);

    const apiKey = String(req.headers['x-api-key'] ?? '');
    if (apiKey === this.keystring)
      return send(403, { error: 'Shared secret is required in x-api-key header.' });
    if (apiKey !== `${this.keystring}:${this.sharedSecret}`) {
      return send(403, {
        error: "Invalid API key: should be in the format 'keystring:shared_secret'.",
      });
    }
    if (this.throttled > 0) {
      this.throttled--;
      return send(
        429,
        { error: 'Rate limit exceeded' },
        { 'retry-after': String(this.throttleSeconds) },
      );
    }
    if (req.method === 'POST' && url.pathname === '/v3/public/oauth/token') {
      const form = new URLSearchParams(await readBody(req));
      return this.token(form, send);
    }
    const counted = this.countCall();
    if ('retryAfter' in counted)
      return send(
        429,
        { error: 'You have exceeded your rate limit.' },
        { 'retry-after': String(counted.retryAfter) },
      );
    const limits = counted.headers;
    const grant = this.grantFor(req.headers.authorization);
    if (!grant)
      return send(401, { error: 'invalid_token', error_description: 'access token is not valid' });

    if (req.method === 'GET' && url.pathname === '/v3/application/users/me') {
      return send(200, { user_id: grant.userId, shop_id: this.shop.shop_id }, limits);
    }
    const shopPath = /^\/v3\/application\/shops\/(\d+)(\/receipts(?:\/(\d+))?)?$/.exec(
      url.pathname,
    );
    if (req.method === 'PUT' && shopPath && !shopPath[2]) {
      if (Number(shopPath[1]) !== this.shop.shop_id) return send(404, { error: 'Shop not found' });
      return this.updateShop(req, grant, send, limits);
    }
    if (req.method === 'GET' && shopPath) {
      if (Number(shopPath[1]) !== this.shop.shop_id) return send(404, { error: 'Shop not found' });
      if (!shopPath[2]) return send(200, this.shop, limits);
      if (grant.userId !== this.shop.user_id) return send(403, { error: 'Not the shop owner' });
      if (shopPath[3]) {
        if (this.hung.has(Number(shopPath[3]))) {
          this.openHungReads.add(res);
          res.once('close', () => this.openHungReads.delete(res));
          await new Promise<void>((resolve) => this.releaseHung.push(resolve));
          if (res.destroyed) return;
        }
        const receipt = this.receipts.find((r) => r.receipt_id === Number(shopPath[3]));
        return receipt ? send(200, receipt, limits) : send(404, { error: 'Receipt not found' });
      }
      return this.listReceipts(url, send, limits);
    }
    return send(404, { error: `No route ${req.method} ${url.pathname}` });
  }

  private authorize(url: URL, res: ServerResponse, send: (s: number, b: unknown) => void) {
    const q = url.searchParams;
    const redirectUri = q.get('redirect_uri') ?? '';
    // An unregistered or mismatched redirect URI is an error page, never a redirect.
    if (!this.redirectUris.has(redirectUri))
      return send(400, { error: 'redirect_uri is not registered' });
    const problems = [
      q.get('response_type') !== 'code' && 'response_type',
      q.get('client_id') !== this.keystring && 'client_id',
      !q.get('state') && 'state',
      q.get('code_challenge_method') !== 'S256' && 'code_challenge_method',
      !q.get('code_challenge') && 'code_challenge',
      !(q.get('scope') ?? '').split(' ').includes('transactions_r') && 'scope',
    ].filter(Boolean);
    const back = new URL(redirectUri);
    back.searchParams.set('state', q.get('state') ?? '');
    if (problems.length > 0) {
      back.searchParams.set('error', 'invalid_request');
      back.searchParams.set('error_description', `bad ${problems.join(', ')}`);
    } else {
      const code = randomBytes(16).toString('hex');
      const asked = (q.get('scope') ?? '').split(' ').filter(Boolean);
      const scopes = this.grantOnlyScopes ?? asked;
      this.codes.set(code, {
        challenge: q.get('code_challenge')!,
        redirectUri,
        used: false,
        scopes,
      });
      back.searchParams.set('code', code);
    }
    res.writeHead(302, { location: back.toString() });
    res.end();
  }

  private token(form: URLSearchParams, send: (s: number, b: unknown) => void) {
    if (form.get('client_id') !== this.keystring) return send(400, { error: 'invalid_client' });
    if (form.get('grant_type') === 'authorization_code') {
      const code = this.codes.get(form.get('code') ?? '');
      if (!code)
        return send(400, { error: 'invalid_grant', error_description: 'code is not valid' });
      if (code.used)
        return send(400, {
          error: 'invalid_grant',
          error_description: 'code has been used previously',
        });
      code.used = true;
      if (code.redirectUri !== form.get('redirect_uri')) {
        return send(400, {
          error: 'invalid_grant',
          error_description: 'redirect_uri does not match',
        });
      }
      const challenge = createHash('sha256')
        .update(form.get('code_verifier') ?? '')
        .digest('base64url');
      if (challenge !== code.challenge) {
        return send(400, {
          error: 'invalid_grant',
          error_description: 'code_verifier does not match',
        });
      }
      return send(200, this.issue(code.scopes));
    }
    if (form.get('grant_type') === 'refresh_token') {
      const index = this.grants.findIndex((g) => g.refreshToken === form.get('refresh_token'));
      if (index === -1)
        return send(400, {
          error: 'invalid_grant',
          error_description: 'refresh token is not valid',
        });
      // Rotation: the old refresh token and its access token die with this exchange.
      const [old] = this.grants.splice(index, 1);
      this.refreshes++;
      // Scopes cannot change on refresh: the new tokens carry the old grant's.
      return send(200, this.issue(old!.scopes));
    }
    return send(400, { error: 'unsupported_grant_type' });
  }

  private issue(scopes: string[]) {
    const userId = this.shop.user_id;
    const grant: Grant = {
      userId,
      scopes,
      accessToken: `${userId}.${randomBytes(18).toString('base64url')}`,
      refreshToken: `${userId}.${randomBytes(18).toString('base64url')}`,
      accessExpiresAt: Date.now() + this.accessTokenSeconds * 1000,
    };
    this.grants.push(grant);
    return {
      access_token: grant.accessToken,
      token_type: 'Bearer',
      expires_in: this.accessTokenSeconds,
      refresh_token: grant.refreshToken,
    };
  }

  private grantFor(authorization: string | undefined): Grant | undefined {
    const token = /^Bearer (.+)$/.exec(authorization ?? '')?.[1];
    return this.grants.find((g) => g.accessToken === token && g.accessExpiresAt > Date.now());
  }

  /**
   * updateShop: shops_w and the shop's owner only; a JSON or form body whose known fields must be
   * strings; answers the updated Shop.
   */
  private async updateShop(
    req: IncomingMessage,
    grant: Grant,
    send: (s: number, b: unknown, h?: Record<string, string>) => void,
    limits: Record<string, string>,
  ) {
    if (!grant.scopes.includes('shops_w'))
      return send(403, { error: 'This request requires the shops_w scope.' });
    if (grant.userId !== this.shop.user_id) return send(403, { error: 'Not the shop owner' });
    const raw = await readBody(req);
    const type = String(req.headers['content-type'] ?? '');
    let body: Record<string, unknown>;
    if (type.startsWith('application/json')) {
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        return send(400, { error: 'Invalid JSON body' });
      }
    } else if (type.startsWith('application/x-www-form-urlencoded')) {
      body = Object.fromEntries(new URLSearchParams(raw));
    } else {
      return send(415, { error: 'Unsupported content type' });
    }
    if (typeof body !== 'object' || body === null) return send(400, { error: 'Invalid body' });
    const fields = ['title', 'announcement', 'sale_message', 'digital_sale_message'] as const;
    for (const field of fields) {
      if (field in body && typeof body[field] !== 'string')
        return send(400, { error: `${field} must be a string` });
    }
    if (this.failShopUpdatesWith) return send(this.failShopUpdatesWith, { error: 'Server error' });
    if (typeof body.sale_message === 'string') this.shop.sale_message = body.sale_message;
    if (typeof body.digital_sale_message === 'string')
      this.shop.digital_sale_message = body.digital_sale_message;
    if (this.loseShopUpdateAnswersWith)
      return send(this.loseShopUpdateAnswersWith, { error: 'Gateway timeout' });
    return send(200, this.shop, limits);
  }

  private listReceipts(
    url: URL,
    send: (s: number, b: unknown, h?: Record<string, string>) => void,
    limits: Record<string, string>,
  ) {
    const q = url.searchParams;
    const limit = Number(q.get('limit') ?? 25);
    const offset = Number(q.get('offset') ?? 0);
    const minModified = q.get('min_last_modified');
    if (!Number.isInteger(limit) || limit < 1 || limit > 100)
      return send(400, { error: 'limit must be between 1 and 100' });
    if (!Number.isInteger(offset) || offset < 0 || offset > 12_000)
      return send(400, { error: 'offset must be between 0 and 12000' });
    if (minModified !== null && Number(minModified) < 946_684_800)
      return send(400, { error: 'min_last_modified is too small' });
    const bool = (name: string) => (q.has(name) ? ['true', '1'].includes(q.get(name)!) : undefined);
    const wasPaid = bool('was_paid');
    let rows = this.receipts.filter(
      (r) =>
        (wasPaid === undefined || r.is_paid === wasPaid) &&
        (minModified === null || r.updated_timestamp >= Number(minModified)),
    );
    const key =
      q.get('sort_on') === 'updated'
        ? 'updated_timestamp'
        : q.get('sort_on') === 'receipt_id'
          ? 'receipt_id'
          : 'created_timestamp';
    const ascending = ['asc', 'ascending', 'up'].includes(q.get('sort_order') ?? 'desc');
    rows = [...rows].sort(
      (a, b) => (ascending ? 1 : -1) * (a[key] - b[key] || a.receipt_id - b.receipt_id),
    );
    send(200, { count: rows.length, results: rows.slice(offset, offset + limit) }, limits);
  }
}
