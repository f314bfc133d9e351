import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { users } from '../../src/infrastructure/db/schema.ts';
import {
  connectDemoShop,
  selectDefaultTemplate,
  settled,
  waitForActivity,
} from '../support/sending-helpers.ts';
import { type TestApp, startTestApp } from '../support/test-app.ts';

// A clock far from the machine's: whatever a service stamps with the real time instead of the
// injected clock shows up at once.
const OFFSET_MS = 400 * 24 * 3600 * 1000;
const clock = { now: () => new Date(Date.now() + OFFSET_MS) };

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ clock, dispatcher: { idleMs: 100 } });
});
afterAll(() => app?.close());

const updatedAtOf = async (id: string) =>
  (await app.ctx.db.select({ at: users.updatedAt }).from(users).where(eq(users.id, id)))[0]!.at;

/** The stamp came from the injected clock: within a minute of it, and nowhere near the real time. */
function expectFromInjectedClock(stamp: Date) {
  expect(Math.abs(stamp.getTime() - clock.now().getTime())).toBeLessThan(60_000);
}

test('account changes are stamped with the injected clock', async () => {
  const { client, user, password } = await app.seller();

  expect((await client.patch('/api/me/pause', { isPaused: true })).status).toBe(200);
  expectFromInjectedClock(await updatedAtOf(user.id));

  await app.ctx.db
    .update(users)
    .set({ updatedAt: new Date(0) })
    .where(eq(users.id, user.id));
  const changed = await client.patch('/api/auth/update-password', {
    currentPassword: password,
    newPassword: 'Another-horse-2',
  });
  expect(changed.status).toBe(200);
  expectFromInjectedClock(await updatedAtOf(user.id));
});

test('a shop is connected, and an order recorded, at the injected clock', async () => {
  const { client } = await app.seller();
  await selectDefaultTemplate(client);
  const shop = await connectDemoShop(app, client);
  const { shops } = (await client.get('/api/shops')).body as {
    shops: Array<{ id: string; connectedAt: string }>;
  };
  expectFromInjectedClock(new Date(shops.find((s) => s.id === shop.id)!.connectedAt));

  // A pause began at the injected clock's time: the order that came during it is held by it, which
  // the seller sees only if the order's row was stamped by the same clock.
  await client.patch('/api/me/pause', { isPaused: true });
  await client.post(`/api/shops/${shop.id}/demo-order`);
  await waitForActivity(client, settled(1));
  const { pause } = (await client.get('/api/me/pauses/latest')).body as {
    pause: { heldOrders: number };
  };
  expect(pause.heldOrders).toBe(1);
});
