// Issue 40 point 1: what the sender does with each kind of reply from a relay like the real ones.
// A refusal for now is retried later, spread out; a refusal for good is final, in the relay's
// words; and the one ambiguous case, the whole message taken and the connection dropped before a
// reply, is recorded as unconfirmed and never sent again (at most once).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { orderEmails } from '../../src/db/schema.ts';
import { SKIP_REASONS } from '../../src/orders/skip-reasons.ts';
import { startDroppingRelay } from '../support/dropping-relay.ts';
import { type RelayStandIn, startRelayStandIn } from '../support/relay-stand-in.ts';
import {
  connectDemoShop,
  selectDefaultTemplate,
  settled,
  waitForActivity,
} from '../support/sending-helpers.ts';
import { type TestApp, startTestApp } from '../support/test-app.ts';

/** A seller whose demo shop takes `orders` paid orders, and their rows once all are decided. */
async function ordersThrough(app: TestApp, orders: number) {
  const { client, user } = await app.seller();
  await selectDefaultTemplate(client);
  const shop = await connectDemoShop(app, client);
  for (let i = 0; i < orders; i++) await client.post(`/api/shops/${shop.id}/demo-order`);
  const items = await waitForActivity(client, settled(orders));
  const rows = await app.ctx.db.select().from(orderEmails).where(eq(orderEmails.userId, user.id));
  return { items, rows };
}

/** The relay's refusals of buyer emails (their return path is `bounces+…`), not the seller's mail. */
const buyerRefusals = (relay: RelayStandIn) =>
  relay
    .refusals()
    .filter((r) => r.from.startsWith('bounces+'))
    .map((r) => r.code);

describe('a relay that drops the connection after the message', () => {
  let relay: Awaited<ReturnType<typeof startDroppingRelay>>;
  let app: TestApp;
  beforeAll(async () => {
    relay = await startDroppingRelay();
    app = await startTestApp({ dispatcher: { idleMs: 50 } }, { smtpUrl: relay.url });
  });
  afterAll(async () => {
    await app?.close();
    await relay?.close();
  });

  test('records the order as unconfirmed, with the reason, and never sends it again', async () => {
    const { items, rows } = await ordersThrough(app, 1);
    expect(items[0]).toMatchObject({ state: 'failed', reason: SKIP_REASONS.unconfirmed });
    expect(rows[0]).toMatchObject({ status: 'failed', attempts: 0 });
    expect(rows[0]!.smtpStartedAt).not.toBeNull();
    // Failed is final: the dispatcher takes only pending orders, so it never went to the relay
    // again (other mail, the seller's own, may have).
    const copies = relay.messages().filter((data) => data.includes(`<order-${rows[0]!.id}.`));
    expect(copies).toHaveLength(1);
  });
});

describe('a relay that refuses for good (5xx)', () => {
  let relay: RelayStandIn;
  let app: TestApp;
  beforeAll(async () => {
    relay = await startRelayStandIn({ permanentFailures: 1 });
    app = await startTestApp({ dispatcher: { idleMs: 50 } }, { smtpUrl: relay.url });
  });
  afterAll(async () => {
    await app?.close();
    await relay?.close();
  });

  test('fails the order at once, in the relay’s words, and never tries it again', async () => {
    const { items, rows } = await ordersThrough(app, 1);
    expect(items[0]).toMatchObject({ state: 'failed' });
    expect(items[0]!.reason).toContain('550');
    expect(items[0]!.reason).toContain('Mailbox unavailable');
    expect(rows[0]).toMatchObject({ status: 'failed', attempts: 1 });
    expect(buyerRefusals(relay)).toEqual([550]);
  });
});

describe('a relay that refuses for now (4xx)', () => {
  let relay: RelayStandIn;
  let app: TestApp;
  beforeAll(async () => {
    relay = await startRelayStandIn({ temporaryFailures: 1 });
    app = await startTestApp({ dispatcher: { idleMs: 50 } }, { smtpUrl: relay.url });
  });
  afterAll(async () => {
    await app?.close();
    await relay?.close();
  });

  test('keeps each order for a later try, about 30 s on, spread so they do not return together', async () => {
    const { client, user } = await app.seller();
    await selectDefaultTemplate(client);
    const shop = await connectDemoShop(app, client);
    // Five: the Starter plan's day.
    const before = Date.now();
    for (let i = 0; i < 5; i++) await client.post(`/api/shops/${shop.id}/demo-order`);
    const rows = async () =>
      app.ctx.db.select().from(orderEmails).where(eq(orderEmails.userId, user.id));
    await expect
      .poll(async () => (await rows()).filter((r) => r.attempts === 1).length, { timeout: 20_000 })
      .toBe(5);
    const after = Date.now();
    const retries = await rows();
    for (const row of retries) {
      expect(row.status).toBe('pending');
      expect(row.reason).toContain('451');
      const at = row.nextAttemptAt.getTime();
      expect(at).toBeGreaterThanOrEqual(before + 24_000);
      expect(at).toBeLessThanOrEqual(after + 36_000);
    }
    expect(new Set(retries.map((r) => r.nextAttemptAt.getTime())).size).toBeGreaterThan(1);
    expect(buyerRefusals(relay)).toEqual([451, 451, 451, 451, 451]);
  });
});

describe('the relay settings, as a worker applies them', () => {
  let relay: RelayStandIn;
  let app: TestApp;
  beforeAll(async () => {
    relay = await startRelayStandIn({ latencyMs: 100 });
    app = await startTestApp(
      { dispatcher: { idleMs: 50 } },
      { smtpUrl: relay.url, env: { SMTP_MAX_CONNECTIONS: '2' } },
    );
  });
  afterAll(async () => {
    await app?.close();
    await relay?.close();
  });

  test('SMTP_MAX_CONNECTIONS=2: five orders at once go out over two connections at most', async () => {
    const { items } = await ordersThrough(app, 5);
    expect(items.map((item) => item.state)).toEqual(Array(5).fill('sent'));
    expect(relay.mostConnections()).toBe(2);
  });
});
