// Contract tests for what Thankly writes to Etsy: updateShop (the purchase message), the scope it
// needs, the app's request limits and the purchase-message drift, each in the shape Etsy documents
// (integrations.md section A; Etsy's OpenAPI reference for updateShop), run through the same
// EtsyApi and EtsyAdapter the real client uses, against the local Etsy stand-in.
//
// updateShop, as documented: PUT /v3/application/shops/{shop_id}, scopes shops_r and shops_w,
// optional string fields title, announcement, sale_message and digital_sale_message. Generated
// clients of Etsy's reference send them form-encoded (application/x-www-form-urlencoded); Thankly
// sends JSON, which v3 also takes. The answer is the Shop; errors are { "error": string } with 400,
// 401, 403, 404 or 500, and 429 with a retry-after header once a limit is reached.
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { createRateGate } from '../../src/infrastructure/concurrency/rate-gate.ts';
import {
  type EtsyPurchaseMessages,
  EtsyAdapter,
  MissingScopeError,
} from '../../src/marketplace/etsy/etsy-adapter.ts';
import { EtsyApi, type EtsyApiOptions } from '../../src/marketplace/etsy/etsy-api.ts';
import { etsyEnvFields } from '../../src/marketplace/etsy/etsy-settings.ts';
import {
  BudgetExhaustedError,
  GrantRevokedError,
  RateLimitedError,
} from '../../src/marketplace/marketplace-adapter.ts';
import { EtsySimulator } from '../support/etsy-simulator.ts';

/** One process's share of Etsy's per-second limit, as configured by default. */
const DEFAULT_SHARE = etsyEnvFields.ETSY_REQUESTS_PER_SECOND.parse(undefined);

/** Etsy's documented default limits for an app. */
const ETSY_LIMITS = { perSecond: 10, perDay: 10_000 };

let simNow = Date.parse('2026-12-01T00:00:00Z');
let sim: EtsySimulator;

function adapterFor(options: Partial<EtsyApiOptions> = {}): EtsyAdapter {
  return new EtsyAdapter({
    api: new EtsyApi({
      apiUrl: sim.url,
      keystring: sim.keystring,
      sharedSecret: sim.sharedSecret,
      consumeBudget: async () => {},
      maxRetries: 0,
      ...options,
    }),
    keystring: sim.keystring,
    authUrl: `${sim.url}/oauth/connect`,
    webhookSecret: sim.webhookSecret,
    now: () => new Date(simNow),
  });
}

const shopAccess = (scopes?: string[]) => ({
  externalId: String(sim.shop.shop_id),
  accessToken: sim.grantAccess(scopes),
});

/** A raw call to the stand-in, as any HTTP client would make it. */
function call(
  method: string,
  path: string,
  token: string | null,
  body?: { type: string; text: string },
): Promise<Response> {
  return fetch(new URL(path, sim.url), {
    method,
    headers: {
      'x-api-key': `${sim.keystring}:${sim.sharedSecret}`,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': body.type } : {}),
    },
    body: body?.text,
  });
}

beforeAll(async () => {
  sim = await new EtsySimulator({ limits: ETSY_LIMITS, now: () => simNow }).start();
});
afterAll(() => sim?.stop());
afterEach(() => {
  // A fresh second and day for the next test.
  simNow += 2 * 86_400_000;
});

describe('updateShop', () => {
  test('the adapter sends both purchase messages to the shop and reads back the Shop Etsy answers', async () => {
    const access = shopAccess();
    const written: EtsyPurchaseMessages = {
      message: 'Thank you for your order!\nSee you soon.',
      digitalMessage: 'Your files are ready — enjoy them.',
    };
    const saved = await adapterFor().updatePurchaseMessages(access, written);
    expect(saved).toEqual(written);
    const request = sim.requests.at(-1)!;
    expect(request).toMatchObject({
      method: 'PUT',
      path: `/v3/application/shops/${sim.shop.shop_id}`,
    });
    expect(request.headers).toMatchObject({
      'x-api-key': `${sim.keystring}:${sim.sharedSecret}`,
      authorization: `Bearer ${access.accessToken}`,
      'content-type': 'application/json',
      accept: 'application/json',
    });
    expect(sim.shop).toMatchObject({
      sale_message: written.message,
      digital_sale_message: written.digitalMessage,
    });
  });

  test('takes the documented form-encoded body too, and answers the whole Shop', async () => {
    const { accessToken } = shopAccess();
    const response = await call('PUT', `/v3/application/shops/${sim.shop.shop_id}`, accessToken, {
      type: 'application/x-www-form-urlencoded',
      text: new URLSearchParams({
        sale_message: 'Thanks & welcome',
        digital_sale_message: 'Download below',
      }).toString(),
    });
    expect(response.status).toBe(200);
    const shop = (await response.json()) as Record<string, unknown>;
    expect(shop).toMatchObject({
      shop_id: sim.shop.shop_id,
      shop_name: expect.any(String),
      user_id: sim.shop.user_id,
      sale_message: 'Thanks & welcome',
      digital_sale_message: 'Download below',
    });
  });

  test('refuses what Etsy refuses, with { error } and the documented status', async () => {
    const { accessToken } = shopAccess();
    const put = (path: string, body: unknown) =>
      call('PUT', path, accessToken, { type: 'application/json', text: JSON.stringify(body) });
    const notAString = await put(`/v3/application/shops/${sim.shop.shop_id}`, {
      sale_message: 42,
    });
    expect(notAString.status).toBe(400);
    expect(await notAString.json()).toEqual({ error: expect.any(String) });
    const otherShop = await put('/v3/application/shops/1', { sale_message: 'x' });
    expect(otherShop.status).toBe(404);
    expect(await otherShop.json()).toEqual({ error: expect.any(String) });
    const noToken = await call('PUT', `/v3/application/shops/${sim.shop.shop_id}`, null, {
      type: 'application/json',
      text: '{}',
    });
    expect(noToken.status).toBe(401);
    expect(await noToken.json()).toMatchObject({ error: 'invalid_token' });
  });

  test('Etsy failing reaches the caller as a failure, and nothing changes on Etsy', async () => {
    const access = shopAccess();
    const before = sim.shop.sale_message;
    sim.failShopUpdatesWith = 500;
    try {
      await expect(
        adapterFor().updatePurchaseMessages(access, { message: 'New', digitalMessage: '' }),
      ).rejects.toThrow(/Etsy answered 500/);
    } finally {
      sim.failShopUpdatesWith = undefined;
    }
    expect(sim.shop.sale_message).toBe(before);
  });
});

describe('scopes', () => {
  test('a token without shops_w is refused updateShop with 403, and the adapter asks for a reconnect', async () => {
    const readOnly = shopAccess(['transactions_r', 'shops_r']);
    const raw = await call(
      'PUT',
      `/v3/application/shops/${sim.shop.shop_id}`,
      readOnly.accessToken,
      {
        type: 'application/json',
        text: JSON.stringify({ sale_message: 'x' }),
      },
    );
    expect(raw.status).toBe(403);
    expect(await raw.json()).toEqual({ error: expect.stringContaining('shops_w') });
    const before = sim.shop.sale_message;
    await expect(
      adapterFor().updatePurchaseMessages(readOnly, { message: 'x', digitalMessage: '' }),
    ).rejects.toBeInstanceOf(MissingScopeError);
    expect(sim.shop.sale_message).toBe(before);
    // Reading the shop's messages needs no write scope.
    await expect(adapterFor().getPurchaseMessages(readOnly)).resolves.toMatchObject({
      message: expect.any(String),
    });
  });

  test('a revoked grant is a 401 the adapter reports as revoked, not as a missing scope', async () => {
    const access = shopAccess();
    sim.revokeAll();
    await expect(
      adapterFor().updatePurchaseMessages(access, { message: 'x', digitalMessage: '' }),
    ).rejects.toBeInstanceOf(GrantRevokedError);
  });

  test('connect asks Etsy for shops_w beside the read scopes', () => {
    const url = new URL(
      adapterFor().authorizationUrl({
        state: 's',
        codeChallenge: 'DSWlW2Abh-cf8CeLL8-g3hQ2WQyYdKyiu83u_s7nRhI',
        redirectUri: 'https://thankly.example/api/etsy/callback',
      }),
    );
    expect(url.searchParams.get('scope')!.split(' ').sort()).toEqual([
      'shops_r',
      'shops_w',
      'transactions_r',
    ]);
  });
});

describe('the request budget', () => {
  test('Etsy counts 10 calls a second: the 11th is a 429 with retry-after, and the headers say what is left', async () => {
    const { accessToken } = shopAccess();
    const path = `/v3/application/shops/${sim.shop.shop_id}`;
    const answers: Response[] = [];
    for (let i = 0; i < 11; i++) answers.push(await call('GET', path, accessToken));
    expect(answers.slice(0, 10).map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(answers[0]!.headers.get('x-limit-per-second')).toBe('10');
    expect(answers[0]!.headers.get('x-remaining-this-second')).toBe('9');
    expect(answers[0]!.headers.get('x-limit-per-day')).toBe('10000');
    expect(answers[9]!.headers.get('x-remaining-this-second')).toBe('0');
    expect(answers[10]!.status).toBe(429);
    expect(answers[10]!.headers.get('retry-after')).toBe('1');
    expect(await answers[10]!.json()).toEqual({ error: expect.any(String) });
    // The next second lets calls through again.
    simNow += 1000;
    expect((await call('GET', path, accessToken)).status).toBe(200);
  });

  test('and 10,000 a rolling day: past them, retry-after says when the oldest call leaves the window', async () => {
    const { accessToken } = shopAccess();
    const path = `/v3/application/shops/${sim.shop.shop_id}`;
    sim.spendRequests(9_999);
    simNow += 60_000;
    const last = await call('GET', path, accessToken);
    expect(last.status).toBe(200);
    expect(last.headers.get('x-remaining-today')).toBe('0');
    simNow += 1000;
    const over = await call('GET', path, accessToken);
    expect(over.status).toBe(429);
    // The 9,999 were made 61 s ago: they leave the day's window in 24 h less 61 s.
    expect(Number(over.headers.get('retry-after'))).toBe(86_400 - 61);
  });

  test('the client honours Retry-After, and gives up with RateLimitedError carrying it', async () => {
    const access = shopAccess();
    const slept: number[] = [];
    const patient = adapterFor({
      maxRetries: 2,
      sleep: async (ms) => {
        slept.push(ms);
      },
    });
    sim.throttleNext(1, 7);
    await expect(patient.getPurchaseMessages(access)).resolves.toBeDefined();
    expect(slept).toEqual([7000]);
    sim.throttleNext(3, 30);
    const error = await patient.getPurchaseMessages(access).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitedError);
    expect((error as RateLimitedError).retryAfterSeconds).toBe(30);
  });

  // A process gates its calls at its share of Etsy's 10 a second (ETSY_REQUESTS_PER_SECOND, 5 by
  // default, so two workers stay within it). The gate counts when a call leaves and Etsy when it
  // arrives, so a gate at the full 10 can meet a 429 when calls arrive bunched; the share leaves room.
  test('the client’s rate gate keeps a burst within Etsy’s per-second limit: no 429', async () => {
    const access = shopAccess();
    // Real time for this one: the gate and the stand-in share the machine's clock.
    const realSim = await new EtsySimulator({ limits: ETSY_LIMITS }).start();
    try {
      const token = realSim.grantAccess();
      const adapter = new EtsyAdapter({
        api: new EtsyApi({
          apiUrl: realSim.url,
          keystring: realSim.keystring,
          sharedSecret: realSim.sharedSecret,
          consumeBudget: async () => {},
          rateGate: createRateGate(DEFAULT_SHARE),
          maxRetries: 0,
        }),
        keystring: realSim.keystring,
        authUrl: `${realSim.url}/oauth/connect`,
        webhookSecret: realSim.webhookSecret,
        now: () => new Date(),
      });
      const results = await Promise.allSettled(
        Array.from({ length: 12 }, () =>
          adapter.getPurchaseMessages({ ...access, accessToken: token }),
        ),
      );
      expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
      expect(realSim.requests.length).toBe(12);
    } finally {
      await realSim.stop();
    }
  });

  test('the app’s own daily budget stops a call before it reaches Etsy', async () => {
    const access = shopAccess();
    const before = sim.requests.length;
    const spent = adapterFor({
      consumeBudget: async () => {
        throw new BudgetExhaustedError('The daily etsy request budget of 9000 is used up.');
      },
    });
    await expect(
      spent.updatePurchaseMessages(access, { message: 'x', digitalMessage: '' }),
    ).rejects.toBeInstanceOf(BudgetExhaustedError);
    expect(sim.requests.length).toBe(before);
  });
});

describe('purchase-message drift', () => {
  test('getShop shows a change the seller made on Etsy after Thankly’s write, and Etsy’s null reads as empty', async () => {
    const access = shopAccess();
    const adapter = adapterFor();
    const written = await adapter.updatePurchaseMessages(access, {
      message: 'Thanks from Thankly',
      digitalMessage: 'Files from Thankly',
    });
    expect(await adapter.getPurchaseMessages(access)).toEqual(written);
    // The seller edits Shop settings › Info on Etsy, and clears the digital message.
    sim.changeOnEtsy({ sale_message: 'Edited on Etsy', digital_sale_message: null });
    const raw = (await (
      await call('GET', `/v3/application/shops/${sim.shop.shop_id}`, access.accessToken)
    ).json()) as Record<string, unknown>;
    expect(raw).toMatchObject({ sale_message: 'Edited on Etsy', digital_sale_message: null });
    const now = await adapter.getPurchaseMessages(access);
    expect(now).toEqual({ message: 'Edited on Etsy', digitalMessage: '' });
    expect(now).not.toEqual(written);
  });
});
