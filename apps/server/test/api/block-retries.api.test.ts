// Issue 37, point 9: a block (a receiving server refused our relay, not the buyer) is sent again
// later, a few times, and the seller sees it waiting, sent again, or given up on.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ActivityItem } from '@thankly/api-contract';
import { BLOCK_RETRY_DELAYS_HOURS, retryBlockedEmails } from '../../src/bounces/block-retries.ts';
import { recordMailEvent } from '../../src/bounces/mail-events.ts';
import { orderEmails } from '../../src/infrastructure/db/schema.ts';
import { DeliveryUnconfirmedError } from '../../src/infrastructure/mail/hand-over-transport.ts';
import type { Mailer } from '../../src/infrastructure/mail/mailer.ts';
import {
  connectDemoShop,
  selectDefaultTemplate,
  settled,
  waitForActivity,
} from '../support/sending-helpers.ts';
import type { ReceivedMail } from '../support/smtp-sink.ts';
import { type TestApp, type TestClient, startTestApp } from '../support/test-app.ts';

const GMAIL_UNAUTHENTICATED =
  '550 5.7.26 This mail has been blocked because the sender is unauthenticated.';
const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ dispatcher: { idleMs: 100 } });
});
afterAll(() => app?.close());

interface SentOrder {
  client: TestClient;
  buyer: string;
  templateId: string;
  orderEmailId: string;
  first: ReceivedMail;
}

/** A seller whose demo shop's first order was emailed for real, as the relay received it. */
async function sellerWithSentOrder(): Promise<SentOrder> {
  const { client, email } = await app.seller();
  const template = await selectDefaultTemplate(client, { subject: 'First words' });
  const shop = await connectDemoShop(app, client);
  await client.post(`/api/shops/${shop.id}/demo-order`);
  const [item] = await waitForActivity(client, settled(1));
  expect(item!.state).toBe('sent');
  const first = await app.mail.waitFor((m) =>
    (m.rawHeaders.get('message-id') ?? '').startsWith(`<order-${item!.id}.`),
  );
  return { client, buyer: email, templateId: template.id, orderEmailId: item!.id, first };
}

let reports = 0;
/** A receiving server's block of the order's latest email, as the bounce listener records it. */
const block = (order: SentOrder, reason = GMAIL_UNAUTHENTICATED) =>
  recordMailEvent(app.ctx, {
    orderEmailId: order.orderEmailId,
    kind: 'blocked',
    source: 'dsn',
    sourceEventId: `<block-${++reports}@mx.example>`,
    reason,
  });

/** The relay's copies of the order's email, first to last. */
const copiesOf = (order: SentOrder) =>
  app.mail.messages.filter(
    (m) => m.rawHeaders.get('message-id') === order.first.rawHeaders.get('message-id'),
  );

async function activityOf(order: SentOrder): Promise<ActivityItem> {
  const { items } = (await order.client.get('/api/activity')).body as { items: ActivityItem[] };
  return items.find((item) => item.id === order.orderEmailId)!;
}

async function retryState(order: SentOrder) {
  const [row] = await app.ctx.db
    .select({ retries: orderEmails.blockRetries, at: orderEmails.blockRetryAt })
    .from(orderEmails)
    .where(eq(orderEmails.id, order.orderEmailId));
  return row!;
}

/** Runs the retry job as if `ms` had passed: the minute schedule does the same with the real clock. */
const retryAfter = (ms: number, ctx = app.ctx) =>
  retryBlockedEmails(ctx, new Date(Date.now() + ms));

describe('a blocked email is sent again later', () => {
  test('shows Blocked and waits an hour; then the same email, from the version it was made from, goes again and the order reads as sent', async () => {
    const order = await sellerWithSentOrder();
    expect(await block(order)).toBe('recorded');

    const waiting = await activityOf(order);
    expect(waiting.deliveryProblem).toMatchObject({
      kind: 'blocked',
      reason: expect.stringContaining('Thankly will send it again in an hour'),
    });
    expect(waiting.deliveryProblem!.reason).toContain('sender is unauthenticated');
    // Blocked is not thanked: nothing reached the buyer's mailbox.
    expect(waiting.thankedBy).toBeNull();
    expect(waiting.reachedBy.map((r) => r.channel)).not.toContain('email');

    // The seller changes the template meanwhile: the retry is still the email that was blocked.
    const saved = (await order.client.get(`/api/templates/${order.templateId}`)).body;
    const edited = await order.client.put(`/api/templates/${order.templateId}`, {
      name: saved.name,
      subject: 'Changed words',
      design: saved.design,
    });
    expect(edited.status).toBe(200);

    expect(await retryAfter(59 * MINUTE_MS)).toBe(0);
    expect(copiesOf(order)).toHaveLength(1);
    expect(await retryAfter(61 * MINUTE_MS)).toBe(1);

    // The copy itself, not any other message the relay holds (the seller's confirmation email).
    const again = await app.mail.waitFor((m) => copiesOf(order).includes(m) && m !== order.first);
    expect(copiesOf(order)).toHaveLength(2);
    expect(again.to).toBe(order.first.to);
    expect(again.subject).toBe('First words');
    expect(again.envelopeFrom).toBe(order.first.envelopeFrom);
    expect(again.html).toBe(order.first.html);
    expect(again.rawHeaders.get('list-unsubscribe')).toBe(
      order.first.rawHeaders.get('list-unsubscribe'),
    );

    const sent = await activityOf(order);
    expect(sent.deliveryProblem).toBeNull();
    expect(sent.thankedBy).toBe('email');
    expect(await retryState(order)).toEqual({ retries: 1, at: null });
    // Nothing else is due: another run sends nothing.
    expect(await retryAfter(13 * HOUR_MS)).toBe(0);
    expect(copiesOf(order)).toHaveLength(2);
  });

  test('another report of the same refusal before the retry changes nothing: the email goes once', async () => {
    const order = await sellerWithSentOrder();
    await block(order);
    const scheduled = await retryState(order);
    await block(order, '554 5.7.1 Service unavailable; client host blocked using Spamhaus');
    expect(await retryState(order)).toEqual(scheduled);

    expect(await retryAfter(2 * HOUR_MS)).toBe(1);
    expect(await retryAfter(2 * HOUR_MS)).toBe(0);
    await app.mail.waitFor(() => copiesOf(order).length === 2);
    expect(copiesOf(order)).toHaveLength(2);
  });

  test(`blocked after every try: sent again ${BLOCK_RETRY_DELAYS_HOURS.length} times, waiting longer each time, then given up and shown so`, async () => {
    const order = await sellerWithSentOrder();
    for (const [i, hours] of BLOCK_RETRY_DELAYS_HOURS.entries()) {
      const before = Date.now();
      await block(order);
      const { at } = await retryState(order);
      expect(at!.getTime() - before).toBeGreaterThanOrEqual(hours * HOUR_MS);
      expect(at!.getTime() - before).toBeLessThan(hours * HOUR_MS + MINUTE_MS);
      expect((await activityOf(order)).deliveryProblem!.reason).toContain(
        hours === 1 ? 'in an hour' : `in ${hours} hours`,
      );
      expect(await retryAfter(hours * HOUR_MS + MINUTE_MS)).toBe(1);
      await app.mail.waitFor(() => copiesOf(order).length === i + 2);
    }

    await block(order);
    expect(await retryState(order)).toEqual({ retries: 3, at: null });
    const gaveUp = await activityOf(order);
    expect(gaveUp.deliveryProblem).toMatchObject({
      kind: 'blocked',
      reason: expect.stringContaining('Thankly sent it again 3 times and has stopped trying'),
    });
    expect(gaveUp.thankedBy).toBeNull();
    expect(await retryAfter(24 * HOUR_MS)).toBe(0);
    expect(copiesOf(order)).toHaveLength(4);
  });

  test('a buyer who unsubscribed since is not emailed again, and the order says why', async () => {
    const order = await sellerWithSentOrder();
    await block(order);
    const oneClick = /<(https?:[^>]+)>/.exec(order.first.rawHeaders.get('list-unsubscribe')!)![1]!;
    const unsubscribed = await app
      .client()
      .request('POST', oneClick.replace(app.url, ''), 'List-Unsubscribe=One-Click', {
        'content-type': 'application/x-www-form-urlencoded',
      });
    expect(unsubscribed.status).toBeLessThan(300);

    expect(await retryAfter(2 * HOUR_MS)).toBe(1);
    expect(copiesOf(order)).toHaveLength(1);
    expect((await activityOf(order)).deliveryProblem).toMatchObject({
      kind: 'blocked',
      reason: expect.stringContaining(
        'Thankly did not send it again: The buyer unsubscribed from this shop’s emails.',
      ),
    });
    expect(await retryState(order)).toEqual({ retries: 1, at: null });
  });

  test('a bounce or a complaint says more than a block: that email is not sent again', async () => {
    const order = await sellerWithSentOrder();
    await recordMailEvent(app.ctx, {
      orderEmailId: order.orderEmailId,
      kind: 'hard-bounce',
      source: 'dsn',
      sourceEventId: `<bounce-${order.orderEmailId}@mx.example>`,
      reason: '550 5.1.1 The email account that you tried to reach does not exist.',
    });
    await block(order);
    expect(await retryState(order)).toEqual({ retries: 0, at: null });
    expect((await activityOf(order)).deliveryProblem?.kind).toBe('bounced');
    expect(await retryAfter(2 * HOUR_MS)).toBe(0);
    expect(copiesOf(order)).toHaveLength(1);
  });

  test('a retry the relay took but never confirmed is not tried again: it may have been delivered', async () => {
    const order = await sellerWithSentOrder();
    await block(order);
    const unconfirming: Mailer = {
      kind: 'smtp',
      send: () => Promise.reject(new DeliveryUnconfirmedError(new Error('Connection closed'))),
      close: () => undefined,
    };
    expect(
      await retryBlockedEmails(
        { ...app.ctx, mailer: unconfirming },
        new Date(Date.now() + 2 * HOUR_MS),
      ),
    ).toBe(1);
    expect(await retryState(order)).toEqual({ retries: 1, at: null });
    expect((await activityOf(order)).deliveryProblem!.reason).toContain(
      'Thankly did not send it again: The mail server received this email but the connection dropped',
    );
    expect(await retryAfter(24 * HOUR_MS)).toBe(0);
  });

  test('a relay that refuses the retry leaves it for the next try, with nothing sent', async () => {
    const order = await sellerWithSentOrder();
    await block(order);
    const refusing: Mailer = {
      kind: 'smtp',
      send: () => Promise.reject(new Error('421 4.3.2 Service not available, try again later')),
      close: () => undefined,
    };
    const now = Date.now() + 2 * HOUR_MS;
    expect(await retryBlockedEmails({ ...app.ctx, mailer: refusing }, new Date(now))).toBe(1);
    const { retries, at } = await retryState(order);
    expect(retries).toBe(1);
    expect(at!.getTime()).toBe(now + BLOCK_RETRY_DELAYS_HOURS[1] * HOUR_MS);
    expect((await activityOf(order)).deliveryProblem!.reason).toContain('in 4 hours');
    expect(copiesOf(order)).toHaveLength(1);

    expect(await retryAfter(7 * HOUR_MS)).toBe(1);
    await app.mail.waitFor(() => copiesOf(order).length === 2);
    expect((await activityOf(order)).deliveryProblem).toBeNull();
  });
});
