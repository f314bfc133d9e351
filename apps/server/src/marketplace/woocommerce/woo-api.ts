import { createHmac, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { isPrivateAddress } from './public-address.ts';
import { type Resolver, StoreHttpError, checkStoreAddress, storeRequest } from './store-http.ts';
import { type WooOrder, wooOrderSchema } from './woo-order.ts';
import { parseStorableJson } from '../../infrastructure/db/storable-text.ts';

export { isPrivateAddress };

export interface WooApiKeys {
  consumerKey: string;
  consumerSecret: string;
}

/**
 * Why a call to the store failed. The store's own reply is never shown to anyone: it is text from
 * whatever answered at that address, so each kind has fixed words of ours (WOO_API_MESSAGES).
 */
export type WooApiFailure =
  | 'bad-keys'
  | 'no-write'
  | 'not-woocommerce'
  | 'not-found'
  | 'not-public'
  | 'unreachable'
  | 'redirected';

export class WooApiError extends Error {
  constructor(readonly failure: WooApiFailure) {
    super(WOO_API_MESSAGES[failure]);
  }
}

export const WOO_API_MESSAGES: Record<WooApiFailure, string> = {
  'bad-keys':
    'The store did not accept those API keys. Check the consumer key and secret, and that the key has Read/Write permission.',
  'no-write':
    'Those API keys can read but not write: give the key Read/Write permission so Thankly can create its webhooks.',
  'not-woocommerce':
    'That address did not answer like a WooCommerce store. Check the address and that the WooCommerce REST API is enabled.',
  'not-found': 'Thankly could not find a store at that address.',
  'not-public': 'That address is not a public web address.',
  unreachable: 'Thankly could not reach the store at that address. Try again in a moment.',
  redirected:
    'The store redirected elsewhere. Enter its address exactly as it is served (https, with or without www).',
};

const webhookSchema = z.object({ id: z.number() });

/** RFC 3986 encoding, as OAuth 1.0a and WooCommerce's check of it want. */
const rfc3986 = (value: string) =>
  encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );

/**
 * WooCommerce's one-legged OAuth 1.0a for stores on plain HTTP (it takes Basic auth over HTTPS
 * only): HMAC-SHA256 over METHOD&url&sorted-params (the request's own query included), keyed with
 * the consumer secret and "&".
 */
export function oauth1Query(
  method: string,
  url: string,
  keys: WooApiKeys,
  now: Date,
  nonce = randomBytes(16).toString('hex'),
  query: Record<string, string> = {},
): URLSearchParams {
  const params: Record<string, string> = {
    ...query,
    oauth_consumer_key: keys.consumerKey,
    oauth_nonce: nonce,
    oauth_signature_method: 'HMAC-SHA256',
    oauth_timestamp: String(Math.floor(now.getTime() / 1000)),
  };
  const normalized = Object.keys(params)
    .sort()
    .map((key) => rfc3986(`${rfc3986(key)}=${rfc3986(params[key]!)}`))
    .join('%26');
  const base = `${method.toUpperCase()}&${rfc3986(url)}&${normalized}`;
  const signature = createHmac('sha256', `${keys.consumerSecret}&`).update(base).digest('base64');
  return new URLSearchParams({ ...params, oauth_signature: signature });
}

const parseJson = (text: string): unknown => {
  try {
    return parseStorableJson(text);
  } catch {
    return undefined;
  }
};

/**
 * The REST API calls Thankly makes to a seller's store with the keys they gave: proving the keys
 * read the store, creating the order webhooks, and reading each order back. Every call goes
 * through storeRequest (one checked address, no redirects, bounded); `allowPrivateHosts` is off
 * in production so a store address cannot point Thankly at its own network.
 */
export class WooApi {
  constructor(
    private readonly options: { allowPrivateHosts: boolean; now: () => Date; resolve?: Resolver },
  ) {}

  /**
   * Refuses an address Thankly would not call (not found, or not public in production) before the
   * seller is sent there to approve Thankly; every later call is checked again on its own.
   */
  async checkAddress(storeUrl: string): Promise<void> {
    try {
      await checkStoreAddress(new URL(storeUrl), {
        allowPrivateAddresses: this.options.allowPrivateHosts,
        ...(this.options.resolve ? { resolve: this.options.resolve } : {}),
      });
    } catch (error) {
      if (!(error instanceof StoreHttpError)) throw error;
      throw new WooApiError(error.failure === 'too-large' ? 'not-woocommerce' : error.failure);
    }
  }

  /** Succeeds only when the keys read orders of a WooCommerce store at that address. */
  async checkReadAccess(storeUrl: string, keys: WooApiKeys): Promise<void> {
    const { status, body } = await this.call('GET', storeUrl, '/wp-json/wc/v3/orders', keys, {
      query: { per_page: '1' },
    });
    if (status === 200 && Array.isArray(body)) return;
    throw new WooApiError(failureFor(status, body));
  }

  async createWebhook(
    storeUrl: string,
    keys: WooApiKeys,
    webhook: { name: string; topic: string; deliveryUrl: string; secret: string },
  ): Promise<number> {
    const { status, body } = await this.call('POST', storeUrl, '/wp-json/wc/v3/webhooks', keys, {
      payload: {
        name: webhook.name,
        topic: webhook.topic,
        delivery_url: webhook.deliveryUrl,
        secret: webhook.secret,
        status: 'active',
      },
    });
    const created = webhookSchema.safeParse(body);
    if (status >= 200 && status < 300 && created.success) return created.data.id;
    // The keys read the store a moment ago, so a refusal here is a missing write permission.
    if (status === 401 || status === 403) throw new WooApiError('no-write');
    throw new WooApiError(failureFor(status, body));
  }

  /** The order as the store has it, or null when the store has no such order. */
  async getOrder(storeUrl: string, keys: WooApiKeys, orderId: string): Promise<WooOrder | null> {
    if (!/^\d{1,19}$/.test(orderId)) return null;
    const { status, body } = await this.call(
      'GET',
      storeUrl,
      `/wp-json/wc/v3/orders/${orderId}`,
      keys,
    );
    if (status === 404 && isWooError(body)) return null;
    const order = wooOrderSchema.safeParse(body);
    if (status === 200 && order.success) return order.data;
    throw new WooApiError(failureFor(status, body));
  }

  private async call(
    method: 'GET' | 'POST',
    storeUrl: string,
    path: string,
    keys: WooApiKeys,
    { query = {}, payload }: { query?: Record<string, string>; payload?: unknown } = {},
  ): Promise<{ status: number; body: unknown }> {
    const url = new URL(storeUrl + path);
    const headers: Record<string, string> = {
      accept: 'application/json',
      'user-agent': 'Thankly (+WooCommerce order emails)',
    };
    if (payload !== undefined) headers['content-type'] = 'application/json';
    if (url.protocol === 'https:') {
      headers.authorization = `Basic ${Buffer.from(`${keys.consumerKey}:${keys.consumerSecret}`).toString('base64')}`;
      url.search = new URLSearchParams(query).toString();
    } else {
      url.search = oauth1Query(
        method,
        url.toString(),
        keys,
        this.options.now(),
        undefined,
        query,
      ).toString();
    }
    try {
      const response = await storeRequest(
        url,
        {
          method,
          headers,
          ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
        },
        {
          allowPrivateAddresses: this.options.allowPrivateHosts,
          ...(this.options.resolve ? { resolve: this.options.resolve } : {}),
        },
      );
      return { status: response.status, body: parseJson(response.body) };
    } catch (error) {
      if (!(error instanceof StoreHttpError)) throw error;
      throw new WooApiError(error.failure === 'too-large' ? 'not-woocommerce' : error.failure);
    }
  }
}

const wooErrorSchema = z.object({ code: z.string(), message: z.string() });
const isWooError = (body: unknown) => wooErrorSchema.safeParse(body).success;

function failureFor(status: number, body: unknown): WooApiFailure {
  if ((status === 401 || status === 403) && isWooError(body)) return 'bad-keys';
  if (status >= 500 || status === 429) return 'unreachable';
  return 'not-woocommerce';
}
