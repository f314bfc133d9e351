import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { shops, unsubscribes } from '../../src/infrastructure/db/schema.ts';
import {
  decryptSecret,
  encryptSecret,
} from '../../src/infrastructure/crypto/credentials-crypto.ts';
import { resealShopCredentials } from '../../src/marketplace/shops-service.ts';
import { unsubscribeToken } from '../../src/buyer-email/unsubscribe-links.ts';
import { insertShop } from '../support/fixtures.ts';
import { type TestApp, startTestApp } from '../support/test-app.ts';

const previous = 'previous-secret-'.padEnd(48, 'p');
const current = 'current-secret-'.padEnd(48, 'c');
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({}, { env: { APP_SECRET: current, APP_SECRET_PREVIOUS: previous } });
});
afterAll(() => app?.close());

test('shop credentials sealed with the previous secret are resealed with the current one, once', async () => {
  const { user } = await app.seller();
  const tokens = JSON.stringify({ accessToken: 'a', refreshToken: 'r' });
  const old = await insertShop(app.ctx.db, user.id, {
    credentials: encryptSecret(tokens, previous),
  });
  const fresh = await insertShop(app.ctx.db, user.id, {
    credentials: encryptSecret(tokens, current),
  });
  const unreadable = await insertShop(app.ctx.db, user.id, {
    credentials: encryptSecret(tokens, 'someone-else-'.padEnd(48, 'x')),
  });

  expect(await resealShopCredentials(app.ctx)).toBe(1);
  const credentialsOf = async (id: string) =>
    (await app.ctx.db.select().from(shops).where(eq(shops.id, id)))[0]!.credentials!;
  expect(decryptSecret(await credentialsOf(old.id), current)).toBe(tokens);
  expect(await credentialsOf(fresh.id)).toBe(fresh.credentials);
  expect(await credentialsOf(unreadable.id)).toBe(unreadable.credentials);
  expect(await resealShopCredentials(app.ctx)).toBe(0);
});

test('an unsubscribe link from an email signed before the rotation still works', async () => {
  const { user } = await app.seller();
  const shop = await insertShop(app.ctx.db, user.id);
  const token = unsubscribeToken(previous, shop.id, 'buyer@example.com');
  const response = await app.client().request('POST', `/api/unsubscribe/${token}`);
  expect(response.status).toBe(200);
  const rows = await app.ctx.db.select().from(unsubscribes).where(eq(unsubscribes.shopId, shop.id));
  expect(rows).toHaveLength(1);

  const forged = unsubscribeToken('attacker-secret-'.padEnd(48, 'z'), shop.id, 'other@example.com');
  expect((await app.client().request('POST', `/api/unsubscribe/${forged}`)).status).toBe(404);
});
