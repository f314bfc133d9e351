import { createHmac, randomBytes } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { z } from 'zod';

export interface WooApiKeys {
  consumerKey: string;
  consumerSecret: string;
}

/** The store answered with an error; `message` is WooCommerce's own, for the seller to read. */
export class WooHttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const errorBodySchema = z.object({ code: z.string().optional(), message: z.string() });
const webhookSchema = z.object({ id: z.number(), status: z.string().optional() });

const REQUEST_TIMEOUT_MS = 15_000;

/** RFC 3986 encoding, as OAuth 1.0a and WooCommerce's check of it want. */
const rfc3986 = (value: string) =>
  encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );

/**
 * WooCommerce's one-legged OAuth 1.0a for stores on plain HTTP (it takes Basic auth over HTTPS
 * only): HMAC-SHA256 over METHOD&url&sorted-params, keyed with the consumer secret and "&".
 */
export function oauth1Query(
  method: string,
  url: string,
  keys: WooApiKeys,
  now: Date,
  nonce = randomBytes(16).toString('hex'),
): URLSearchParams {
  const params: Record<string, string> = {
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

/** True for loopback, private, link-local and other addresses the public internet cannot reach. */
export function isPrivateAddress(address: string): boolean {
  if (isIP(address) === 6) {
    const lower = address.toLowerCase();
    if (lower.startsWith('::ffff:')) return isPrivateAddress(lower.slice(7));
    return lower === '::1' || lower === '::' || /^f[cd]/.test(lower) || /^fe[89ab]/.test(lower);
  }
  const [a = 0, b = 0] = address.split('.').map(Number);
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    a >= 224
  );
}

/**
 * The REST API calls Thankly makes to a seller's store with the keys they gave: creating the order
 * webhooks. `allowPrivateHosts` is off in production, so a store address cannot point Thankly at
 * its own network.
 */
export class WooApi {
  constructor(private readonly options: { allowPrivateHosts: boolean; now: () => Date }) {}

  async createWebhook(
    storeUrl: string,
    keys: WooApiKeys,
    webhook: { name: string; topic: string; deliveryUrl: string; secret: string },
  ): Promise<number> {
    const body = await this.post(storeUrl, '/wp-json/wc/v3/webhooks', keys, {
      name: webhook.name,
      topic: webhook.topic,
      delivery_url: webhook.deliveryUrl,
      secret: webhook.secret,
      status: 'active',
    });
    return webhookSchema.parse(body).id;
  }

  private async post(
    storeUrl: string,
    path: string,
    keys: WooApiKeys,
    payload: unknown,
  ): Promise<unknown> {
    const url = new URL(storeUrl + path);
    await this.assertReachable(url);
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      accept: 'application/json',
    };
    if (url.protocol === 'https:') {
      headers.authorization = `Basic ${Buffer.from(`${keys.consumerKey}:${keys.consumerSecret}`).toString('base64')}`;
    } else {
      url.search = oauth1Query('POST', url.toString(), keys, this.options.now()).toString();
    }
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers,
        body: JSON.stringify(payload),
        redirect: 'manual',
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch {
      throw new WooHttpError(0, 'Thankly could not reach the store at that address.');
    }
    const text = await response.text();
    let body: unknown = null;
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON: not a WooCommerce REST API answer.
    }
    if (response.ok && body !== null) return body;
    const error = errorBodySchema.safeParse(body);
    if (response.status >= 300 && response.status < 400)
      throw new WooHttpError(
        response.status,
        'The store redirected elsewhere; check its address (https, www).',
      );
    throw new WooHttpError(
      response.status,
      error.success
        ? error.data.message
        : 'The address did not answer like a WooCommerce REST API.',
    );
  }

  private async assertReachable(url: URL): Promise<void> {
    if (this.options.allowPrivateHosts) return;
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const addresses = isIP(host)
      ? [host]
      : await lookup(host, { all: true }).then(
          (found) => found.map((a) => a.address),
          () => [] as string[],
        );
    if (addresses.length === 0)
      throw new WooHttpError(0, 'Thankly could not find the store at that address.');
    if (addresses.some(isPrivateAddress))
      throw new WooHttpError(0, 'That address is not a public web address.');
  }
}
