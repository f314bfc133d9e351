import { eq } from 'drizzle-orm';
import { createDefaultTemplate } from '@thankly/email';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { shops } from '../../src/infrastructure/db/schema.ts';
import {
  connectDemoShop,
  selectDefaultTemplate,
  settled,
  waitForActivity,
} from '../support/sending-helpers.ts';
import { type TestApp, type TestClient, startTestApp } from '../support/test-app.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ dispatcher: { idleMs: 100 } });
});
afterAll(() => app?.close());

const { design } = createDefaultTemplate();
/** The default template's coupon button, as it renders: a link holding the code. */
const couponButton = (code: string) => new RegExp(`<a [^>]*>${code}</a>`);
const emptyLink = /<a [^>]*>\s*<\/a>/;

async function createTemplate(client: TestClient, overrides: Record<string, unknown> = {}) {
  const response = await client.post('/api/templates', {
    name: 'Thanks',
    subject: 'Thank you, [customer-first-name|friend]!',
    design,
    ...overrides,
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as { id: string };
}

const tokensOf = (body: { emptyTokens: Array<{ token: string }> }) =>
  body.emptyTokens.map((w) => w.token);

describe('tokens a template uses that real orders will leave empty', () => {
  test('the default template warns about [coupon-code] until a coupon code is saved', async () => {
    const { client } = await app.seller();
    const { id } = await createTemplate(client);
    const before = await client.get(`/api/templates/${id}/empty-tokens`);
    expect(before.status).toBe(200);
    expect(before.body.emptyTokens).toEqual([
      { token: '[coupon-code]', message: expect.stringContaining('You have no coupon code saved') },
    ]);
    await client.put('/api/sending/settings', { couponCode: 'SPRING15' });
    expect((await client.get(`/api/templates/${id}/empty-tokens`)).body).toEqual({
      emptyTokens: [],
    });
  });

  test('[tracking-link] warns that it is filled when the order ships, or that the marketplace never sends one', async () => {
    const { client } = await app.seller();
    await client.put('/api/sending/settings', { couponCode: 'SPRING15' });
    const { id } = await createTemplate(client, {
      design: {
        blocks: [{ id: 'track', type: 'button', text: 'Track it', url: '[tracking-link]' }],
      },
    });
    const warning = async () => (await client.get(`/api/templates/${id}/empty-tokens`)).body;
    const atPayment =
      'Your thank-you goes out when the order is paid, before there is a tracking link, so buyers won’t see the part that uses [tracking-link]. Put it in a “Shipped” email on your Journey page instead.';
    // Whatever the shop: the thank-you at payment comes before any parcel.
    expect(await warning()).toEqual({
      emptyTokens: [{ token: '[tracking-link]', message: atPayment }],
    });
    // The demo shop ships with demo tracking.
    const shop = await connectDemoShop(app, client);
    expect((await warning()).emptyTokens).toEqual([
      { token: '[tracking-link]', message: atPayment },
    ]);
    // A WooCommerce store gives no tracking link as a rule.
    await app.ctx.db
      .update(shops)
      .set({ marketplace: 'woocommerce', url: 'https://juniper.example' })
      .where(eq(shops.id, shop.id));
    expect((await warning()).emptyTokens).toEqual([
      {
        token: '[tracking-link]',
        message:
          'Your marketplace doesn’t send tracking links with its orders, so buyers won’t see the part that uses [tracking-link]. Remove it, or link to the order page on your marketplace instead.',
      },
    ]);
  });

  test('are another seller’s business: 404 for their template, a malformed id, and 401 signed out', async () => {
    const owner = await app.seller();
    const { id } = await createTemplate(owner.client);
    const other = await app.seller();
    const foreign = await other.client.get(`/api/templates/${id}/empty-tokens`);
    expect(foreign.status).toBe(404);
    expect(JSON.stringify(foreign.body)).not.toContain('coupon');
    for (const hostile of ['not-a-uuid', '..%2F..%2Fetc', 'a'.repeat(300)]) {
      expect((await other.client.get(`/api/templates/${hostile}/empty-tokens`)).status).toBe(404);
    }
    expect((await app.client().get(`/api/templates/${id}/empty-tokens`)).status).toBe(401);
  });
});

describe('the test email uses the seller’s real values', () => {
  test('without a saved coupon code it has no empty coupon button, and the reply warns', async () => {
    const { client, email } = await app.seller();
    const { id } = await createTemplate(client);
    const response = await client.post(`/api/emails/test/${id}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      ok: true,
      sentTo: email,
      emptyTokens: [{ token: '[coupon-code]', message: expect.any(String) }],
    });
    const mail = await app.mail.waitFor((m) => m.to === email && m.subject.startsWith('[Test]'));
    // No sample code pretends there is one, and no empty pill stands in for it.
    expect(mail.html).not.toContain('THANKYOU20');
    expect(mail.html).not.toMatch(emptyLink);
    expect(mail.text).not.toMatch(/^\s*:/m);
    expect(mail.text).toContain('Just use this code at checkout:');
  });

  test('with a saved coupon code it shows that code, and the shop’s own name', async () => {
    const { client, email } = await app.seller();
    await client.put('/api/sending/settings', { couponCode: 'MYCODE15' });
    await connectDemoShop(app, client);
    const { id } = await createTemplate(client);
    const response = await client.post(`/api/emails/test/${id}`);
    // Every shop has a web address (the demo shop its storefront): nothing is left empty.
    expect(tokensOf(response.body)).toEqual([]);
    const mail = await app.mail.waitFor((m) => m.to === email && m.subject.startsWith('[Test]'));
    expect(mail.html).toMatch(couponButton('MYCODE15'));
    expect(mail.html).toContain('Demo Shop');
  });
});

describe('a real order', () => {
  test('without a saved coupon code gets no empty coupon button', async () => {
    const { client, email } = await app.seller({ name: 'Ada Lovelace' });
    await selectDefaultTemplate(client);
    const shop = await connectDemoShop(app, client);
    await client.post(`/api/shops/${shop.id}/demo-order`);
    const [item] = await waitForActivity(client, settled(1));
    expect(item).toMatchObject({ state: 'sent' });
    const mail = await app.mail.waitFor(
      (m) => m.to.includes(email) && m.subject.startsWith('Thank you'),
    );
    expect(mail.html).toContain('Thank you so much for shopping with Demo Shop!');
    expect(mail.html).not.toMatch(emptyLink);
    expect(mail.html).not.toContain('border-radius:12px');
    expect(mail.text).not.toMatch(/^\s*:/m);
  });
});
