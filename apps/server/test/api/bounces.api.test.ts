import { generateKeyPairSync, sign } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ActivityItem, DeliveryHealth } from '@thankly/api-contract';
import { DELIVERY_PAUSED_SUBJECT } from '../../src/auth/account-mails.ts';
import {
  mailEvents,
  orderEmails,
  platformSuppressions,
  shops,
  suppressions,
  unsubscribes,
} from '../../src/infrastructure/db/schema.ts';
import { createDemoOrder } from '../../src/marketplace/demo/demo-adapter.ts';
import { orderNotificationJob } from '../../src/marketplace/ingest.ts';
import { SKIP_REASONS } from '../../src/orders/skip-reasons.ts';
import {
  autoReply,
  eximDelayDsn,
  gmailDsn,
  postfixDsn,
  redactedArf,
  withFailures,
  yahooArf,
} from '../support/bounce-reports.ts';
import {
  connectDemoShop,
  selectDefaultTemplate,
  settled,
  waitForActivity,
} from '../support/sending-helpers.ts';
import { type TestApp, type TestClient, startTestApp } from '../support/test-app.ts';

const BOUNCE_DOMAIN = 'bounces.thankly.test';
const FEEDBACK_LOOP = `fbl@${BOUNCE_DOMAIN}`;
const OPERATOR_TOKEN = 'op-'.padEnd(40, 'x');
const sendgridKeys = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
const sendgridPublicKey = sendgridKeys.publicKey
  .export({ format: 'der', type: 'spki' })
  .toString('base64');

let app: TestApp;
/** The app's log lines: what a report cost shows in how many it wrote. */
const logLines: string[] = [];
beforeAll(async () => {
  app = await startTestApp(
    {
      dispatcher: { idleMs: 100 },
      logger: true,
      logStream: { write: (line: string) => void logLines.push(line) },
    },
    {
      env: {
        LOG_LEVEL: 'info',
        BOUNCE_SMTP_PORT: '0',
        BOUNCE_SMTP_HOST: '127.0.0.1',
        BOUNCE_DOMAIN,
        SENDGRID_WEBHOOK_PUBLIC_KEY: sendgridPublicKey,
        OPERATOR_TOKEN,
      },
    },
  );
});
afterAll(() => app?.close());

interface SentOrder {
  client: TestClient;
  userId: string;
  shopId: string;
  buyer: string;
  orderEmailId: string;
  /** The envelope sender the relay got: the signed VERP address bounces come back to. */
  returnPath: string;
  messageId: string;
}

/** A seller whose demo shop's first order was emailed for real, as the relay received it. */
async function sellerWithSentOrder(): Promise<SentOrder> {
  const { client, email, user } = await app.seller();
  await selectDefaultTemplate(client);
  const shop = await connectDemoShop(app, client);
  await client.post(`/api/shops/${shop.id}/demo-order`);
  const [item] = await waitForActivity(client, settled(1));
  const mail = await sentMail(item!);
  expect(mail.returnPath).toMatch(
    new RegExp(`^bounces\\+[0-9a-f]{32}\\.[0-9a-f]{16}@${BOUNCE_DOMAIN.replaceAll('.', '\\.')}$`),
  );
  return { client, userId: user.id, shopId: shop.id, buyer: email, ...mail };
}

/** The relay's copy of an order's email: where its bounces go, and its Message-ID. */
async function sentMail(item: { id: string; state: string }) {
  expect(item.state).toBe('sent');
  const mail = await app.mail.waitFor((m) =>
    (m.rawHeaders.get('message-id') ?? '').startsWith(`<order-${item.id}.`),
  );
  return {
    orderEmailId: item.id,
    returnPath: mail.envelopeFrom,
    messageId: mail.rawHeaders.get('message-id')!,
  };
}

/**
 * Delivers a report to the bounce listener the way a receiving mail server would, from `peer` (a
 * loopback address: each is a peer of its own to the listener's per-peer limit).
 */
async function deliver(to: string, raw: string, peer = '127.0.0.1'): Promise<void> {
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: app.bounceSmtpPort,
    ignoreTLS: true,
    localAddress: peer,
  });
  try {
    await transport.sendMail({ envelope: { from: '', to: [to] }, raw });
  } finally {
    transport.close();
  }
}

/** The SMTP reply code a delivery was refused with. */
async function refusal(to: string, raw: string, peer?: string): Promise<number | undefined> {
  const error = await deliver(to, raw, peer).then(
    () => null,
    (failure: { responseCode?: number }) => failure,
  );
  expect(error, `${to} was accepted`).not.toBeNull();
  return error!.responseCode;
}

const reportAbout = (order: SentOrder, to = order.returnPath) => ({
  to,
  returnPath: order.returnPath,
  messageId: order.messageId,
  recipient: order.buyer,
});

/** The `mail event` log lines about one order email: one per event the listener acted on. */
const mailEventLines = (orderEmailId: string) =>
  logLines.filter((line) => line.includes('"msg":"mail event"') && line.includes(orderEmailId))
    .length;

async function activityOf(client: TestClient, orderEmailId: string): Promise<ActivityItem> {
  const { items } = (await client.get('/api/activity')).body as { items: ActivityItem[] };
  return items.find((item) => item.id === orderEmailId)!;
}

const health = async (client: TestClient) =>
  (await client.get('/api/deliverability/health')).body as DeliveryHealth;

async function eventsFor(orderEmailId: string): Promise<number> {
  const [row] = await app.ctx.db
    .select({ n: count() })
    .from(mailEvents)
    .where(eq(mailEvents.orderEmailId, orderEmailId));
  return Number(row!.n);
}

async function isSuppressed(shopId: string, email: string): Promise<boolean> {
  const rows = await app.ctx.db
    .select()
    .from(suppressions)
    .where(and(eq(suppressions.shopId, shopId), eq(suppressions.email, email)));
  return rows.length > 0;
}

/** The same shop's next demo order, once decided. */
async function nextOrder(order: SentOrder) {
  const { items } = (await order.client.get('/api/activity')).body as { items: ActivityItem[] };
  const seen = new Set(items.map((item) => item.id));
  const isNew = (item: { id: string; state: string }) =>
    !seen.has(item.id) && item.state !== 'pending';
  await order.client.post(`/api/shops/${order.shopId}/demo-order`);
  const after = await waitForActivity(order.client, (latest) => latest.some(isNew));
  return after.find(isNew)!;
}

describe('bounce notices on the inbound SMTP listener', () => {
  test('a hard bounce marks the order bounced with its reason and suppresses the address, once', async () => {
    const order = await sellerWithSentOrder();
    const report = postfixDsn({
      ...reportAbout(order),
      reportId: `<dsn-${order.orderEmailId}@mx>`,
    });
    await deliver(order.returnPath, report);
    await deliver(order.returnPath, report);

    const item = await activityOf(order.client, order.orderEmailId);
    expect(item.state).toBe('sent');
    expect(item.deliveryProblem).toEqual({
      kind: 'bounced',
      reason: `550 5.1.1 <${order.buyer}>: Recipient address rejected: User unknown in virtual mailbox table`,
      at: expect.any(String),
    });
    // Recent orders shows Bounced, not "Thanked by email": the email never reached the buyer.
    expect(item.thankedBy).toBeNull();
    expect(item.reachedBy).toEqual([]);
    expect(await eventsFor(order.orderEmailId)).toBe(1);
    expect(await isSuppressed(order.shopId, order.buyer)).toBe(true);
    expect(await health(order.client)).toMatchObject({ sent: 1, bounces: 1, bounceRate: 1 });

    const next = await nextOrder(order);
    expect(next).toMatchObject({ state: 'skipped' });
    expect(next.reason).toBe(SKIP_REASONS.suppressed(item.deliveryProblem!.reason));
  });

  test('temporary bounces of three separate emails within 30 days suppress the address; one email’s retries do not', async () => {
    const first = await sellerWithSentOrder();
    const delay = (order: { returnPath: string; messageId: string }, attempt: number) =>
      deliver(
        order.returnPath,
        eximDelayDsn({
          ...reportAbout(first),
          ...order,
          reportId: `<delay-${attempt}-${order.messageId.slice(1, -1)}>`,
        }),
      );
    for (const attempt of [1, 2, 3]) await delay(first, attempt);
    expect(await eventsFor(first.orderEmailId)).toBe(3);
    expect(await isSuppressed(first.shopId, first.buyer)).toBe(false);
    expect((await activityOf(first.client, first.orderEmailId)).deliveryProblem).toBeNull();

    const second = await sentMail(await nextOrder(first));
    await delay(second, 1);
    expect(await isSuppressed(first.shopId, first.buyer)).toBe(false);
    const third = await sentMail(await nextOrder(first));
    await delay(third, 1);
    expect(await isSuppressed(first.shopId, first.buyer)).toBe(true);
    const item = await activityOf(first.client, third.orderEmailId);
    expect(item.deliveryProblem).toMatchObject({ kind: 'bounced' });
    expect(item.deliveryProblem!.reason).toBe(
      '3 emails to this address bounced temporarily within 30 days, so Thankly stopped emailing it. Last reason: 452 4.2.2 Mailbox full',
    );
    const next = await nextOrder(first);
    expect(next.reason).toBe(
      SKIP_REASONS.suppressed('kept bouncing temporarily: 452 4.2.2 Mailbox full'),
    );
  });

  test('a bounce sent to the feedback-loop address is matched by the returned Message-ID', async () => {
    const order = await sellerWithSentOrder();
    await deliver(FEEDBACK_LOOP, gmailDsn(reportAbout(order, FEEDBACK_LOOP)));
    const item = await activityOf(order.client, order.orderEmailId);
    expect(item.deliveryProblem).toMatchObject({ kind: 'bounced' });
    expect(item.deliveryProblem!.reason).toMatch(
      /^550 5\.1\.1 The email account that you tried to reach does not exist/,
    );
  });

  test('refuses other recipients at RCPT: strangers, forged return paths, other domains', async () => {
    const order = await sellerWithSentOrder();
    const report = postfixDsn(reportAbout(order));
    const signatureAt = order.returnPath.indexOf('.') + 1;
    const forged =
      order.returnPath.slice(0, signatureAt) +
      (order.returnPath[signatureAt] === 'a' ? 'b' : 'a') +
      order.returnPath.slice(signatureAt + 1);
    for (const to of [
      `postmaster@${BOUNCE_DOMAIN}`,
      forged,
      order.returnPath.replace(BOUNCE_DOMAIN, 'gmail.com'),
      'victim@example.com',
    ])
      expect(await refusal(to, report)).toBe(550);
    expect(await eventsFor(order.orderEmailId)).toBe(0);
    expect((await activityOf(order.client, order.orderEmailId)).deliveryProblem).toBeNull();
  });

  test('refuses a message over 128 KB, however it is made', async () => {
    const order = await sellerWithSentOrder();
    const padded = postfixDsn(reportAbout(order)).replace(
      'This is a MIME-encapsulated message.',
      `${'x'.repeat(998)}\r\n`.repeat(132),
    );
    expect(await refusal(order.returnPath, padded)).toBe(552);
    // The 470 KB report of 16,000 failures that used to stall the server for 93 s.
    expect(
      await refusal(order.returnPath, withFailures(postfixDsn(reportAbout(order)), 16_000)),
    ).toBe(552);
    expect(await eventsFor(order.orderEmailId)).toBe(0);
  });

  test('takes and drops what is neither a bounce nor a complaint, and keeps listening', async () => {
    const order = await sellerWithSentOrder();
    await deliver(order.returnPath, autoReply({ to: order.returnPath }));
    await deliver(order.returnPath, 'Subject: \u0000\r\n\r\n--broken--');
    expect(await eventsFor(order.orderEmailId)).toBe(0);
    await deliver(order.returnPath, postfixDsn(reportAbout(order)));
    expect(await eventsFor(order.orderEmailId)).toBe(1);
  });
});

describe('a stranger flooding the listener', () => {
  test('a report listing thousands of failures is one bounce, acted on once', async () => {
    const order = await sellerWithSentOrder();
    const flood = withFailures(postfixDsn(reportAbout(order)), 3_500);
    expect(flood.length).toBeGreaterThan(110_000);
    const healthDuring = app.client().get('/api/health');
    await deliver(order.returnPath, flood);
    expect((await healthDuring).status).toBe(200);
    expect(await eventsFor(order.orderEmailId)).toBe(1);
    expect(mailEventLines(order.orderEmailId)).toBe(1);
    expect((await activityOf(order.client, order.orderEmailId)).deliveryProblem).toMatchObject({
      kind: 'bounced',
    });
  });

  test('reports quoting an order id nobody signed cost no database work, however many failures they list', async () => {
    const order = await sellerWithSentOrder();
    const invented = '0b6f3a52-4d8e-4f7e-9a51-2b1f0c9e8d11';
    const reports = [invented, order.orderEmailId].map((id) =>
      withFailures(
        gmailDsn({ to: FEEDBACK_LOOP, messageId: `<order-${id}@x>`, recipient: order.buyer }),
        3_000,
      ),
    );
    for (const raw of reports) expect(raw.length).toBeGreaterThan(90_000);
    const healthDuring = app.client().get('/api/health');
    await Promise.all(reports.map((raw) => deliver(FEEDBACK_LOOP, raw)));
    expect((await healthDuring).status).toBe(200);
    expect(mailEventLines(invented)).toBe(0);
    expect(mailEventLines(order.orderEmailId)).toBe(0);
    expect(await eventsFor(order.orderEmailId)).toBe(0);
  });

  test('a peer may hand over 60 reports a minute; past that it is told to try again later (450)', async () => {
    const order = await sellerWithSentOrder();
    const peer = '127.0.0.9';
    for (let i = 0; i < 60; i++)
      await deliver(order.returnPath, autoReply({ to: order.returnPath }), peer);
    expect(await refusal(order.returnPath, postfixDsn(reportAbout(order)), peer)).toBe(450);
    expect(await eventsFor(order.orderEmailId)).toBe(0);
    // Other peers are not held back by this one.
    await deliver(order.returnPath, postfixDsn(reportAbout(order)), '127.0.0.10');
    expect(await eventsFor(order.orderEmailId)).toBe(1);
  });

  test('a report goes to one address: a second recipient is refused for now (452)', async () => {
    const [first, second] = [await sellerWithSentOrder(), await sellerWithSentOrder()];
    const transport = nodemailer.createTransport({
      host: '127.0.0.1',
      port: app.bounceSmtpPort,
      ignoreTLS: true,
    });
    try {
      const info = await transport.sendMail({
        envelope: { from: '', to: [first.returnPath, second.returnPath] },
        raw: postfixDsn(reportAbout(second)),
      });
      expect(info.rejected).toEqual([second.returnPath]);
    } finally {
      transport.close();
    }
    expect(await eventsFor(second.orderEmailId)).toBe(0);
  });
});

describe('forged reports through the Message-ID', () => {
  /** What an outsider can make up about an order whose id they read from a shared link. */
  const forgedMessageIds = (order: SentOrder) => [
    `<order-${order.orderEmailId}@x>`,
    `<order-${order.orderEmailId}.0123456789abcdef@127.0.0.1>`,
    order.messageId.replace(order.orderEmailId, '0b6f3a52-4d8e-4f7e-9a51-2b1f0c9e8d11'),
  ];

  async function nothingChanged(order: SentOrder) {
    expect(await eventsFor(order.orderEmailId)).toBe(0);
    expect((await activityOf(order.client, order.orderEmailId)).deliveryProblem).toBeNull();
    expect(await isSuppressed(order.shopId, order.buyer)).toBe(false);
    const unsubscribed = await app.ctx.db
      .select()
      .from(unsubscribes)
      .where(eq(unsubscribes.shopId, order.shopId));
    expect(unsubscribed).toEqual([]);
    expect(await health(order.client)).toMatchObject({ bounces: 0, complaints: 0 });
  }

  test('a forged DSN changes nothing', async () => {
    const order = await sellerWithSentOrder();
    for (const messageId of forgedMessageIds(order)) {
      const forged = { to: FEEDBACK_LOOP, messageId, recipient: order.buyer };
      await deliver(FEEDBACK_LOOP, gmailDsn(forged));
      await deliver(FEEDBACK_LOOP, postfixDsn(forged));
    }
    await nothingChanged(order);
  });

  test('a forged ARF complaint changes nothing, nor does a made-up return path in it', async () => {
    const order = await sellerWithSentOrder();
    const signatureAt = order.returnPath.indexOf('.') + 1;
    const forgedReturnPath =
      order.returnPath.slice(0, signatureAt) +
      (order.returnPath[signatureAt] === 'a' ? 'b' : 'a') +
      order.returnPath.slice(signatureAt + 1);
    for (const messageId of forgedMessageIds(order)) {
      const forged = { to: FEEDBACK_LOOP, messageId, recipient: order.buyer };
      await deliver(FEEDBACK_LOOP, redactedArf(forged));
      await deliver(FEEDBACK_LOOP, yahooArf({ ...forged, returnPath: forgedReturnPath }));
    }
    await nothingChanged(order);
  });

  test('a complaint quoting the genuine signed Message-ID is still acted on', async () => {
    const order = await sellerWithSentOrder();
    expect(order.messageId).toMatch(new RegExp(`^<order-${order.orderEmailId}\\.[0-9a-f]{16}@`));
    await deliver(
      FEEDBACK_LOOP,
      redactedArf({ to: FEEDBACK_LOOP, messageId: order.messageId, recipient: order.buyer }),
    );
    expect((await activityOf(order.client, order.orderEmailId)).deliveryProblem).toMatchObject({
      kind: 'complained',
    });
  });
});

describe('complaints from feedback loops', () => {
  test('an ARF complaint unsubscribes the buyer at once and counts in the seller’s health', async () => {
    const order = await sellerWithSentOrder();
    await deliver(FEEDBACK_LOOP, yahooArf(reportAbout(order, FEEDBACK_LOOP)));

    const item = await activityOf(order.client, order.orderEmailId);
    expect(item.deliveryProblem).toEqual({
      kind: 'complained',
      reason:
        'The buyer marked this email as spam, so they were unsubscribed from Demo Shop’s emails.',
      at: expect.any(String),
    });
    const unsubscribed = await app.ctx.db
      .select()
      .from(unsubscribes)
      .where(eq(unsubscribes.shopId, order.shopId));
    expect(unsubscribed.map((u) => u.email)).toEqual([order.buyer]);
    expect(await health(order.client)).toMatchObject({ sent: 1, complaints: 1, complaintRate: 1 });
    expect((await nextOrder(order)).reason).toBe(SKIP_REASONS.unsubscribed);
  });

  test('a redacted complaint (no return path, no buyer address) is matched by the returned headers', async () => {
    const order = await sellerWithSentOrder();
    const { returnPath: _withheld, ...redacted } = reportAbout(order, FEEDBACK_LOOP);
    await deliver(FEEDBACK_LOOP, redactedArf(redacted));
    expect((await activityOf(order.client, order.orderEmailId)).deliveryProblem).toMatchObject({
      kind: 'complained',
    });
  });

  test('feedback that is not a spam complaint changes nothing', async () => {
    const order = await sellerWithSentOrder();
    await deliver(FEEDBACK_LOOP, yahooArf(reportAbout(order, FEEDBACK_LOOP), 'not-spam'));
    expect(await eventsFor(order.orderEmailId)).toBe(0);
  });
});

/** A batch signed as SendGrid signs it, or as someone else would. */
function sendgridPost(
  events: unknown,
  options: { key?: typeof sendgridKeys.privateKey; timestamp?: number; headers?: boolean } = {},
) {
  const body = typeof events === 'string' ? events : JSON.stringify(events);
  const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
  const signature = sign(
    'sha256',
    Buffer.from(timestamp + body),
    options.key ?? sendgridKeys.privateKey,
  ).toString('base64');
  const headers: Record<string, string> =
    options.headers === false
      ? {}
      : {
          'x-twilio-email-event-webhook-signature': signature,
          'x-twilio-email-event-webhook-timestamp': timestamp,
        };
  return app.client().request('POST', '/api/webhooks/sendgrid', body, headers);
}

const sendgridBounce = (order: { orderEmailId: string; messageId: string }, id: string) => ({
  event: 'bounce',
  type: 'bounce',
  sg_event_id: id,
  'smtp-id': order.messageId,
  email: 'buyer@example.org',
  status: '5.1.1',
  reason: '550 5.1.1 The email account that you tried to reach does not exist.',
  timestamp: Math.floor(Date.now() / 1000),
});

describe('the SendGrid event webhook', () => {
  test('records a signed bounce and ignores events it does not act on', async () => {
    const order = await sellerWithSentOrder();
    const batch = [
      { event: 'delivered', sg_event_id: 'd-1', 'smtp-id': order.messageId },
      sendgridBounce(order, `sg-${order.orderEmailId}`),
      { event: 'open', sg_event_id: 'o-1' },
    ];
    const response = await sendgridPost(batch);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ok: true, recorded: 1 });
    expect((await sendgridPost(batch)).body).toEqual({ ok: true, recorded: 0 });
    expect((await activityOf(order.client, order.orderEmailId)).deliveryProblem).toMatchObject({
      kind: 'bounced',
      reason: '550 5.1.1 The email account that you tried to reach does not exist.',
    });
    expect(await isSuppressed(order.shopId, order.buyer)).toBe(true);
  });

  test('refuses forged, foreign-key, stale and unsigned batches, recording nothing', async () => {
    const order = await sellerWithSentOrder();
    const batch = [sendgridBounce(order, `sg-refused-${order.orderEmailId}`)];
    const strangerKey = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey;
    const tooOld = Math.floor(Date.now() / 1000) - 10 * 60;
    const aheadOfTime = Math.floor(Date.now() / 1000) + 10 * 60;
    expect((await sendgridPost(batch, { headers: false })).status).toBe(401);
    expect((await sendgridPost(batch, { key: strangerKey })).status).toBe(403);
    expect((await sendgridPost(batch, { timestamp: tooOld })).status).toBe(403);
    expect((await sendgridPost(batch, { timestamp: aheadOfTime })).status).toBe(403);
    // Signed for one body, sent with another.
    const timestamp = String(Math.floor(Date.now() / 1000));
    const forged = await app
      .client()
      .request('POST', '/api/webhooks/sendgrid', JSON.stringify(batch), {
        'x-twilio-email-event-webhook-timestamp': timestamp,
        'x-twilio-email-event-webhook-signature': sign(
          'sha256',
          Buffer.from(timestamp + '[]'),
          sendgridKeys.privateKey,
        ).toString('base64'),
      });
    expect(forged.status).toBe(403);
    expect(await eventsFor(order.orderEmailId)).toBe(0);
  });

  test('a signed body that is not a batch of events is a 400', async () => {
    for (const body of ['not json', '{"event":"bounce"}', '[{"sg_event_id":"x"}]', '[1,2]']) {
      const response = await sendgridPost(body);
      expect(response.status, body).toBe(400);
      expect(response.body.error).toEqual(expect.any(String));
    }
  });

  test('does not exist where no verification key is configured', async () => {
    const plain = await startTestApp();
    try {
      const response = await plain.client().post('/api/webhooks/sendgrid', []);
      expect(response.status).toBe(404);
    } finally {
      await plain.close();
    }
  });
});

/**
 * Sent orders written straight to the table: a busy seller's month, without sending each one.
 * Each a second after the one before, the last just now: `bulk[0]` is the oldest, and the last
 * ten are the seller's "last 10 emails" the small sender's rule reads.
 */
async function addSentOrders(order: SentOrder, howMany: number) {
  const start = Date.now() - howMany * 1000;
  const rows = await app.ctx.db
    .insert(orderEmails)
    .values(
      Array.from({ length: howMany }, (_, i) => ({
        userId: order.userId,
        shopId: order.shopId,
        marketplaceOrderId: `bulk-${i}`,
        orderNumber: `B${i}`,
        buyerEmail: `bulk-buyer-${i}@example.org`,
        order: {},
        status: 'sent' as const,
        sentAt: new Date(start + (i + 1) * 1000),
        decidedAt: new Date(start + (i + 1) * 1000),
      })),
    )
    .returning({ id: orderEmails.id });
  return rows.map(({ id }) => ({ orderEmailId: id, messageId: `<order-${id}@127.0.0.1>` }));
}

const operator = (path: string) =>
  app.client().request('POST', path, {}, { authorization: `Bearer ${OPERATOR_TOKEN}` });

/** The emails Thankly sent the seller to say their sending was paused. */
const pauseMails = (seller: string) =>
  app.mail.messages.filter((m) => m.to.includes(seller) && m.subject === DELIVERY_PAUSED_SUBJECT);

describe('automatic pause on a high bounce or complaint rate', () => {
  test('6 bounces of 100 pause sending with an explanation; an operator lifts it, and old bounces do not pause again', async () => {
    const order = await sellerWithSentOrder();
    const bulk = await addSentOrders(order, 99);
    await sendgridPost(
      bulk.slice(0, 5).map((o, i) => sendgridBounce(o, `pause-${order.userId}-${i}`)),
    );
    expect((await health(order.client)).paused).toBeNull();

    await sendgridPost([sendgridBounce(bulk[5]!, `pause-${order.userId}-5`)]);
    const paused = await health(order.client);
    expect(paused).toMatchObject({ sent: 100, bounces: 6, bounceRate: 0.06 });
    expect(paused.paused?.reason).toMatch(
      /^Thankly paused your buyer emails automatically: of the 100 emails sent in the last 30 days, 6 bounced \(6%; the limit is 5%\)\..*every other seller.*contact support/,
    );
    const skipped = await nextOrder(order);
    expect(skipped).toMatchObject({ state: 'skipped', reason: paused.paused!.reason });
    const told = await app.mail.waitFor(
      (m) => m.to.includes(order.buyer) && m.subject === DELIVERY_PAUSED_SUBJECT,
    );
    expect(told.text).toContain(
      'because of the 100 emails sent in the last 30 days, 6 bounced (6%; the limit is 5%).',
    );

    const account = await app
      .client()
      .request('GET', `/api/operator/accounts/${order.userId}`, undefined, {
        authorization: `Bearer ${OPERATOR_TOKEN}`,
      });
    expect(account.body.account.deliveryPaused).toEqual({
      at: paused.paused!.at,
      reason: paused.paused!.reason,
    });
    const lifted = await operator(`/api/operator/accounts/${order.userId}/lift-delivery-pause`);
    expect(lifted.status).toBe(200);
    expect(lifted.body.account).toMatchObject({
      deliveryPaused: null,
      deliveryPauseLiftedAt: expect.any(String),
    });
    expect((await health(order.client)).paused).toBeNull();
    expect(await nextOrder(order)).toMatchObject({ state: 'sent' });

    // A late bounce of an email sent before the lift: the rate since the lift is what counts.
    await sendgridPost([sendgridBounce(bulk[6]!, `pause-${order.userId}-6`)]);
    const after = await health(order.client);
    expect(after.bounces).toBe(7);
    expect(after.paused).toBeNull();
  });

  const complain = (order: SentOrder, about: { messageId: string }[]) =>
    sendgridPost(
      about.map((o, i) => ({
        event: 'spamreport',
        sg_event_id: `spam-${order.userId}-${i}`,
        'smtp-id': o.messageId,
      })),
    );

  test('one complaint pauses nothing, however few were sent; a second of 100 (2%, past 0.3%) does', async () => {
    const order = await sellerWithSentOrder();
    const bulk = await addSentOrders(order, 99);
    await complain(order, bulk.slice(0, 1));
    expect(await health(order.client)).toMatchObject({
      sent: 100,
      complaints: 1,
      complaintRate: 0.01,
      paused: null,
    });

    await complain(order, bulk.slice(0, 2));
    const paused = await health(order.client);
    expect(paused).toMatchObject({ sent: 100, complaints: 2, complaintRate: 0.02 });
    expect(paused.paused?.reason).toContain(
      '2 were reported as spam by the buyer (2%; the limit is 0.3%)',
    );
  });

  test('below 100 emails sent, no rate pauses: too few to judge', async () => {
    const order = await sellerWithSentOrder();
    const bulk = await addSentOrders(order, 98);
    await complain(order, bulk.slice(0, 5));
    await sendgridPost(
      bulk.slice(5, 30).map((o, i) => sendgridBounce(o, `few-${order.userId}-${i}`)),
    );
    expect(await health(order.client)).toMatchObject({
      sent: 99,
      complaints: 5,
      bounces: 25,
      paused: null,
    });
  });

  test('small senders: 3 hard bounces among the last 10 emails pause sending, however few were sent; blocks and soft bounces do not count', async () => {
    const order = await sellerWithSentOrder();
    const bulk = await addSentOrders(order, 9);
    // Two mailboxes that do not exist: one reported by DSN on the real bounce listener, one by SendGrid.
    const dsnBounced = await nextOrder(order);
    const dsnMail = await sentMail(dsnBounced);
    await deliver(
      dsnMail.returnPath,
      postfixDsn({
        to: dsnMail.returnPath,
        returnPath: dsnMail.returnPath,
        messageId: dsnMail.messageId,
        recipient: order.buyer,
      }),
    );
    await sendgridPost([sendgridBounce(bulk[8]!, `small-${order.userId}-0`)]);
    // A block of our relay and a full mailbox among the same last 10: neither is a dead address.
    await sendgridPost([
      {
        ...sendgridBounce(bulk[7]!, `small-${order.userId}-block`),
        type: 'blocked',
        status: '5.7.1',
        reason: '550 5.7.1 Service unavailable, client host blocked using Spamhaus',
      },
      {
        ...sendgridBounce(bulk[6]!, `small-${order.userId}-full`),
        status: '5.2.2',
        reason: '552 5.2.2 Mailbox full',
      },
    ]);
    expect(await health(order.client)).toMatchObject({ sent: 11, bounces: 2, paused: null });
    expect(pauseMails(order.buyer)).toHaveLength(0);

    await sendgridPost([sendgridBounce(bulk[5]!, `small-${order.userId}-1`)]);
    const paused = await health(order.client);
    expect(paused).toMatchObject({ sent: 11, bounces: 3 });
    expect(paused.paused?.reason).toMatch(
      /^Thankly paused your buyer emails automatically: 3 of your last 10 emails went to addresses that do not exist \(Thankly pauses at 3 of the last 10, however few emails you send\)\..*every other seller.*contact support/,
    );
    expect(await nextOrder(order)).toMatchObject({
      state: 'skipped',
      reason: paused.paused!.reason,
    });

    // The seller hears of it by email, once, with what happened, why and what to do.
    const told = await app.mail.waitFor(
      (m) => m.to.includes(order.buyer) && m.subject === DELIVERY_PAUSED_SUBJECT,
    );
    expect(told.replyTo).toContain('support@');
    expect(told.text).toContain(
      'Thankly stopped sending thank-you emails to your buyers, because 3 of your last 10 emails went to addresses that do not exist',
    );
    expect(told.text).toMatch(/Why: .*every other seller/);
    expect(told.text).toMatch(
      /What to do:\n1\. Open Recent orders.*\n2\. .*\n3\. Reply to this email/s,
    );
    expect(told.text).toContain('Open my dashboard: http');
    expect(told.html).toContain('/thankly"');
    await sendgridPost([sendgridBounce(bulk[4]!, `small-${order.userId}-2`)]);
    await app.idle();
    expect(pauseMails(order.buyer)).toHaveLength(1);
  });

  test('a crash while queueing the pause email loses neither: the pause waits for it, and the retried report pauses and tells the seller once', async () => {
    const order = await sellerWithSentOrder();
    const bulk = await addSentOrders(order, 9);
    await sendgridPost([
      sendgridBounce(bulk[8]!, `crash-${order.userId}-0`),
      sendgridBounce(bulk[7]!, `crash-${order.userId}-1`),
    ]);
    // The process dies just as the pause email is being queued.
    const sendMail = app.ctx.sendMail;
    app.ctx.sendMail = async (message, options) => {
      if (message.subject === DELIVERY_PAUSED_SUBJECT && message.to === order.buyer)
        throw new Error('the process died here');
      return sendMail(message, options);
    };
    const third = [sendgridBounce(bulk[6]!, `crash-${order.userId}-2`)];
    try {
      expect((await sendgridPost(third)).status).toBe(500);
    } finally {
      app.ctx.sendMail = sendMail;
    }
    // Nothing half done: not paused without the email (the bounce itself is recorded).
    expect(await health(order.client)).toMatchObject({ bounces: 3, paused: null });

    // SendGrid delivers the batch again: now the seller is paused and told, once.
    expect((await sendgridPost(third)).status).toBe(200);
    expect((await health(order.client)).paused?.reason).toMatch(/^Thankly paused/);
    await app.mail.waitFor(
      (m) => m.to.includes(order.buyer) && m.subject === DELIVERY_PAUSED_SUBJECT,
    );
    expect((await sendgridPost(third)).status).toBe(200);
    await app.idle();
    expect(pauseMails(order.buyer)).toHaveLength(1);
  });

  test('the small sender’s rule reads the last 10 emails only: 3 hard bounces spread over 13 do not pause', async () => {
    const order = await sellerWithSentOrder();
    const bulk = await addSentOrders(order, 12);
    // bulk[2] is the 11th-newest email: past the last 10.
    await sendgridPost(
      [bulk[2]!, bulk[5]!, bulk[11]!].map((o, i) =>
        sendgridBounce(o, `spread-${order.userId}-${i}`),
      ),
    );
    expect(await health(order.client)).toMatchObject({ sent: 13, bounces: 3, paused: null });
    await sendgridPost([sendgridBounce(bulk[8]!, `spread-${order.userId}-3`)]);
    expect((await health(order.client)).paused?.reason).toContain('3 of your last 10 emails');
  });

  test('only an operator lifts a pause, and only for an account that exists', async () => {
    const { client, user } = await app.seller();
    expect(
      (await client.post(`/api/operator/accounts/${user.id}/lift-delivery-pause`)).status,
    ).toBe(401);
    expect((await operator('/api/operator/accounts/not-a-uuid/lift-delivery-pause')).status).toBe(
      404,
    );
    expect(
      (
        await operator(
          '/api/operator/accounts/00000000-0000-4000-8000-000000000000/lift-delivery-pause',
        )
      ).status,
    ).toBe(404);
  });
});

describe('delivery health is each seller’s own', () => {
  test('signed out: 401', async () => {
    expect((await app.client().get('/api/deliverability/health')).status).toBe(401);
  });

  test('another seller sees their own zeros, and a bounce of one seller’s order touches no other', async () => {
    const bounced = await sellerWithSentOrder();
    const bystander = await sellerWithSentOrder();
    await deliver(bounced.returnPath, postfixDsn(reportAbout(bounced)));
    expect(await health(bounced.client)).toMatchObject({ sent: 1, bounces: 1 });
    expect(await health(bystander.client)).toEqual({
      windowDays: 30,
      sent: 1,
      bounces: 0,
      complaints: 0,
      bounceRate: 0,
      complaintRate: 0,
      bounceLimit: 0.05,
      complaintLimit: 0.003,
      minimumSample: 100,
      paused: null,
    });
    expect((await activityOf(bystander.client, bystander.orderEmailId)).deliveryProblem).toBeNull();
    expect(await isSuppressed(bystander.shopId, bystander.buyer)).toBe(false);
    expect(await isSuppressed(bystander.shopId, bounced.buyer)).toBe(false);
  });
});

describe('blocks: the receiving server refused our relay, not the buyer', () => {
  // Gmail's DSN as a relay writes it: a bare 5.0.0 around the reply's own 5.7.26
  // (cloudflare/cloudflare-docs#11542).
  const GMAIL_UNAUTHENTICATED =
    '550-5.7.26 This mail has been blocked because the sender is unauthenticated. 550-5.7.26 Gmail requires all senders to authenticate with either SPF or DKIM. 550 5.7.26 https://support.google.com/mail/answer/81126#authentication f18si1069648ljf.488 - gsmtp';
  const MICROSOFT_AUTHENTICATION =
    '550 5.7.515 Access denied, sending domain thankly.test does not meet the required authentication level.';
  const YAHOO_COMPLAINTS =
    '421 4.7.0 [TSS04] Messages from 203.0.113.7 temporarily deferred due to unexpected volume or user complaints - 4.16.55.1; see https://postmaster.yahooinc.com/error-codes';

  const blockLines = (orderEmailId: string) =>
    logLines.filter(
      (line) => line.includes('"alert":"delivery-blocked"') && line.includes(orderEmailId),
    );

  const operatorBlocks = async () =>
    (
      await app.client().request('GET', '/api/operator/delivery-blocks', undefined, {
        authorization: `Bearer ${OPERATOR_TOKEN}`,
      })
    ).body.blocks as { total: number; latest: Array<{ orderEmailId: string; reason: string }> };

  async function kindsFor(orderEmailId: string) {
    const rows = await app.ctx.db
      .select({ kind: mailEvents.kind })
      .from(mailEvents)
      .where(eq(mailEvents.orderEmailId, orderEmailId));
    return rows.map((row) => row.kind);
  }

  test('a DMARC/authentication block suppresses nothing, counts as no bounce, alerts the operator, and the buyer is emailed next time', async () => {
    const order = await sellerWithSentOrder();
    await deliver(
      order.returnPath,
      postfixDsn(
        { ...reportAbout(order), reportId: `<block-${order.orderEmailId}@mx>` },
        { status: '5.0.0', diagnostic: GMAIL_UNAUTHENTICATED },
      ),
    );
    expect(await kindsFor(order.orderEmailId)).toEqual(['blocked']);
    expect(await isSuppressed(order.shopId, order.buyer)).toBe(false);
    // The seller sees it blocked, waiting to be sent again (block-retries.api.test.ts).
    expect((await activityOf(order.client, order.orderEmailId)).deliveryProblem).toMatchObject({
      kind: 'blocked',
      reason: expect.stringContaining('Thankly will send it again in an hour'),
    });
    expect(await health(order.client)).toMatchObject({ sent: 1, bounces: 0, paused: null });

    // The operator hears of it: a warning in the log, and the operator's list of blocks.
    const [line] = blockLines(order.orderEmailId);
    expect(JSON.parse(line!)).toMatchObject({
      level: 40,
      alert: 'delivery-blocked',
      accountId: order.userId,
      source: 'dsn',
      reason: expect.stringContaining('5.7.26'),
    });
    const blocks = await operatorBlocks();
    expect(blocks.total).toBeGreaterThanOrEqual(1);
    expect(blocks.latest).toContainEqual(
      expect.objectContaining({
        orderEmailId: order.orderEmailId,
        reason: expect.stringContaining('sender is unauthenticated'),
      }),
    );
    expect((await app.client().request('GET', '/api/operator/delivery-blocks')).status).toBe(401);

    // The buyer's address stays open, so the shop's next email goes to it.
    expect(await nextOrder(order)).toMatchObject({ state: 'sent' });
  });

  test('a full mailbox (5.2.2) is a soft bounce: counted, not suppressed, not bounced', async () => {
    const order = await sellerWithSentOrder();
    await deliver(
      order.returnPath,
      postfixDsn(
        { ...reportAbout(order), reportId: `<full-${order.orderEmailId}@mx>` },
        {
          status: '5.2.2',
          diagnostic:
            '552-5.2.2 The email account that you tried to reach is over quota and inactive. - gsmtp',
        },
      ),
    );
    expect(await kindsFor(order.orderEmailId)).toEqual(['soft-bounce']);
    expect(await isSuppressed(order.shopId, order.buyer)).toBe(false);
    expect((await activityOf(order.client, order.orderEmailId)).deliveryProblem).toBeNull();
    expect(blockLines(order.orderEmailId)).toHaveLength(0);
  });

  test('blocks never pause a seller: 10 of 100 blocked through SendGrid, none counted; a real bounce still is', async () => {
    const order = await sellerWithSentOrder();
    const bulk = await addSentOrders(order, 99);
    const reasons = [
      ['blocked', '5.7.515', MICROSOFT_AUTHENTICATION],
      ['bounce', '5.7.26', GMAIL_UNAUTHENTICATED],
      ['blocked', '4.7.0', YAHOO_COMPLAINTS],
      ['blocked', '', '554 Your access to this mail system has been blocked'],
    ] as const;
    await sendgridPost(
      bulk.slice(0, 10).map((o, i) => {
        const [type, status, reason] = reasons[i % reasons.length]!;
        return {
          ...sendgridBounce(o, `block-${order.userId}-${i}`),
          type,
          status,
          reason,
        };
      }),
    );
    const afterBlocks = await health(order.client);
    expect(afterBlocks).toMatchObject({ sent: 100, bounces: 0, paused: null });
    for (const o of bulk.slice(0, 10)) {
      expect(await kindsFor(o.orderEmailId)).toEqual(['blocked']);
      expect(await isSuppressed(order.shopId, `bulk-buyer-${bulk.indexOf(o)}@example.org`)).toBe(
        false,
      );
    }
    // A mailbox that does not exist is still a bounce, by SendGrid as by DSN.
    await sendgridPost([sendgridBounce(bulk[10]!, `block-${order.userId}-real`)]);
    expect(await health(order.client)).toMatchObject({ bounces: 1, paused: null });
  });
});

describe('suppression that protects everyone', () => {
  /** An order of `shop`'s owner to `email`, recorded and decided the way any demo order is. */
  async function orderTo(owner: SentOrder, email: string) {
    const [shop] = await app.ctx.db.select().from(shops).where(eq(shops.id, owner.shopId));
    const { items } = (await owner.client.get('/api/activity')).body as { items: ActivityItem[] };
    const seen = new Set(items.map((item) => item.id));
    const orderId = await createDemoOrder(
      app.ctx.db,
      shop!.externalId,
      { name: 'A buyer', email },
      app.ctx.clock.now(),
    );
    await app.ctx.jobs.send(orderNotificationJob, { shopId: owner.shopId, orderId });
    const isNew = (item: { id: string; state: string }) =>
      !seen.has(item.id) && item.state !== 'pending';
    const after = await waitForActivity(owner.client, (latest) => latest.some(isNew));
    return after.find(isNew)!;
  }

  const platformHealth = (token = OPERATOR_TOKEN, path = '/api/operator/delivery-health') =>
    app.client().request('GET', path, undefined, { authorization: `Bearer ${token}` });

  test('a mailbox one shop found missing is emailed by no shop; a complaint stays with its shop', async () => {
    const bounced = await sellerWithSentOrder();
    const complained = await sellerWithSentOrder();
    const otherShop = await sellerWithSentOrder();
    await deliver(bounced.returnPath, postfixDsn(reportAbout(bounced)));
    await deliver(complained.returnPath, yahooArf(reportAbout(complained)));
    const [row] = await app.ctx.db
      .select()
      .from(platformSuppressions)
      .where(eq(platformSuppressions.email, bounced.buyer.toLowerCase()));
    expect(row?.reason).toMatch(/^a receiving server said so on \d{4}-\d{2}-\d{2}$/);

    // Another seller's shop, another order to the dead address (written in capitals): not sent,
    // and the reason names neither the shop that found it nor its order.
    const skipped = await orderTo(otherShop, bounced.buyer.toUpperCase());
    expect(skipped).toMatchObject({ state: 'skipped' });
    expect(skipped.reason).toMatch(
      /^This address does not exist: a receiving server said so on \d{4}-\d{2}-\d{2}\. Thankly emails it no more, for any shop/,
    );
    expect(skipped.reason).not.toContain(bounced.shopId);
    // The buyer who complained asked one shop to stop, not every shop.
    expect(await orderTo(otherShop, complained.buyer)).toMatchObject({ state: 'sent' });
    expect(await nextOrder(complained)).toMatchObject({ state: 'skipped' });
  });

  test('blocks and temporary bounces suppress nobody platform-wide', async () => {
    const order = await sellerWithSentOrder();
    const otherShop = await sellerWithSentOrder();
    await sendgridPost([
      {
        ...sendgridBounce(order, `platform-block-${order.userId}`),
        type: 'blocked',
        status: '5.7.1',
        reason: '550 5.7.1 Service unavailable, client host blocked using Spamhaus',
      },
      {
        ...sendgridBounce(order, `platform-full-${order.userId}`),
        status: '5.2.2',
        reason: '552 5.2.2 Mailbox full',
      },
    ]);
    expect(await orderTo(otherShop, order.buyer)).toMatchObject({ state: 'sent' });
  });

  test('the operator sees the platform’s 30-day bounce and complaint rates, every shop’s together', async () => {
    const before = (await platformHealth()).body.health;
    const bounced = await sellerWithSentOrder();
    const complained = await sellerWithSentOrder();
    await deliver(bounced.returnPath, postfixDsn(reportAbout(bounced)));
    await deliver(complained.returnPath, yahooArf(reportAbout(complained)));
    const response = await platformHealth();
    expect(response.status).toBe(200);
    const after = response.body.health;
    expect(after).toMatchObject({
      windowDays: 30,
      sent: before.sent + 2,
      bounces: before.bounces + 1,
      complaints: before.complaints + 1,
      bounceLimit: 0.05,
      complaintLimit: 0.003,
      suppressedAddresses: before.suppressedAddresses + 1,
    });
    expect(after.bounceRate).toBeCloseTo(after.bounces / after.sent);
    expect(after.complaintRate).toBeCloseTo(after.complaints / after.sent);
    expect(after.overLimit).toEqual({
      bounces: after.bounceRate > 0.05,
      complaints: after.complaintRate > 0.003,
    });
  });

  test('only the operator reads it: a seller’s session, no token and a wrong token are refused; odd input is no 500', async () => {
    const { client } = await app.seller();
    expect((await client.get('/api/operator/delivery-health')).status).toBe(401);
    expect((await app.client().get('/api/operator/delivery-health')).status).toBe(401);
    expect((await platformHealth('op-'.padEnd(40, 'y'))).status).toBe(401);
    for (const path of [
      '/api/operator/delivery-health?windowDays=-1&userId=%27%3B--',
      '/api/operator/delivery-health?' + 'x='.padEnd(5000, 'a'),
      '/api/operator/delivery-health/..%2Faccounts',
    ]) {
      const response = await platformHealth(OPERATOR_TOKEN, path);
      expect(response.status, path).toBeLessThan(500);
    }
    const odd = await platformHealth(OPERATOR_TOKEN, '/api/operator/delivery-health?windowDays=-1');
    expect(odd.body.health.windowDays).toBe(30);
  });
});
