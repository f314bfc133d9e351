import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { shops } from '../../src/infrastructure/db/schema.ts';
import {
  decryptSecret,
  encryptSecret,
} from '../../src/infrastructure/crypto/credentials-crypto.ts';
import type { Credentials } from '../../src/marketplace/marketplace-adapter.ts';
import { withShopAccess } from '../../src/marketplace/shops-service.ts';
import { EtsySimulator } from '../support/etsy-simulator.ts';
import { type TestApp, startTestApp } from '../support/test-app.ts';

// Hour-long tokens (as Etsy issues them): a freshly refreshed token is good for a while, so any
// second refresh would be one too many rather than one the margin asked for.
let sim: EtsySimulator;
let app: TestApp;
let shopId: string;

beforeAll(async () => {
  sim = await new EtsySimulator({ accessTokenSeconds: 3600 }).start();
  app = await startTestApp(
    { schedules: false },
    {
      env: {
        ETSY_KEYSTRING: sim.keystring,
        ETSY_SHARED_SECRET: sim.sharedSecret,
        ETSY_API_URL: sim.url,
        ETSY_AUTH_URL: `${sim.url}/oauth/connect`,
        ETSY_WEBHOOK_SECRET: sim.webhookSecret,
      },
    },
  );
  sim.redirectUris.add(`${app.url}/api/etsy/callback`);
  const seller = await app.seller();
  const { url } = (await seller.client.get('/api/etsy/connect')).body as { url: string };
  const consent = await fetch(url, { redirect: 'manual' });
  const callback = new URL(consent.headers.get('location')!);
  await seller.client.request('GET', callback.pathname + callback.search);
  const { shops: list } = (await seller.client.get('/api/shops')).body;
  shopId = list[0].id;
});
afterAll(async () => {
  await app?.close();
  await sim?.stop();
});

const storedCredentials = async (): Promise<Credentials> => {
  const [row] = await app.ctx.db.select().from(shops).where(eq(shops.id, shopId));
  return JSON.parse(decryptSecret(row!.credentials!, app.ctx.config.appSecret)) as Credentials;
};

test('two workers refreshing one shop’s expiring token at the same moment: one refresh, and both calls work', async () => {
  // The stored token is a minute from expiry: inside the refresh margin, yet still accepted.
  const expiring = { ...(await storedCredentials()), expiresAt: new Date(Date.now() + 60_000) };
  await app.ctx.db
    .update(shops)
    .set({
      credentials: encryptSecret(
        JSON.stringify({ ...expiring, expiresAt: expiring.expiresAt.toISOString() }),
        app.ctx.config.appSecret,
      ),
      tokenExpiresAt: expiring.expiresAt,
    })
    .where(eq(shops.id, shopId));
  const refreshesBefore = sim.refreshes;
  const adapter = app.ctx.marketplaces.get('etsy')!;
  const [shop] = await app.ctx.db.select().from(shops).where(eq(shops.id, shopId));

  const usedTokens: string[] = [];
  const worker = () =>
    withShopAccess(app.ctx, adapter, shop!, async (access) => {
      usedTokens.push(access.accessToken!);
      // A real API call: the simulator refuses a token that rotation has killed.
      return adapter.listChangedOrders(access, 0);
    });
  const results = await Promise.allSettled([worker(), worker()]);

  expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled']);
  // Etsy rotates refresh tokens: a second refresh would have spent the first one's new token.
  expect(sim.refreshes - refreshesBefore).toBe(1);
  const renewed = await storedCredentials();
  expect(renewed.accessToken).not.toBe(expiring.accessToken);
  expect(usedTokens).toEqual([renewed.accessToken, renewed.accessToken]);
  const [after] = await app.ctx.db.select().from(shops).where(eq(shops.id, shopId));
  expect(after).toMatchObject({ status: 'connected', refreshLockedUntil: null });
});
