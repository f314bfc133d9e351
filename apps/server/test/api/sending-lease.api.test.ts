import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { orderEmails } from '../../src/infrastructure/db/schema.ts';
import { decide } from '../../src/sending/decide-order.ts';
import { recoverAbandoned } from '../../src/sending/order-outcomes.ts';
import { SKIP_REASONS } from '../../src/orders/skip-reasons.ts';
import { insertShop, orderEmailRow } from '../support/fixtures.ts';
import { selectDefaultTemplate } from '../support/sending-helpers.ts';
import { type TestApp, startTestApp } from '../support/test-app.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

test('a worker whose claim was taken over (too slow for its lease) changes nothing', async () => {
  const { client, user } = await app.seller();
  await selectDefaultTemplate(client);
  const shop = await insertShop(app.ctx.db, user.id);
  const firstClaim = new Date(Date.now() - 60_000);
  const [row] = await app.ctx.db
    .insert(orderEmails)
    .values(
      orderEmailRow(shop, {
        status: 'sending',
        claimedAt: firstClaim,
        buyerEmail: 'slow@example.com',
        order: {
          externalId: 'x',
          orderNumber: '1',
          isPaid: true,
          buyerName: 'Slow',
          buyerFirstName: null,
          buyerLastName: null,
          buyerEmail: 'slow@example.com',
          createdAt: new Date().toISOString(),
          updatedAt: new Date().toISOString(),
          productTitles: [],
          total: null,
          trackingUrl: null,
        },
      }),
    )
    .returning();
  // Another worker recovered and re-claimed it meanwhile.
  await app.ctx.db
    .update(orderEmails)
    .set({ claimedAt: new Date() })
    .where(eq(orderEmails.id, row!.id));

  expect(await decide(app.ctx.db, row!, new Date())).toEqual({ kind: 'lost' });
  const [after] = await app.ctx.db.select().from(orderEmails).where(eq(orderEmails.id, row!.id));
  expect(after).toMatchObject({ status: 'sending', countedDay: null, templateId: null });

  // The worker that holds the claim decides normally.
  const decision = await decide(app.ctx.db, after!, new Date());
  expect(decision.kind).toBe('send');
});

test('an order that stalls its worker every time is put back with the attempt counted, then fails instead of looping', async () => {
  const { client, user } = await app.seller();
  await selectDefaultTemplate(client);
  const shop = await insertShop(app.ctx.db, user.id);
  const now = new Date();
  const leaseMs = 60_000;
  const abandonedAt = new Date(now.getTime() - 2 * leaseMs);
  const [row] = await app.ctx.db
    .insert(orderEmails)
    .values(orderEmailRow(shop, { status: 'sending', claimedAt: abandonedAt, attempts: 3 }))
    .returning();
  const read = async () =>
    (await app.ctx.db.select().from(orderEmails).where(eq(orderEmails.id, row!.id)))[0]!;

  await recoverAbandoned(app.ctx.db, now, leaseMs, 5);
  expect(await read()).toMatchObject({ status: 'pending', attempts: 4, claimedAt: null });

  // Claimed again, and again its worker never came back.
  await app.ctx.db
    .update(orderEmails)
    .set({ status: 'sending', claimedAt: abandonedAt })
    .where(eq(orderEmails.id, row!.id));
  await recoverAbandoned(app.ctx.db, now, leaseMs, 5);
  const failed = await read();
  expect(failed).toMatchObject({ status: 'failed', attempts: 5, countedDay: null });
  expect(failed.reason).toBe(`Could not send after 5 attempts: ${SKIP_REASONS.stalled}`);
});
