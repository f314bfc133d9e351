import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { type Resolver, StoreHttpError, storeRequest } from './store-http.ts';
import { WOO_API_MESSAGES, WooApi, WooApiError } from './woo-api.ts';

/** A loopback "store" that counts connections and lets each test choose its answer. */
let server: Server;
let port: number;
let connections = 0;
let requests: IncomingMessage[] = [];
let answer: (req: IncomingMessage, res: ServerResponse) => void;

beforeAll(async () => {
  server = createServer((req, res) => {
    requests.push(req);
    answer(req, res);
  });
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  connections = 0;
  requests = [];
  answer = (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('[]');
  };
});

const GET = { method: 'GET' as const, headers: {} };
/** A resolver that plays a list of DNS answers, one per call, and counts the calls. */
function playing(...answers: string[][]) {
  const played = { calls: 0 };
  const resolve: Resolver = async () => {
    const next = answers[Math.min(played.calls++, answers.length - 1)]!;
    return next.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return { resolve, played };
}
const failureOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    if (error instanceof StoreHttpError) return error.failure;
    if (error instanceof WooApiError) return error.failure;
    throw error;
  }
  return 'succeeded';
};

describe('the one HTTP client for stores', () => {
  test('connects to the address it resolved and checked, under the store’s own name', async () => {
    const { resolve, played } = playing(['127.0.0.1']);
    const response = await storeRequest(
      new URL(`http://shop.example.com:${port}/wp-json/x?a=1`),
      GET,
      {
        allowPrivateAddresses: true,
        resolve,
      },
    );
    expect(response).toEqual({ status: 200, body: '[]' });
    expect(played.calls).toBe(1);
    expect(requests[0]!.headers.host).toBe(`shop.example.com:${port}`);
    expect(requests[0]!.url).toBe('/wp-json/x?a=1');
  });

  test('in production a name resolving to loopback is refused before any connection', async () => {
    const { resolve } = playing(['127.0.0.1']);
    const url = new URL(`http://rebind.example.com:${port}/wp-json/wc/v3/orders`);
    expect(await failureOf(storeRequest(url, GET, { allowPrivateAddresses: false, resolve }))).toBe(
      'not-public',
    );
    // A private address among public ones is refused too: the connection could pick it.
    const mixed = playing(['93.184.216.34', '127.0.0.1']);
    expect(
      await failureOf(
        storeRequest(url, GET, { allowPrivateAddresses: false, resolve: mixed.resolve }),
      ),
    ).toBe('not-public');
    for (const literal of ['127.0.0.1', '[::1]', '[::ffff:7f00:1]', '169.254.169.254', '10.0.0.1'])
      expect(
        await failureOf(
          storeRequest(new URL(`http://${literal}:${port}/`), GET, {
            allowPrivateAddresses: false,
          }),
        ),
        literal,
      ).toBe('not-public');
    expect(connections).toBe(0);
  });

  test('DNS rebinding: a public first answer and a private second one never reach the private address', async () => {
    const { resolve, played } = playing(['93.184.216.34'], ['127.0.0.1']);
    const failure = await failureOf(
      storeRequest(new URL(`http://rebind.example.com:${port}/wp-json/wc/v3/orders`), GET, {
        allowPrivateAddresses: false,
        resolve,
        timeoutMs: 500,
      }),
    );
    // The name was resolved once; the connection went to that checked answer (which does not
    // answer here), never to the loopback store.
    expect(played.calls).toBe(1);
    expect(failure).toBe('unreachable');
    expect(connections).toBe(0);
  });

  test('a redirect is an error and is not followed', async () => {
    answer = (_req, res) => {
      res.writeHead(302, { location: `http://127.0.0.1:${port}/internal` });
      res.end();
    };
    expect(
      await failureOf(
        storeRequest(new URL(`http://127.0.0.1:${port}/`), GET, { allowPrivateAddresses: true }),
      ),
    ).toBe('redirected');
    expect(requests.map((r) => r.url)).toEqual(['/']);
  });

  test('a slow store times out and an oversized answer is cut off', async () => {
    answer = () => {};
    expect(
      await failureOf(
        storeRequest(new URL(`http://127.0.0.1:${port}/`), GET, {
          allowPrivateAddresses: true,
          timeoutMs: 200,
        }),
      ),
    ).toBe('unreachable');
    answer = (_req, res) => {
      res.writeHead(200);
      res.end('x'.repeat(64 * 1024));
    };
    expect(
      await failureOf(
        storeRequest(new URL(`http://127.0.0.1:${port}/`), GET, {
          allowPrivateAddresses: true,
          maxResponseBytes: 1024,
        }),
      ),
    ).toBe('too-large');
  });
});

describe('what the store says is never shown', () => {
  const keys = { consumerKey: 'ck_12345678', consumerSecret: 'cs_12345678' };
  const api = (resolve?: Resolver) =>
    new WooApi({ allowPrivateHosts: true, now: () => new Date(), ...(resolve ? { resolve } : {}) });

  test('bad keys, not a store, redirects: each in our own words', async () => {
    const store = `http://127.0.0.1:${port}`;
    answer = (_req, res) => {
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          code: 'woocommerce_rest_authentication_error',
          message: '<b>Click evil.example</b>',
        }),
      );
    };
    const bad = await api()
      .checkReadAccess(store, keys)
      .catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(WooApiError);
    expect((bad as Error).message).toBe(WOO_API_MESSAGES['bad-keys']);

    answer = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html>Welcome to evil.example</html>');
    };
    const notStore = await api()
      .checkReadAccess(store, keys)
      .catch((e: unknown) => e);
    expect((notStore as Error).message).toBe(WOO_API_MESSAGES['not-woocommerce']);

    answer = (_req, res) => {
      res.writeHead(301, { location: 'http://169.254.169.254/latest/meta-data' });
      res.end();
    };
    expect(await failureOf(api().checkReadAccess(store, keys))).toBe('redirected');

    const production = new WooApi({
      allowPrivateHosts: false,
      now: () => new Date(),
      resolve: playing(['127.0.0.1']).resolve,
    });
    expect(
      await failureOf(production.checkReadAccess(`http://shop.example.com:${port}`, keys)),
    ).toBe('not-public');
  });

  test('checking an address before sending the seller there applies the same guard, and calls nothing', async () => {
    const production = (addresses: string[]) =>
      new WooApi({
        allowPrivateHosts: false,
        now: () => new Date(),
        resolve: playing(addresses).resolve,
      });
    for (const addresses of [['127.0.0.1'], ['169.254.169.254'], ['93.184.216.34', '10.0.0.1']])
      expect(
        await failureOf(production(addresses).checkAddress('https://shop.example.com')),
        addresses.join(),
      ).toBe('not-public');
    expect(await failureOf(production([]).checkAddress('https://shop.example.com'))).toBe(
      'not-found',
    );
    await production(['93.184.216.34']).checkAddress('https://shop.example.com');
    await api().checkAddress(`http://127.0.0.1:${port}`);
    expect(connections).toBe(0);
  });
});
