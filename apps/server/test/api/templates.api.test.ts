import { eq } from 'drizzle-orm';
import { createDefaultTemplate } from '@thankly/email';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { abuseEvents, shops, users } from '../../src/infrastructure/db/schema.ts';
import { connectDemoShop } from '../support/sending-helpers.ts';
import type { Clock } from '../../src/infrastructure/time/athens.ts';
import { type TestApp, type TestClient, startTestApp } from '../support/test-app.ts';

let app: TestApp;
let now = new Date('2026-12-10T10:00:00Z');
const clock: Clock = { now: () => now };

beforeAll(async () => {
  app = await startTestApp({
    clock,
    rateLimits: { testEmailPerUser: { max: 3, windowMs: 60_000 } },
  });
});
afterAll(() => app?.close());

const { design } = createDefaultTemplate();
const body = (overrides: Record<string, unknown> = {}) => ({
  name: 'Thanks!',
  subject: 'Thank you, [customer-first-name]',
  html: '<p>ignored</p>',
  design,
  ...overrides,
});

async function sellerOn(plan: 'free' | 'growth' | 'business', timeZone?: string) {
  const seller = await app.seller({ timeZone });
  await app.ctx.db.update(users).set({ plan }).where(eq(users.id, seller.user.id));
  return seller;
}

async function create(client: TestClient, overrides: Record<string, unknown> = {}) {
  const response = await client.post('/api/templates', body(overrides));
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as { id: string; html: string; sendConditions: Record<string, unknown> };
}

describe('saving templates', () => {
  test('stores the design and renders the HTML itself, ignoring HTML from the client', async () => {
    const { client } = await app.seller();
    const created = await create(client, { html: '<script>alert(1)</script>' });
    expect(created.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(created.html).toMatch(/^<!DOCTYPE html>/i);
    expect(created.html).not.toContain('alert(1)');

    const loaded = await client.get(`/api/templates/${created.id}`);
    expect(loaded.body).toMatchObject({
      id: created.id,
      name: 'Thanks!',
      subject: 'Thank you, [customer-first-name]',
      sendConditions: { enabled: false, startDate: null, endDate: null },
    });
    expect(loaded.body.design.blocks.length).toBe(design.blocks.length);
  });

  test('sanitises rich text on save', async () => {
    const { client } = await app.seller();
    const hostile = {
      ...design,
      blocks: [
        {
          id: 'evil',
          type: 'text',
          content: 'hi',
          html: '<p onclick="steal()">Hi <a href="javascript:alert(1)">there</a><script>x()</script></p>',
        },
      ],
    };
    const created = await create(client, { design: hostile });
    const loaded = await client.get(`/api/templates/${created.id}`);
    const html = loaded.body.design.blocks[0].html as string;
    expect(html).not.toMatch(/onclick|javascript:|<script/i);
    expect(created.html).not.toMatch(/onclick|javascript:|<script/i);
  });

  test('updates a template and lists the seller’s templates', async () => {
    const { client } = await sellerOn('growth');
    const first = await create(client);
    await create(client, { name: 'Second' });
    const updated = await client.put(
      `/api/templates/${first.id}`,
      body({ name: '  Renamed  ', subject: '' }),
    );
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: 'Renamed', subject: '' });
    const list = await client.get('/api/templates/');
    expect(list.body.templates.map((t: { name: string }) => t.name)).toEqual(['Renamed', 'Second']);
    expect(list.body.templates[0]).not.toHaveProperty('design');
    expect(list.body.templates[0].html).toMatch(/<table/);
  });

  test.each([
    [{ name: '   ' }, 'Please enter a template name.'],
    [{ name: undefined }, 'Please enter a template name.'],
    [
      { sendConditions: { enabled: true, startDate: '2026-12-01', endDate: '' } },
      'Please set both a start and end date for conditional sending.',
    ],
    [
      { sendConditions: { enabled: true } },
      'Please set both a start and end date for conditional sending.',
    ],
    [
      { sendConditions: { enabled: true, startDate: '2026-12-10', endDate: '2026-12-09' } },
      'End date cannot be before start date.',
    ],
    [
      { sendConditions: { enabled: true, startDate: '2026-02-30', endDate: '2026-03-09' } },
      'That date does not exist.',
    ],
  ])('refuses %j with the spec’s message', async (overrides, message) => {
    const { client } = await sellerOn('growth');
    const response = await client.post('/api/templates', body(overrides));
    expect(response.status).toBe(400);
    expect(response.body.error).toContain(message);
    expect((await client.get('/api/templates/')).body.templates).toEqual([]);
  });

  test('refuses a bad design with the path to the bad field, changing nothing', async () => {
    const { client } = await app.seller();
    const created = await create(client);
    const badWidth = { ...design, blocks: [{ ...design.blocks[0], widthPct: 400 }] };
    const response = await client.put(`/api/templates/${created.id}`, body({ design: badWidth }));
    expect(response.status).toBe(400);
    expect(response.body.error).toMatch(/^design\.blocks\.0\.widthPct: /);

    const unknownType = { ...design, blocks: [{ id: 'x', type: 'video' }] };
    const second = await client.put(`/api/templates/${created.id}`, body({ design: unknownType }));
    expect(second.status).toBe(400);
    expect(second.body.error).toMatch(/^design\.blocks\.0/);

    const huge = { ...design, blocks: [{ id: 'big', type: 'text', content: 'x'.repeat(300_000) }] };
    expect((await client.put(`/api/templates/${created.id}`, body({ design: huge }))).status).toBe(
      400,
    );

    const stored = await client.get(`/api/templates/${created.id}`);
    expect(stored.body.design.blocks.length).toBe(design.blocks.length);
  });

  test('a design nested 10,000 levels deep, or holding too many values, is a 400, not a 500', async () => {
    const { client } = await app.seller();
    const created = await create(client);
    // Sent as raw JSON: the test client would itself overflow serialising such an object.
    const deepJson = '{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000);
    const raw = (method: 'POST' | 'PUT', path: string, designJson: string) =>
      client.request(
        method,
        path,
        `{"name":"Deep","subject":"Hi","design":{"blocks":[],"global":${designJson}}}`,
      );
    for (const response of [
      await raw('POST', '/api/templates', deepJson),
      await raw('PUT', `/api/templates/${created.id}`, deepJson),
    ]) {
      expect(response.status).toBe(400);
      expect(response.body.error).toMatch(
        /^(design: )?The design is nested too deeply \(limit 32 levels\)\.$/,
      );
    }
    const wide = `{"padding":[${new Array(25_000).fill('0').join(',')}]}`;
    const tooMany = await raw('PUT', `/api/templates/${created.id}`, wide);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error).toMatch(/The design has too many values \(limit 20000\)\./);
    const stored = await client.get(`/api/templates/${created.id}`);
    expect(stored.body.design.blocks.length).toBe(design.blocks.length);
  });

  test('refuses a design whose email Gmail would clip (over ~90 KB), changing nothing; keeps one just under', async () => {
    const { client } = await app.seller();
    const created = await create(client);
    const paragraph = `<p>${'Thank you for choosing handmade. '.repeat(500).trim()}</p>`;
    const textBlocks = (count: number) =>
      Array.from({ length: count }, (_, i) => ({ id: `t${i}`, type: 'text', html: paragraph }));
    const big = { global: {}, blocks: textBlocks(10) };
    for (const response of [
      await client.post('/api/templates', body({ design: big })),
      await client.put(`/api/templates/${created.id}`, body({ design: big })),
    ]) {
      expect(response.status).toBe(400);
      expect(response.body.error).toMatch(
        /^This email would be up to \d+ KB as buyers get it .*; Gmail cuts emails over 102 KB/,
      );
    }
    const stored = await client.get(`/api/templates/${created.id}`);
    expect(stored.body.design.blocks.length).toBe(design.blocks.length);

    const fits = await client.put(
      `/api/templates/${created.id}`,
      body({ design: { global: {}, blocks: textBlocks(4) } }),
    );
    expect(fits.status, JSON.stringify(fits.body)).toBe(200);
  });

  test('refuses a token fallback that would make a link or image javascript:, changing nothing', async () => {
    const { client } = await app.seller();
    const created = await create(client);
    const hostile = '[shop-url|javascript:alert(1)]';
    const designs = [
      { global: {}, blocks: [{ id: 'b', type: 'button', url: hostile }] },
      {
        global: {},
        blocks: [{ id: 't', type: 'text', html: `<p><a href="${hostile}">shop</a></p>` }],
      },
      { global: {}, blocks: [{ id: 'i', type: 'image', src: hostile }] },
      {
        global: {},
        blocks: [
          { id: 't', type: 'text', html: '<p><a href="[shop-url|java&#9;script:x]">s</a></p>' },
        ],
      },
    ];
    for (const bad of designs) {
      const created2 = await client.post('/api/templates', body({ design: bad }));
      expect(created2.status).toBe(400);
      expect(created2.body.error).toMatch(
        /^A token used in a link or image address may only fall back to a full web address/,
      );
      const updated = await client.put(`/api/templates/${created.id}`, body({ design: bad }));
      expect(updated.status).toBe(400);
    }
    const inText = await client.put(
      `/api/templates/${created.id}`,
      body({ subject: 'Hi [customer-first-name|vbscript:msgbox(1)]' }),
    );
    expect(inText.status).toBe(400);
    expect(inText.body.error).toMatch(/fallback may not be an address with a scheme other than/);
    const stored = await client.get(`/api/templates/${created.id}`);
    expect(stored.body.design.blocks.length).toBe(design.blocks.length);
    expect(stored.body.subject).toBe('Thank you, [customer-first-name]');
    // A web address is a fine fallback for a link.
    const fine = {
      global: {},
      blocks: [{ id: 'b', type: 'button', url: '[shop-url|https://shop.example]' }],
    };
    expect((await client.put(`/api/templates/${created.id}`, body({ design: fine }))).status).toBe(
      200,
    );
  });

  test('refuses an email that offers something for a review or asks for five stars, changing nothing', async () => {
    const { client } = await app.seller();
    const created = await create(client);
    const offers = [
      {
        global: {},
        blocks: [
          {
            id: 't',
            type: 'text',
            html: '<p>Leave us a review and get <b>10% off</b> your next order!</p>',
          },
        ],
      },
      { global: {}, blocks: [{ id: 'b', type: 'button', text: 'Rate us 5 stars', url: '' }] },
    ];
    for (const offer of offers) {
      const refused = await client.put(`/api/templates/${created.id}`, body({ design: offer }));
      expect(refused.status).toBe(400);
      expect(refused.body.error).toMatch(/Etsy and other marketplaces forbid/);
      expect((await client.post('/api/templates', body({ design: offer }))).status).toBe(400);
    }
    const inSubject = await client.put(
      `/api/templates/${created.id}`,
      body({ subject: 'A free gift for your review, [customer-first-name]' }),
    );
    expect(inSubject.status).toBe(400);
    expect(inSubject.body.error).toContain('("free gift for your review")');
    const stored = await client.get(`/api/templates/${created.id}`);
    expect(stored.body.design.blocks.length).toBe(design.blocks.length);
    expect(stored.body.subject).toBe('Thank you, [customer-first-name]');
    // A coupon of its own and an honest review request, apart, are fine.
    const apart = {
      global: {},
      blocks: [
        { id: 't', type: 'text', html: '<p>Here is 10% off your next order: [coupon-code].</p>' },
        { id: 'u', type: 'text', html: '<p>An honest review helps us a lot.</p>' },
      ],
    };
    expect((await client.put(`/api/templates/${created.id}`, body({ design: apart }))).status).toBe(
      200,
    );
  });

  test('deletes a template', async () => {
    const { client } = await app.seller();
    const created = await create(client);
    // It was the seller's first, so it was the selected one: the reply says the selection went too.
    expect((await client.delete(`/api/templates/${created.id}`)).body).toEqual({
      ok: true,
      selectionCleared: true,
    });
    expect((await client.get(`/api/templates/${created.id}`)).status).toBe(404);
    expect((await client.delete(`/api/templates/${created.id}`)).status).toBe(404);
  });
});

describe('template limits', () => {
  test('Starter keeps one template', async () => {
    const { client } = await app.seller();
    await create(client);
    const second = await client.post('/api/templates', body());
    expect(second.status).toBe(403);
    expect(second.body).toEqual({
      error: 'You have reached your template limit - please upgrade your plan.',
    });
  });

  test('two concurrent creates cannot pass the limit together', async () => {
    const { client } = await app.seller();
    const responses = await Promise.all(
      Array.from({ length: 6 }, () => client.post('/api/templates', body())),
    );
    expect(responses.filter((r) => r.status === 201)).toHaveLength(1);
    expect(responses.filter((r) => r.status === 403)).toHaveLength(5);
    expect((await client.get('/api/templates/')).body.templates).toHaveLength(1);
  });

  test('on Starter, date conditions are ignored and never enabled', async () => {
    const { client } = await app.seller();
    const created = await create(client, {
      sendConditions: { enabled: true, startDate: '2026-12-01', endDate: '2026-12-31' },
    });
    expect(created.sendConditions).toEqual({
      enabled: false,
      startDate: '2026-12-01',
      endDate: '2026-12-31',
    });
  });

  test('after a downgrade, templates are kept, creation is blocked and conditions stop applying', async () => {
    const { client, user } = await sellerOn('growth');
    const plainOne = await create(client, { name: 'Plain' });
    await client.post(`/api/templates/selectors/select/${plainOne.id}`);
    const december = await create(client, {
      name: 'December',
      sendConditions: { enabled: true, startDate: '2026-12-01', endDate: '2026-12-31' },
    });
    expect((await client.get('/api/templates/effective')).body).toEqual({
      templateId: december.id,
      overridden: true,
      date: '2026-12-10',
    });

    await app.ctx.db.update(users).set({ plan: 'free' }).where(eq(users.id, user.id));
    expect((await client.get('/api/templates/')).body.templates).toHaveLength(2);
    expect((await client.post('/api/templates', body())).status).toBe(403);
    expect((await client.get('/api/templates/effective')).body).toEqual({
      templateId: plainOne.id,
      overridden: false,
      date: '2026-12-10',
    });
    const list = (await client.get('/api/templates/')).body.templates;
    expect(list.find((t: { id: string }) => t.id === december.id).activeNow).toBe(false);
  });
});

describe('selection', () => {
  test('the first template saved is selected; later ones are not', async () => {
    const { client } = await sellerOn('free');
    const first = await create(client, { name: 'Only one' });
    expect((await client.get('/api/templates/selectors/selected')).body).toEqual({
      selectedTemplateId: first.id,
    });
    expect((await client.get('/api/templates/effective')).body.templateId).toBe(first.id);

    const { client: growth } = await sellerOn('growth');
    const a = await create(growth, { name: 'A' });
    await create(growth, { name: 'B' });
    expect((await growth.get('/api/templates/selectors/selected')).body).toEqual({
      selectedTemplateId: a.id,
    });
  });

  test('deleting the selected template selects nothing and says so; deleting another does not', async () => {
    const { client } = await sellerOn('growth');
    const a = await create(client, { name: 'A' });
    const b = await create(client, { name: 'B' });
    expect((await client.delete(`/api/templates/${b.id}`)).body).toEqual({
      ok: true,
      selectionCleared: false,
    });
    expect((await client.get('/api/templates/selectors/selected')).body.selectedTemplateId).toBe(
      a.id,
    );
    const c = await create(client, { name: 'C' });
    expect((await client.delete(`/api/templates/${a.id}`)).body).toEqual({
      ok: true,
      selectionCleared: true,
    });
    // The other template stays unselected: nothing goes out until the seller picks one.
    expect((await client.get('/api/templates/selectors/selected')).body).toEqual({
      selectedTemplateId: null,
    });
    expect((await client.get(`/api/templates/${c.id}`)).status).toBe(200);
  });

  test('exactly one template is selected, and deleting it clears the selection', async () => {
    const { client } = await sellerOn('growth');
    expect((await client.get('/api/templates/selectors/selected')).body).toEqual({
      selectedTemplateId: null,
    });
    const a = await create(client, { name: 'A' });
    const b = await create(client, { name: 'B' });
    await client.delete('/api/templates/selectors/selected');
    expect((await client.post(`/api/templates/selectors/select/${a.id}`)).body).toEqual({
      selectedTemplateId: a.id,
    });
    expect((await client.post(`/api/templates/selectors/select/${b.id}`)).body).toEqual({
      selectedTemplateId: b.id,
    });
    expect((await client.get('/api/templates/selectors/selected')).body).toEqual({
      selectedTemplateId: b.id,
    });

    await client.delete(`/api/templates/${b.id}`);
    expect((await client.get('/api/templates/selectors/selected')).body).toEqual({
      selectedTemplateId: null,
    });

    await client.post(`/api/templates/selectors/select/${a.id}`);
    expect((await client.delete('/api/templates/selectors/selected')).status).toBe(200);
    expect((await client.get('/api/templates/selectors/selected')).body).toEqual({
      selectedTemplateId: null,
    });
  });
});

// Dated templates follow the seller's own calendar (time-zone.api.test.ts): here a seller in Athens,
// whose daylight-saving changes the ranges must follow.
describe("the template in effect today, by the seller's calendar in Athens", () => {
  let client: TestClient;
  let ids: Record<string, string>;

  beforeAll(async () => {
    ({ client } = await sellerOn('business', 'Europe/Athens'));
    const selected = await create(client, { name: 'Selected' });
    await client.post(`/api/templates/selectors/select/${selected.id}`);
    const spring = await create(client, {
      name: 'Spring sale',
      sendConditions: { enabled: true, startDate: '2026-03-29', endDate: '2026-04-05' },
    });
    const autumn = await create(client, {
      name: 'Autumn',
      sendConditions: { enabled: true, startDate: '2026-10-20', endDate: '2026-10-25' },
    });
    const late = await create(client, {
      name: 'Late October',
      sendConditions: { enabled: true, startDate: '2026-10-25', endDate: '2026-10-31' },
    });
    ids = { selected: selected.id, spring: spring.id, autumn: autumn.id, late: late.id };
  });

  const effectiveAt = async (instant: string) => {
    now = new Date(instant);
    return (await client.get('/api/templates/effective')).body;
  };

  test('the range starts at Athens midnight, not UTC midnight', async () => {
    // 29 March 2026 is the spring-forward day: Athens midnight is 22:00 UTC the evening before.
    expect(await effectiveAt('2026-03-28T21:59:59Z')).toEqual({
      templateId: ids.selected,
      overridden: false,
      date: '2026-03-28',
    });
    expect(await effectiveAt('2026-03-28T22:00:00Z')).toEqual({
      templateId: ids.spring,
      overridden: true,
      date: '2026-03-29',
    });
  });

  test('the range ends at Athens midnight after its last day, in summer time', async () => {
    // 5 April ends at 21:00 UTC (Athens is UTC+3 by then).
    expect((await effectiveAt('2026-04-05T20:59:59Z')).templateId).toBe(ids.spring);
    expect((await effectiveAt('2026-04-05T21:00:00Z')).templateId).toBe(ids.selected);
  });

  test('on the fall-back day the later start wins all 25 hours', async () => {
    // 25 October 2026: clocks go back; the Athens day runs 21:00 UTC (24th) to 22:00 UTC (25th).
    expect((await effectiveAt('2026-10-24T20:59:59Z')).templateId).toBe(ids.autumn);
    expect((await effectiveAt('2026-10-24T21:00:00Z')).templateId).toBe(ids.late);
    expect((await effectiveAt('2026-10-25T21:59:59Z')).templateId).toBe(ids.late);
    expect(await effectiveAt('2026-10-25T22:00:00Z')).toEqual({
      templateId: ids.late,
      overridden: true,
      date: '2026-10-26',
    });
    const list = (await client.get('/api/templates/')).body.templates;
    expect(
      list.filter((t: { activeNow: boolean }) => t.activeNow).map((t: { id: string }) => t.id),
    ).toEqual([ids.late]);
  });
});

describe('test email', () => {
  test('sends the stored design with sample values to the seller', async () => {
    const { client, email } = await app.seller();
    const created = await create(client);
    const response = await client.post(`/api/emails/test/${created.id}`);
    expect(response.body).toMatchObject({ ok: true, sentTo: email });
    const mail = await app.mail.waitFor((m) => m.to === email && m.subject.startsWith('[Test]'));
    expect(mail.subject).toMatch(/^\[Test\] Thank you, /);
    expect(mail.subject).not.toContain('[customer-first-name]');
    expect(mail.html).not.toContain('[customer-first-name]');
    expect(mail.text.length).toBeGreaterThan(20);
  });

  test('is composed like a buyer’s email: footer, unsubscribe headers, From the shop, the seller’s own values, marked as a test', async () => {
    const { client, email, user } = await app.seller();
    await client.put('/api/sending/settings', { couponCode: 'MYCODE15' });
    const shop = await connectDemoShop(app, client);
    await app.ctx.db
      .update(shops)
      .set({ name: 'PayPal Support <service@paypal.com>' })
      .where(eq(shops.id, shop.id));
    const created = await create(client, {
      design: {
        global: {},
        blocks: [{ id: 't', type: 'text', html: '<p>Code [coupon-code] from [shop-name]</p>' }],
      },
    });
    expect((await client.post(`/api/emails/test/${created.id}`)).status).toBe(200);
    const mail = await app.mail.waitFor((m) => m.to === email && m.subject.startsWith('[Test]'));
    expect(mail.subject).toMatch(/^\[Test\] /);
    expect(mail.from).toMatch(/^"?PayPal Support"? <hello@thankly\.local>$/);
    expect(mail.replyTo).toBe(email);
    expect(mail.html).toContain('MYCODE15');
    expect(mail.html).toContain('You received this email because you ordered from');
    expect(mail.text).toContain('Unsubscribe: ');
    // The unsubscribe link is harmless: it is no signed token, so it changes nothing.
    const list = mail.rawHeaders.get('list-unsubscribe');
    expect(list).toMatch(/^<http:\/\/127\.0\.0\.1:\d+\/api\/unsubscribe\/test-email>,\s+<mailto:/);
    expect(mail.rawHeaders.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(mail.rawHeaders.get('auto-submitted')).toBe('auto-generated');
    expect(mail.rawHeaders.get('x-auto-response-suppress')).toBe('OOF, AutoReply');
    expect(mail.rawHeaders.get('feedback-id')).toBe(`test:${shop.id}:${user.id}:thankly`);
    const oneClick = await app
      .client()
      .request(
        'POST',
        new URL(/^<([^>]+)>/.exec(list!)![1]!).pathname,
        'List-Unsubscribe=One-Click',
        {
          'content-type': 'application/x-www-form-urlencoded',
        },
      );
    expect(oneClick.status).toBe(404);
  });

  test('a seller without a shop gets the samples in the test email', async () => {
    const { client, email } = await app.seller();
    const created = await create(client);
    expect((await client.post(`/api/emails/test/${created.id}`)).status).toBe(200);
    const mail = await app.mail.waitFor((m) => m.to === email && m.subject.startsWith('[Test]'));
    expect(mail.from).toMatch(/^"?Juniper & Clay"? <hello@thankly\.local>$/);
    expect(mail.html).toContain(
      'You received this email because you ordered from Juniper &amp; Clay',
    );
  });

  test('records every test email sent for the operator’s abuse guard', async () => {
    const { client, user } = await app.seller();
    const created = await create(client);
    for (let i = 0; i < 2; i++)
      expect((await client.post(`/api/emails/test/${created.id}`)).status).toBe(200);
    const events = await app.ctx.db
      .select()
      .from(abuseEvents)
      .where(eq(abuseEvents.userId, user.id));
    expect(events.map((e) => e.kind)).toEqual(['test_email', 'test_email']);
  });

  test('is refused with 403 until the seller’s address is verified; editing still works', async () => {
    const { client, email, user } = await app.seller({ verified: false });
    const created = await create(client);
    expect(
      (await client.put(`/api/templates/${created.id}`, body({ name: 'Edited' }))).status,
    ).toBe(200);
    const refused = await client.post(`/api/emails/test/${created.id}`);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatch(/^Confirm your email address before sending test emails/);
    expect(refused.body.error).toContain(email);
    await app.idle();
    expect(
      app.mail.messages.filter((m) => m.to === email && m.subject.startsWith('[Test]')),
    ).toEqual([]);
    expect(
      await app.ctx.db.select().from(abuseEvents).where(eq(abuseEvents.userId, user.id)),
    ).toEqual([]);

    await app.ctx.db.update(users).set({ emailVerifiedAt: now }).where(eq(users.id, user.id));
    expect((await client.post(`/api/emails/test/${created.id}`)).status).toBe(200);
  });

  test('is refused with 403 while an operator has suspended the account’s sending', async () => {
    const { client, user } = await app.seller();
    const created = await create(client);
    await app.ctx.db
      .update(users)
      .set({ sendingSuspendedAt: now, sendingSuspendedReason: 'phishing reports' })
      .where(eq(users.id, user.id));
    const refused = await client.post(`/api/emails/test/${created.id}`);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe(
      'Sending from this account is suspended: phishing reports. Please contact support.',
    );
  });

  test('reports a relay failure with the spec’s message', async () => {
    const { client } = await app.seller();
    const created = await create(client);
    const mailer = app.ctx.mailer;
    app.ctx.mailer = { ...mailer, send: () => Promise.reject(new Error('relay down')) };
    try {
      const response = await client.post(`/api/emails/test/${created.id}`);
      expect(response.status).toBe(502);
      expect(response.body).toEqual({ error: 'Failed to send test email' });
    } finally {
      app.ctx.mailer = mailer;
    }
  });

  test('is rate limited per seller', async () => {
    const { client } = await app.seller();
    const created = await create(client);
    const statuses = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await client.post(`/api/emails/test/${created.id}`)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

describe('test email of the editor’s unsaved design', () => {
  const draft = (html: string) =>
    body({ design: { global: {}, blocks: [{ id: 't', type: 'text', html }] } });

  test('sends the posted design, sanitised as a save would store it, to the seller only', async () => {
    const { client, email } = await app.seller();
    const response = await client.post(
      '/api/emails/test',
      draft('<p onclick="steal()">Not saved yet<script>alert(1)</script></p>'),
    );
    expect(response.body).toMatchObject({ ok: true, sentTo: email });
    const mail = await app.mail.waitFor((m) => m.to === email && m.subject.startsWith('[Test]'));
    expect(mail.html).toContain('Not saved yet');
    expect(mail.html).not.toContain('alert(1)');
    expect(mail.html).not.toContain('steal()');
    expect(mail.subject).not.toContain('[customer-first-name]');
  });

  test('is checked by the save’s schema: a design that could not be saved is not sent', async () => {
    const { client, email } = await app.seller();
    const unnamed = await client.post('/api/emails/test', body({ name: '  ' }));
    expect(unnamed.status).toBe(400);
    expect(unnamed.body.error).toBe('Please enter a template name.');
    const broken = await client.post('/api/emails/test', body({ design: { blocks: 'x' } }));
    expect(broken.status).toBe(400);
    await app.idle();
    // No test email; the address's confirmation may race app.seller()'s marking it confirmed.
    const tests = app.mail.messages.filter((m) => m.to === email && m.subject.startsWith('[Test]'));
    expect(tests).toEqual([]);
  });

  test('shares the saved test’s rate limit and its checks', async () => {
    const { client } = await app.seller();
    const created = await create(client);
    const statuses = [
      (await client.post(`/api/emails/test/${created.id}`)).status,
      (await client.post('/api/emails/test', draft('<p>one</p>'))).status,
      (await client.post('/api/emails/test', draft('<p>two</p>'))).status,
      (await client.post('/api/emails/test', draft('<p>three</p>'))).status,
    ];
    expect(statuses).toEqual([200, 200, 200, 429]);
    const unverified = await app.seller({ verified: false });
    expect((await unverified.client.post('/api/emails/test', draft('<p>x</p>'))).status).toBe(403);
    expect((await app.client().post('/api/emails/test', draft('<p>x</p>'))).status).toBe(401);
  });
});

describe('isolation', () => {
  test('another seller’s template is a 404 for every call', async () => {
    const owner = await app.seller();
    const template = await create(owner.client);
    await owner.client.post(`/api/templates/selectors/select/${template.id}`);
    const intruder = await app.seller();
    const calls: Array<[string, string, unknown?]> = [
      ['GET', `/api/templates/${template.id}`],
      ['PUT', `/api/templates/${template.id}`, body({ name: 'Mine now' })],
      ['DELETE', `/api/templates/${template.id}`],
      ['POST', `/api/templates/selectors/select/${template.id}`, {}],
      ['POST', `/api/emails/test/${template.id}`, {}],
    ];
    for (const [method, path, payload] of calls) {
      const response = await intruder.client.request(method, path, payload);
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(JSON.stringify(response.body)).not.toContain('Thanks!');
    }
    expect((await intruder.client.get('/api/templates/')).body.templates).toEqual([]);
    expect((await owner.client.get(`/api/templates/${template.id}`)).body.name).toBe('Thanks!');
    expect(
      (await owner.client.get('/api/templates/selectors/selected')).body.selectedTemplateId,
    ).toBe(template.id);
  });

  test('malformed ids are a 404, never a 500', async () => {
    const { client } = await app.seller();
    const ids = ['123', 'not-a-uuid', "1' OR '1'='1", '%00'];
    for (const id of ids) {
      expect((await client.get(`/api/templates/${encodeURIComponent(id)}`)).status).toBe(404);
      expect((await client.put(`/api/templates/${encodeURIComponent(id)}`, body())).status).toBe(
        404,
      );
    }
    // Three: the test-email rate limit of this suite.
    for (const id of ids.slice(0, 3)) {
      expect((await client.post(`/api/emails/test/${encodeURIComponent(id)}`)).status).toBe(404);
    }
  });

  test('every template call needs a session', async () => {
    const anonymous = app.client();
    expect((await anonymous.get('/api/templates/')).status).toBe(401);
    expect((await anonymous.post('/api/templates', body())).status).toBe(401);
    expect((await anonymous.get('/api/templates/effective')).status).toBe(401);
  });
});
