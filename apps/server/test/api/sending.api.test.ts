import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  orderEmails,
  sendingPauses,
  shops,
  unsubscribes,
  users,
} from '../../src/infrastructure/db/schema.ts';
import { recordOrder } from '../../src/orders/record-order.ts';
import { unsubscribeToken } from '../../src/buyer-email/unsubscribe-links.ts';
import {
  connectDemoShop,
  selectDefaultTemplate,
  settled,
  waitForActivity,
} from '../support/sending-helpers.ts';
import { type TestApp, startTestApp } from '../support/test-app.ts';

/** The same link with its signature's last character changed (never to what it already was). */
const tamperLastCharacter = (path: string) => path.slice(0, -1) + (path.endsWith('x') ? 'y' : 'x');

/** A thank-you email to this address (the seller's own account mail goes there too). */
const isThankYouTo = (email: string) => (m: { to: string; rawHeaders: Map<string, string> }) =>
  m.to.includes(email) && m.rawHeaders.has('list-unsubscribe');

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ dispatcher: { idleMs: 100 } });
});
afterAll(() => app?.close());

describe('the demo shop through the whole pipeline', () => {
  test('a simulated paid order gets one branded email, From the shop, Reply-To the seller, with unsubscribe', async () => {
    const { client, email, user } = await app.seller({ name: 'Ada Lovelace' });
    await selectDefaultTemplate(client);
    await client.put('/api/sending/settings', { couponCode: 'THANKS20' });
    const shop = await connectDemoShop(app, client);
    expect(shop.name).toBe('Demo Shop');

    const simulated = await client.post(`/api/shops/${shop.id}/demo-order`);
    expect(simulated.body.ok).toBe(true);
    const [item] = await waitForActivity(client, settled(1));
    expect(item).toMatchObject({
      state: 'sent',
      templateName: 'Thanks',
      buyerEmail: email,
      reason: null,
    });

    const mail = await app.mail.waitFor(
      (m) => m.to.includes(email) && m.subject.startsWith('Thank you'),
    );
    expect(mail.subject).toBe('Thank you, Ada!');
    expect(mail.from).toMatch(/^"?Demo Shop"? <hello@thankly\.local>$/);
    expect(mail.replyTo).toBe(email);
    expect(mail.html).toContain('THANKS20');
    expect(mail.html).not.toMatch(/\[(customer-first-name|order-number|coupon-code)/);
    expect(mail.text).toContain('Unsubscribe: ');
    // One-click https first; a mailbox alternative carrying the same signed token.
    expect(mail.rawHeaders.get('list-unsubscribe')).toMatch(
      /^<http:\/\/127\.0\.0\.1:\d+\/api\/unsubscribe\/([^>]+)>,\s+<mailto:support@thankly\.local\?subject=unsubscribe%20\1>$/,
    );
    expect(mail.rawHeaders.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(mail.rawHeaders.get('auto-submitted')).toBe('auto-generated');
    expect(mail.rawHeaders.get('x-auto-response-suppress')).toBe('OOF, AutoReply');
    expect(mail.rawHeaders.get('feedback-id')).toBe(`thankyou:${shop.id}:${user.id}:thankly`);

    expect((await client.get('/api/stats/daily')).body.sentToday).toBe(1);
    expect((await client.get('/api/shops')).body.shops[0].lastOrderAt).not.toBeNull();
  });

  test('a shop name that carries an address or a host name does not reach From as given', async () => {
    const { client, email } = await app.seller();
    await selectDefaultTemplate(client);
    const shop = await connectDemoShop(app, client);
    await app.ctx.db
      .update(shops)
      .set({ name: 'PayPal Support <service@paypal.com>\r\nBcc: victim@example.com' })
      .where(eq(shops.id, shop.id));
    await client.post(`/api/shops/${shop.id}/demo-order`);
    await waitForActivity(client, settled(1));
    const mail = await app.mail.waitFor(isThankYouTo(email));
    expect(mail.from).toMatch(/^"?PayPal Support Bcc"? <hello@thankly\.local>$/);
    expect(mail.recipients).toEqual([email]);
  });

  test('an order seen twice is recorded and emailed once', async () => {
    const { client, user, email } = await app.seller();
    await selectDefaultTemplate(client);
    const shop = await connectDemoShop(app, client);
    const order = {
      externalId: 'twice-1',
      orderNumber: '777',
      isPaid: true,
      buyerName: 'Bo',
      buyerFirstName: null,
      buyerLastName: null,
      buyerEmail: email,
      createdAt: new Date().toISOString(),
      updatedAt: new Date().toISOString(),
      productTitles: ['Mug'],
      total: null,
      trackingUrl: null,
    };
    const results = await Promise.all(
      [1, 2, 3].map(() =>
        recordOrder(app.ctx.db, { id: shop.id, userId: user.id }, order, new Date()),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    app.ctx.notifyNewOrders();
    await waitForActivity(client, settled(1));
    await app.idle();
    // Thank-yous only: the seller's own registration may have mailed this address a link whose
    // token happens to hold "777".
    const sent = app.mail.messages.filter((m) => isThankYouTo(email)(m) && m.html.includes('777'));
    expect(sent).toHaveLength(1);
    // The order's record keeps the Message-ID the buyer's mail carries (signed: bounces name it).
    const [row] = await app.ctx.db
      .select()
      .from(orderEmails)
      .where(eq(orderEmails.marketplaceOrderId, 'twice-1'));
    expect(row!.messageId).toBe(sent[0]!.rawHeaders.get('message-id'));
    expect(row!.messageId).toMatch(/^<order-[0-9a-f-]{36}\.[0-9a-f]{16}@/);
  });
});

describe('deciding', () => {
  test('paused sending skips the order with a reason', async () => {
    const { client } = await app.seller();
    await selectDefaultTemplate(client);
    const shop = await connectDemoShop(app, client);
    await client.patch('/api/me/pause', { isPaused: true });
    await client.post(`/api/shops/${shop.id}/demo-order`);
    const [item] = await waitForActivity(client, settled(1));
    expect(item).toMatchObject({
      state: 'skipped',
      reason: 'Sending was paused when this order arrived.',
    });
    expect((await client.get('/api/stats/daily')).body.sentToday).toBe(0);
  });

  test('an order paid while paused stays unsent when Thankly only sees it after the seller resumed', async () => {
    const { client, user, email } = await app.seller();
    await selectDefaultTemplate(client);
    const shop = await connectDemoShop(app, client);
    await client.patch('/api/me/pause', { isPaused: true });
    await client.patch('/api/me/pause', { isPaused: false });
    const [pause] = await app.ctx.db
      .select()
      .from(sendingPauses)
      .where(eq(sendingPauses.userId, user.id));
    expect(pause!.resumedAt!.getTime()).toBeGreaterThan(pause!.pausedAt.getTime());

    // Seen now, after the resume: paid before, during and at the end of the pause.
    const paidAt = {
      before: new Date(pause!.pausedAt.getTime() - 60_000),
      during: pause!.pausedAt,
      resumed: pause!.resumedAt!,
    };
    for (const [label, time] of Object.entries(paidAt)) {
      await recordOrder(
        app.ctx.db,
        { id: shop.id, userId: user.id },
        {
          externalId: `pause-${label}`,
          orderNumber: label,
          isPaid: true,
          buyerName: 'Bo',
          buyerFirstName: null,
          buyerLastName: null,
          buyerEmail: email,
          createdAt: time.toISOString(),
          updatedAt: new Date().toISOString(),
          productTitles: ['Mug'],
          total: null,
          trackingUrl: null,
        },
        new Date(),
      );
    }
    app.ctx.notifyNewOrders();
    const items = await waitForActivity(client, settled(3));
    const byOrder = Object.fromEntries(items.map((i) => [i.orderNumber, i]));
    expect(byOrder.during).toMatchObject({
      state: 'skipped',
      reason: 'Sending was paused when this order arrived.',
    });
    expect(byOrder.before).toMatchObject({ state: 'sent' });
    expect(byOrder.resumed).toMatchObject({ state: 'sent' });
  });

  test('pausing twice or resuming an unpaused account records one pause', async () => {
    const { client, user } = await app.seller();
    await client.patch('/api/me/pause', { isPaused: false });
    await client.patch('/api/me/pause', { isPaused: true });
    await client.patch('/api/me/pause', { isPaused: true });
    const pauses = await app.ctx.db
      .select()
      .from(sendingPauses)
      .where(eq(sendingPauses.userId, user.id));
    expect(pauses).toHaveLength(1);
    expect(pauses[0]!.resumedAt).toBeNull();
  });

  test('no selected template skips the order', async () => {
    const { client } = await app.seller();
    const shop = await connectDemoShop(app, client);
    await client.post(`/api/shops/${shop.id}/demo-order`);
    const [item] = await waitForActivity(client, settled(1));
    expect(item).toMatchObject({
      state: 'skipped',
      reason: 'No template was selected for future emails.',
    });
  });

  test("Starter's daily limit of 5 holds under a burst", async () => {
    const { client } = await app.seller();
    await selectDefaultTemplate(client);
    const shop = await connectDemoShop(app, client);
    await Promise.all(
      Array.from({ length: 8 }, () => client.post(`/api/shops/${shop.id}/demo-order`)),
    );
    const items = await waitForActivity(client, settled(8));
    expect(items.filter((i) => i.state === 'sent')).toHaveLength(5);
    const skipped = items.filter((i) => i.state === 'skipped');
    expect(skipped).toHaveLength(3);
    expect(skipped[0]!.reason).toBe('Today’s limit of 5 emails on the Starter plan was reached.');
    expect((await client.get('/api/stats/daily')).body.sentToday).toBe(5);
  });

  test('Business has no daily limit', async () => {
    const { client, user } = await app.seller();
    await app.ctx.db.update(users).set({ plan: 'business' }).where(eq(users.id, user.id));
    await selectDefaultTemplate(client);
    const shop = await connectDemoShop(app, client);
    await Promise.all(
      Array.from({ length: 7 }, () => client.post(`/api/shops/${shop.id}/demo-order`)),
    );
    const items = await waitForActivity(client, settled(7));
    expect(items.every((i) => i.state === 'sent')).toBe(true);
  });

  test('a buyer who unsubscribed (one click) is never emailed by that shop again', async () => {
    const { client, email } = await app.seller();
    await selectDefaultTemplate(client);
    const shop = await connectDemoShop(app, client);
    await client.post(`/api/shops/${shop.id}/demo-order`);
    await waitForActivity(client, settled(1));
    const mail = await app.mail.waitFor(isThankYouTo(email));
    const link = /<([^>]+)>/.exec(mail.rawHeaders.get('list-unsubscribe')!)![1]!;
    const path = new URL(link).pathname;

    const page = await app.client().get(path);
    expect(page.status).toBe(200);
    expect(page.body).toContain('Unsubscribe from Demo Shop?');
    // A mail client's RFC 8058 one-click POST, from no origin of ours.
    const oneClick = await app.client().request('POST', path, 'List-Unsubscribe=One-Click', {
      'content-type': 'application/x-www-form-urlencoded',
      origin: 'https://mail.example',
    });
    expect(oneClick.status).toBe(200);
    expect(oneClick.body).toContain('You are unsubscribed');

    await client.post(`/api/shops/${shop.id}/demo-order`);
    const items = await waitForActivity(client, settled(2));
    expect(items[0]).toMatchObject({
      state: 'skipped',
      reason: 'The buyer unsubscribed from this shop’s emails.',
    });
    expect((await app.client().get(tamperLastCharacter(path))).status).toBe(404);
  });

  test('one-click unsubscribe takes any body a mail provider sends, and acts on the signed link alone', async () => {
    const { client, email } = await app.seller();
    await selectDefaultTemplate(client);
    const shop = await connectDemoShop(app, client);
    await client.post(`/api/shops/${shop.id}/demo-order`);
    await waitForActivity(client, settled(1));
    const mail = await app.mail.waitFor(isThankYouTo(email));
    const path = new URL(/<([^>]+)>/.exec(mail.rawHeaders.get('list-unsubscribe')!)![1]!).pathname;
    const boundary = '----provider7MA4YWxkTrZu0gW';
    const bodies: Array<[string | undefined, string | undefined]> = [
      [
        `multipart/form-data; boundary=${boundary}`,
        `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
      ],
      ['application/x-www-form-urlencoded', 'List-Unsubscribe=One-Click'],
      ['text/plain', 'List-Unsubscribe=One-Click'],
      ['application/json', '{"List-Unsubscribe":"One-Click"}'],
      [undefined, undefined],
    ];
    for (const [type, body] of bodies) {
      const response = await app
        .client()
        .request(
          'POST',
          path,
          body,
          type ? { 'content-type': type, origin: 'https://mail.example' } : {},
        );
      expect(response.status, type ?? 'no body').toBe(200);
    }
    const rows = await app.ctx.db
      .select()
      .from(unsubscribes)
      .where(eq(unsubscribes.shopId, shop.id));
    expect(rows).toHaveLength(1);
    const tampered = await app.client().request('POST', tamperLastCharacter(path), bodies[0]![1], {
      'content-type': bodies[0]![0]!,
    });
    expect(tampered.status).toBe(404);
  });

  test('one-click unsubscribe ignores the body whatever its type: the RFC 8058 payload as JSON, garbage, nothing', async () => {
    const { user } = await app.seller();
    const [shop] = await app.ctx.db
      .insert(shops)
      .values({
        userId: user.id,
        marketplace: 'demo',
        externalId: `one-click-${user.id}`,
        name: 'Mugs',
      })
      .returning();
    const cases: Array<[string | undefined, string | undefined]> = [
      // Not JSON, though labelled so: some providers send the RFC 8058 payload this way.
      ['application/json', 'List-Unsubscribe=One-Click'],
      ['application/json; charset=utf-8', '{"List-Unsubscribe": "One-Cl'],
      ['application/json', ''],
      ['application/x-www-form-urlencoded', '%%%zz=&&=%E0%A4%A'],
      ['multipart/form-data', 'List-Unsubscribe=One-Click'],
      ['multipart/form-data; boundary=x', '--y\r\nnonsense'],
      ['text/plain; charset=utf-99', '\u0000\u0001\uFFFD binary-ish'],
      ['application/octet-stream', '\u00ff\u00fe\u0000garbage'],
      ['application/xml', '<List-Unsubscribe>One-Click'],
      ['not a media type', 'List-Unsubscribe=One-Click'],
      [undefined, 'List-Unsubscribe=One-Click'],
    ];
    const buyers: string[] = [];
    for (const [index, [type, body]] of cases.entries()) {
      const buyer = `one-click-${index}@buyer.example`;
      buyers.push(buyer);
      const path = `/api/unsubscribe/${unsubscribeToken(app.ctx.config.appSecret, shop!.id, buyer)}`;
      const headers: Record<string, string> = { origin: 'https://mail.example' };
      if (type) headers['content-type'] = type;
      // The test client labels a body without a type as JSON (and fetch a string as text): bytes
      // go with no Content-Type at all, as a provider might send them.
      const response =
        type === undefined
          ? await fetch(app.url + path, {
              method: 'POST',
              headers,
              body: new TextEncoder().encode(body),
            })
          : await app.client().request('POST', path, body, headers);
      expect(response.status, `${type}: ${body}`).toBe(200);
      // A provider retrying is answered the same and changes nothing more.
      const again = await app.client().request('POST', path, body, headers);
      expect(again.status, `${type} again`).toBe(200);
      expect(again.body).toContain('You are unsubscribed');
    }
    const rows = await app.ctx.db
      .select()
      .from(unsubscribes)
      .where(eq(unsubscribes.shopId, shop!.id));
    expect(rows.map((row) => row.email).sort()).toEqual([...buyers].sort());
  });

  test('a missing buyer email is skipped with a plain reason', async () => {
    const { client, user } = await app.seller();
    await selectDefaultTemplate(client);
    const shop = await connectDemoShop(app, client);
    await recordOrder(
      app.ctx.db,
      { id: shop.id, userId: user.id },
      {
        externalId: 'no-email',
        orderNumber: '1',
        isPaid: true,
        buyerName: 'X',
        buyerFirstName: null,
        buyerLastName: null,
        buyerEmail: null,
        createdAt: new Date().toISOString(),
        updatedAt: new Date().toISOString(),
        productTitles: [],
        total: null,
        trackingUrl: null,
      },
      new Date(),
    );
    app.ctx.notifyNewOrders();
    const [item] = await waitForActivity(client, settled(1));
    expect(item!.state).toBe('skipped');
    expect(item!.reason).toMatch(/did not share this buyer’s email address/);
  });

  test('a relay failure is retried and, after the last attempt, recorded as failed', async () => {
    const { client, user } = await app.seller();
    await selectDefaultTemplate(client);
    const shop = await connectDemoShop(app, client);
    const mailer = app.ctx.mailer;
    app.ctx.mailer = { ...mailer, send: () => Promise.reject(new Error('451 relay busy')) };
    try {
      await client.post(`/api/shops/${shop.id}/demo-order`);
      await waitForActivity(client, (items) => items.length === 1);
      // Make every retry due at once instead of waiting out the backoff.
      for (let i = 0; i < 10; i++) {
        await app.ctx.db
          .update(orderEmails)
          .set({ nextAttemptAt: new Date(0) })
          .where(eq(orderEmails.userId, user.id));
        app.ctx.notifyNewOrders();
        await app.idle();
      }
      const [item] = await waitForActivity(client, settled(1));
      expect(item!.state).toBe('failed');
      expect(item!.reason).toBe('Could not send after 5 attempts: 451 relay busy');
      expect((await client.get('/api/stats/daily')).body.sentToday).toBe(0);
    } finally {
      app.ctx.mailer = mailer;
    }
  });
});

describe('isolation', () => {
  test("another seller's shops, orders and activity stay invisible", async () => {
    const owner = await app.seller();
    const shop = await connectDemoShop(app, owner.client);
    const intruder = await app.seller();
    expect((await intruder.client.post(`/api/shops/${shop.id}/demo-order`)).status).toBe(404);
    expect((await intruder.client.delete(`/api/shops/${shop.id}`)).status).toBe(404);
    expect((await intruder.client.get('/api/shops')).body.shops).toEqual([]);
    expect((await intruder.client.get('/api/activity')).body.items).toEqual([]);
    expect((await owner.client.get('/api/shops')).body.shops[0].status).toBe('connected');
  });

  test('a seller can disconnect a shop', async () => {
    const { client } = await app.seller();
    const shop = await connectDemoShop(app, client);
    expect((await client.delete(`/api/shops/${shop.id}`)).body).toEqual({ ok: true });
    const [after] = (await client.get('/api/shops')).body.shops;
    expect(after).toMatchObject({ status: 'disconnected', statusReason: 'Disconnected by you.' });
    expect((await client.post(`/api/shops/${shop.id}/demo-order`)).status).toBe(400);
  });

  test('a connection state works once, for the seller who started it', async () => {
    const { client } = await app.seller();
    const { url } = (await client.get('/api/etsy/connect')).body;
    const consent = (await client.get(url.replace(app.url, ''))).body as string;
    const approve = /href="([^"]*\/api\/etsy\/callback\?code=[^"]+)"/
      .exec(consent)![1]!
      .replace(/&amp;/g, '&')
      .replace(app.url, '');
    const other = await app.seller();
    const stolen = await other.client.request('GET', approve);
    const location = new URL(stolen.headers.get('location')!, app.url);
    expect(location.searchParams.get('connect_error')).toBe(
      'This connection was started from another Thankly account, so nothing was connected. Sign in as the account that clicked Connect and start again.',
    );
    const replay = await client.request('GET', approve);
    expect(replay.headers.get('location')).toContain('connect_error=');
    expect((await client.get('/api/shops')).body.shops).toEqual([]);
  });
});
