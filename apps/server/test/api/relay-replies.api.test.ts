// Issue 40 point 1: what the sender does with each kind of reply from a relay like the real ones.
// A refusal for now is retried later, spread out; a refusal for good is final, in the relay's
// words; and the one ambiguous case, the whole message taken and the connection dropped before a
// reply, is recorded as unconfirmed and never sent again (at most once).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { orderEmails } from '../../src/infrastructure/db/schema.ts';
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

/**
 * For one describe block: a relay that behaves as `startRelay` makes it, and an app sending
 * through it (the seller's own mail goes there too).
 */
function appBehind<R extends { url: string; close(): Promise<void> }>(
  startRelay: () => Promise<R>,
  env: Record<string, string> = {},
) {
  const setup = {} as { relay: R; app: TestApp };
  beforeAll(async () => {
    setup.relay = await startRelay();
    setup.app = await startTestApp(
      { dispatcher: { idleMs: 50 } },
      { smtpUrl: setup.relay.url, env },
    );
  });
  afterAll(async () => {
    await setup.app?.close();
    await setup.relay?.close();
  });
  return setup;
}

/** The relay's refusals of buyer emails (their return path is `bounces+…`), not the seller's mail. */
const buyerRefusals = (relay: RelayStandIn) =>
  relay
    .refusals()
    .filter((r) => r.from.startsWith('bounces+'))
    .map((r) => r.code);

describe('a relay that drops the connection after the message', () => {
  const setup = appBehind(() => startDroppingRelay());

  test('records the order as unconfirmed, with the reason, and never sends it again', async () => {
    const { items, rows } = await ordersThrough(setup.app, 1);
    expect(items[0]).toMatchObject({ state: 'failed', reason: SKIP_REASONS.unconfirmed });
    expect(rows[0]).toMatchObject({ status: 'failed', attempts: 0 });
    expect(rows[0]!.smtpStartedAt).not.toBeNull();
    // Failed is final: the dispatcher takes only pending orders, so it never went to the relay
    // again (other mail, the seller's own, may have).
    const copies = setup.relay.messages().filter((data) => data.includes(`<order-${rows[0]!.id}.`));
    expect(copies).toHaveLength(1);
  });
});

describe('a relay that refuses for good (5xx)', () => {
  const setup = appBehind(() => startRelayStandIn({ permanentFailures: 1 }));

  test('fails the order at once, in the relay’s words, and never tries it again', async () => {
    const { items, rows } = await ordersThrough(setup.app, 1);
    expect(items[0]).toMatchObject({ state: 'failed' });
    expect(items[0]!.reason).toContain('550');
    expect(items[0]!.reason).toContain('Mailbox unavailable');
    expect(rows[0]).toMatchObject({ status: 'failed', attempts: 1 });
    expect(buyerRefusals(setup.relay)).toEqual([550]);
  });
});

describe('a relay that refuses for now (4xx)', () => {
  const setup = appBehind(() => startRelayStandIn({ temporaryFailures: 1 }));

  test('keeps each order for a later try, about 30 s on, spread so they do not return together', async () => {
    const { client, user } = await setup.app.seller();
    await selectDefaultTemplate(client);
    const shop = await connectDemoShop(setup.app, client);
    // Five: the Starter plan's day.
    const before = Date.now();
    for (let i = 0; i < 5; i++) await client.post(`/api/shops/${shop.id}/demo-order`);
    const rows = async () =>
      setup.app.ctx.db.select().from(orderEmails).where(eq(orderEmails.userId, user.id));
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
    expect(buyerRefusals(setup.relay)).toEqual([451, 451, 451, 451, 451]);
  });
});

describe('the relay settings, as a worker applies them', () => {
  const setup = appBehind(() => startRelayStandIn({ latencyMs: 100 }), {
    SMTP_MAX_CONNECTIONS: '2',
  });

  test('SMTP_MAX_CONNECTIONS=2: five orders at once go out over two connections at most', async () => {
    const { items } = await ordersThrough(setup.app, 5);
    expect(items.map((item) => item.state)).toEqual(Array(5).fill('sent'));
    expect(setup.relay.mostConnections()).toBe(2);
  });
});
