// What the buyer receives: every link in the email leads somewhere (the shop's web address, filled
// at connect and editable), the marketplace message is its own prose, and the unsubscribe page
// speaks for the seller and can be undone. Emails are judged as received, through the SMTP sink.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SHOP_ADDRESS_MESSAGES } from '@thankly/api-contract';
import { unsubscribes } from '../../src/infrastructure/db/schema.ts';
import {
  readUnsubscribeToken,
  resubscribeToken,
  unsubscribeToken,
} from '../../src/buyer-email/unsubscribe-links.ts';
import { connectDemoShop, settled, waitForActivity } from '../support/sending-helpers.ts';
import type { ReceivedMail } from '../support/smtp-sink.ts';
import { type TestApp, type TestClient, startTestApp } from '../support/test-app.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ dispatcher: { idleMs: 100 } });
});
afterAll(() => app?.close());

const LOGO = 'https://cdn.shop.test/media/logo.png';

interface Shop {
  id: string;
  url: string | null;
  name: string;
}

async function shopOf(client: TestClient): Promise<Shop> {
  return ((await client.get('/api/shops')).body.shops as Shop[]).at(-1)!;
}

/** A template from the seller's gallery (wearing their brand), selected for future orders. */
async function useStarter(client: TestClient, starterId: string) {
  const { designs } = (await client.get('/api/templates/gallery')).body as {
    designs: Array<{ id: string; name: string; subject: string; design: unknown }>;
  };
  const starter = designs.find((d) => d.id === starterId)!;
  const created = await client.post('/api/templates', {
    name: starter.name,
    subject: starter.subject,
    design: starter.design,
  });
  expect(created.status).toBe(201);
  await client.post(`/api/templates/selectors/select/${created.body.id}`);
}

/** Simulates a paid order to the seller's own address and opens the email it got. */
async function emailFor(
  client: TestClient,
  email: string,
  shopId: string,
  subject: RegExp,
): Promise<ReceivedMail> {
  const before = app.mail.messages.length;
  expect((await client.post(`/api/shops/${shopId}/demo-order`)).status).toBe(200);
  return app.mail.waitFor(
    (m) =>
      app.mail.messages.indexOf(m) >= before &&
      m.to.includes(email) &&
      m.rawHeaders.has('list-unsubscribe') &&
      subject.test(m.subject),
  );
}

/** Where a link leads: a tracked link (insights) carries its target inside it. */
function targetOf(href: string): string {
  const tracked = /\/api\/t\/c\/[^.]+\.([^.]+)\./.exec(href);
  return tracked ? Buffer.from(tracked[1]!, 'base64url').toString('utf8') : href;
}

/** Every link target of the received HTML. */
const hrefsOf = (html: string) =>
  [...html.matchAll(/\shref\s*=\s*"([^"]*)"/gi)].map((m) => targetOf(m[1]!.replace(/&amp;/g, '&')));

describe('every shop has a web address, and every link leads somewhere', () => {
  test('the demo shop gets its storefront at connect: a real page anyone can open', async () => {
    const { client } = await app.seller();
    const shop = await connectDemoShop(app, client);
    const { url } = await shopOf(client);
    expect(url).toMatch(new RegExp(`^${app.url}/api/demo-marketplace/shops/demo-[\\w-]+$`));
    const page = await fetch(url!);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Demo Shop');
    expect(shop.id).toBeTruthy();
    // Only the demo's own ids name a storefront.
    expect((await fetch(`${app.url}/api/demo-marketplace/shops/%3Cscript%3E`)).status).toBe(404);
  });

  test('a Classic thank-you as received: “Visit the shop” and the logo lead to the shop, no empty link', async () => {
    const { client, email } = await app.seller();
    expect((await client.put('/api/brand', { logoUrl: LOGO })).status).toBe(200);
    const shop = await connectDemoShop(app, client);
    await useStarter(client, 'classic');
    const { url } = await shopOf(client);

    const mail = await emailFor(client, email, shop.id, /^Thank you/);
    const hrefs = hrefsOf(mail.html);
    expect(mail.html).toContain('Visit the shop');
    expect(hrefs.filter((href) => href === url).length).toBeGreaterThanOrEqual(2); // button, logo
    for (const href of hrefs) expect(href.trim()).not.toMatch(/^#?$/);
    expect(mail.text).toContain(`Visit the shop: ${url}`);
  });

  test('a review request as received: “Write a review” leads to where the marketplace takes reviews', async () => {
    const { client, email } = await app.seller();
    const shop = await connectDemoShop(app, client);
    await useStarter(client, 'review');
    const { url } = await shopOf(client);
    const mail = await emailFor(client, email, shop.id, /./);
    expect(mail.html).toContain('Write a review');
    // The demo shop stands for the marketplace: its page is where reviews are left.
    expect(hrefsOf(mail.html)).toContain(url);
    for (const href of hrefsOf(mail.html)) expect(href.trim()).not.toMatch(/^#?$/);
  });

  test('the seller corrects the address: checked, used in the next email; nobody else’s shop', async () => {
    const { client, email } = await app.seller();
    const shop = await connectDemoShop(app, client);
    await useStarter(client, 'classic');

    for (const hostile of [
      'javascript:alert(1)',
      'http://juniper.example',
      'https://juniper.example/"><script>alert(1)</script>',
      'https://juniper.example/ shop',
      'https://user:pass@juniper.example',
      'https://localhost',
      'data:text/html,<b>x</b>',
      `https://juniper.example/${'a'.repeat(600)}`,
      '',
    ]) {
      const refused = await client.put(`/api/shops/${shop.id}/address`, { url: hostile });
      expect(refused.status, hostile).toBe(400);
      expect(Object.values(SHOP_ADDRESS_MESSAGES)).toContain(refused.body.error);
    }
    expect((await client.put(`/api/shops/${shop.id}/address`, { url: 42 })).status).toBe(400);
    expect((await shopOf(client)).url).toMatch(/\/api\/demo-marketplace\/shops\//);

    const saved = await client.put(`/api/shops/${shop.id}/address`, {
      url: '  https://juniper.example/shop  ',
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ id: shop.id, url: 'https://juniper.example/shop' });
    const mail = await emailFor(client, email, shop.id, /^Thank you/);
    expect(hrefsOf(mail.html)).toContain('https://juniper.example/shop');

    const other = await app.seller();
    const theirs = await other.client.put(`/api/shops/${shop.id}/address`, {
      url: 'https://evil.example',
    });
    expect(theirs.status).toBe(404);
    expect(
      (await other.client.put('/api/shops/not-a-uuid/address', { url: 'https://a.example' }))
        .status,
    ).toBe(404);
    expect(
      (await app.client().put(`/api/shops/${shop.id}/address`, { url: 'https://a.example' }))
        .status,
    ).toBe(401);
    expect((await shopOf(client)).url).toBe('https://juniper.example/shop');
  });

  test('saving a button that leads nowhere names it, with the one-click fix', async () => {
    const { client } = await app.seller();
    const design = {
      blocks: [
        { id: 'hello', type: 'text', content: 'Thank you!' },
        { id: 'cta', type: 'button', text: 'Visit the shop', url: '' },
      ],
    };
    const created = await client.post('/api/templates', { name: 'T', subject: 'Hi', design });
    expect(created.status).toBe(201);
    expect(created.body.linkWarnings).toEqual([
      {
        blockId: 'cta',
        message: expect.stringContaining('“Visit the shop”'),
        fix: { label: 'Use the shop’s web address', url: '[shop-url]' },
      },
    ]);
    const fixed = await client.put(`/api/templates/${created.body.id}`, {
      name: 'T',
      subject: 'Hi',
      design: {
        blocks: [
          design.blocks[0],
          { ...design.blocks[1], url: created.body.linkWarnings[0].fix.url },
        ],
      },
    });
    expect(fixed.status).toBe(200);
    expect(fixed.body.linkWarnings).toEqual([]);
  });
});

describe('the marketplace message is its own prose', () => {
  test('no alt text, no divider, no email-only phrase; it ends with the buyer’s order on the marketplace', async () => {
    const { client } = await app.seller({ name: 'Ada Lovelace' });
    await client.put('/api/brand', { logoUrl: LOGO });
    const shop = await connectDemoShop(app, client);
    await useStarter(client, 'classic');
    const before = ((await client.get('/api/activity')).body.items as unknown[]).length;
    await client.post(`/api/shops/${shop.id}/demo-order`, { withoutBuyerEmail: true });
    const [item] = (await waitForActivity(client, settled(before + 1))) as Array<{
      id: string;
      orderNumber: string;
    }>;
    const reply = await client.get(`/api/orders/${item!.id}/message`);
    expect(reply.status).toBe(200);
    const text = reply.body.text as string;
    expect(text).toMatch(/^Thank you, [^\n]+!\n/);
    // The logo's alt text once opened the message as “Demo Shop: <address>”.
    expect(text).not.toMatch(/Demo Shop:/);
    expect(text).not.toMatch(/^-{3,}$/m);
    expect(text).not.toMatch(/this email|unsubscribe/i);
    const { url } = await shopOf(client);
    const orderLink = /Your order: (\S+)$/.exec(text.trimEnd())?.[1];
    expect(orderLink).toBe(`${url}?order=${Number(item!.orderNumber) - 100_000}`);
    expect((await fetch(orderLink!)).status).toBe(200);
  });
});

describe('the unsubscribe page speaks for the seller and can be undone', () => {
  async function buyerOf() {
    const { client } = await app.seller();
    await client.put('/api/brand', { logoUrl: LOGO, primaryColor: '#2f6b4f' });
    const shop = await connectDemoShop(app, client);
    const buyer = `buyer-${Date.now()}@example.com`;
    const token = unsubscribeToken(app.ctx.config.appSecret, shop.id, buyer);
    const isUnsubscribed = async () =>
      (
        await app.ctx.db
          .select()
          .from(unsubscribes)
          .where(and(eq(unsubscribes.shopId, shop.id), eq(unsubscribes.email, buyer)))
      ).length === 1;
    return { shop, buyer, token, isUnsubscribed };
  }

  test('with the shop’s name, logo and colour; one line; undo brings the emails back', async () => {
    const { shop, buyer, token, isUnsubscribed } = await buyerOf();
    const page = await app.client().get(`/api/unsubscribe/${token}`);
    expect(page.status).toBe(200);
    const asked = page.body as string;
    expect(asked).toContain(`<img src="${LOGO}" alt="${shop.name}">`);
    expect(asked).toContain('background:#2f6b4f');
    expect(asked).toContain(`Unsubscribe from ${shop.name}?`);
    expect(await isUnsubscribed()).toBe(false);

    const done = await app.client().request('POST', `/api/unsubscribe/${token}`);
    expect(done.status).toBe(200);
    expect(await isUnsubscribed()).toBe(true);
    const confirmed = done.body as string;
    expect(confirmed).toContain('You are unsubscribed');
    expect(confirmed.match(/<p class="line">/g)).toHaveLength(1);
    expect(confirmed).toContain(`${shop.name} will not email ${buyer} again.`);
    const undo = /<form method="post" action="(\/api\/resubscribe\/[^"]+)">/.exec(confirmed)?.[1];
    expect(undo).toBeDefined();

    const undone = await app.client().request('POST', undo!);
    expect(undone.status).toBe(200);
    expect(undone.body).toContain('You are subscribed again');
    expect(await isUnsubscribed()).toBe(false);
  });

  test('an undo cannot be forged: not from the unsubscribe link, another address or a changed signature', async () => {
    const { shop, buyer, token, isUnsubscribed } = await buyerOf();
    await app.client().request('POST', `/api/unsubscribe/${token}`);
    expect(await isUnsubscribed()).toBe(true);
    const secret = app.ctx.config.appSecret;
    const undo = resubscribeToken(secret, shop.id, buyer);
    const [, , signature] = undo.split('.');
    const otherAddress = Buffer.from('someone@example.com').toString('base64url');
    for (const forged of [
      // The link every email carries is no undo.
      token,
      `${shop.id}.${otherAddress}.${signature}`,
      `${undo.slice(0, -2)}${undo.endsWith('AA') ? 'BB' : 'AA'}`,
      `${undo}.extra`,
      resubscribeToken('another-secret-of-at-least-32-characters!!', shop.id, buyer),
      'not-a-token',
    ]) {
      const refused = await app.client().request('POST', `/api/resubscribe/${forged}`);
      expect(refused.status, forged).toBe(404);
    }
    // And an undo is no unsubscribe link either.
    expect(readUnsubscribeToken([secret], undo)).toBeNull();
    // A link scanner's GET changes nothing.
    expect((await app.client().get(`/api/resubscribe/${undo}`)).status).toBe(404);
    expect(await isUnsubscribed()).toBe(true);
  });
});
