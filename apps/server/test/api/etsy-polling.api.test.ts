import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { shops } from '../../src/infrastructure/db/schema.ts';
import { EtsySimulator } from '../support/etsy-simulator.ts';
import { type TestApp, startTestApp } from '../support/test-app.ts';

const OPERATOR_TOKEN = 'op-'.padEnd(40, 'p');
// The injected clock runs ahead of the machine's on request, so a test moves a shop's poll time
// forward without waiting for it; the poll loop's own timer still runs in real time.
let offsetMs = 0;
const clock = { now: () => new Date(Date.now() + offsetMs) };

let sim: EtsySimulator;
let app: TestApp;

beforeAll(async () => {
  sim = await new EtsySimulator().start();
  // Schedules on, as in production: the poll loop is what this file is about.
  app = await startTestApp(
    { dispatcher: { idleMs: 100 }, clock },
    {
      env: {
        ...sim.appEnv(),
        ETSY_POLL_SECONDS: '10',
        // Enough for one shop every 10 s within the polls' share (the default 9,000 a day would
        // stretch it to 16 s: poll-schedule.test.ts).
        ETSY_DAILY_REQUEST_BUDGET: '20000',
        OPERATOR_TOKEN,
      },
    },
  );
  sim.redirectUris.add(`${app.url}/api/etsy/callback`);
});
afterAll(async () => {
  await app?.close();
  await sim?.stop();
});

const receiptListings = () => sim.requests.filter((r) => r.path.includes('/receipts?')).length;

describe('polling Etsy shops at ETSY_POLL_SECONDS', () => {
  let shopId: string;

  test('a shop is polled when its turn comes, seconds apart, not at the next whole minute', async () => {
    const seller = await app.seller();
    shopId = await sim.connectShop(seller.client);
    // The first poll comes at once: a new shop is due from the moment it connects.
    // Once it has ended, the next is set ETSY_POLL_SECONDS on.
    const untilNextPoll = async () => {
      const [shop] = await app.ctx.db.select().from(shops).where(eq(shops.id, shopId));
      return shop!.nextPollAt.getTime() - clock.now().getTime();
    };
    await vi.waitFor(
      async () => {
        expect(receiptListings()).toBeGreaterThanOrEqual(1);
        expect(await untilNextPoll()).toBeLessThanOrEqual(10_000);
      },
      { timeout: 15_000, interval: 100 },
    );
    expect(await untilNextPoll()).toBeGreaterThan(5_000);

    // Ten seconds later on the shop's clock, the next poll follows within the loop's check
    // interval (2 s for a 10 s poll), where the minute schedule alone took up to 60 s.
    const before = receiptListings();
    offsetMs += 10_000;
    await expect.poll(receiptListings, { timeout: 8_000, interval: 100 }).toBeGreaterThan(before);

    // And not before its time: nothing more while the clock stands still.
    const settled = receiptListings();
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(receiptListings()).toBe(settled);
  });

  test('the operator sees the request budget and the interval it allows; sellers and strangers see nothing', async () => {
    const seller = await app.seller();
    expect((await seller.client.get('/api/operator/marketplace-requests')).status).toBe(401);
    const answer = await fetch(`${app.url}/api/operator/marketplace-requests`, {
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
    });
    expect(answer.status).toBe(200);
    const { etsy } = (await answer.json()) as { etsy: Record<string, number | string> };
    expect(etsy).toMatchObject({
      day: clock.now().toISOString().slice(0, 10),
      dailyRequestBudget: 20_000,
      requestsPerSecondPerProcess: 5,
      connectedShops: 1,
      configuredPollSeconds: 10,
      pollSeconds: 10,
    });
    // Every call the app made to Etsy today (token exchange, shop, polls) was counted.
    expect(etsy.requestsUsedToday).toBeGreaterThanOrEqual(receiptListings());
  });
});
