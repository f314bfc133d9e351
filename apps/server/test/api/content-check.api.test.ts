import { execFileSync } from 'node:child_process';
import type { ContentCheckReport } from '@thankly/api-contract';
import {
  type BlockInput,
  type BrandKit,
  CONTENT_CHECK_RULES,
  EMPTY_BRAND,
  createDefaultTemplate,
  designSchema,
  sanitizeDesign,
  starterDesigns,
} from '@thankly/email';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { templates, users } from '../../src/infrastructure/db/schema.ts';
import {
  connectDemoShop,
  selectDefaultTemplate,
  settled,
  waitForActivity,
} from '../support/sending-helpers.ts';
import type { ReceivedMail } from '../support/smtp-sink.ts';
import { type TestApp, type TestClient, startTestApp } from '../support/test-app.ts';

const CHECK = '/api/templates/deliverability-check';
const RATE_LIMIT = 12;

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({
    rateLimits: { contentCheckPerUser: { max: RATE_LIMIT, windowMs: 60_000 } },
  });
});
afterAll(() => app?.close());

/** Whether the spamassassin command runs here; CI must have it (.ci/run installs it). */
function spamAssassinInstalled(): boolean {
  try {
    execFileSync('spamassassin', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
const runSpamAssassin = spamAssassinInstalled() || process.env.CI === 'true';
if (!runSpamAssassin) {
  console.warn('SpamAssassin scores skipped: apt-get install -y spamassassin to run them');
}

const defaultTemplate = createDefaultTemplate();

async function check(client: TestClient, body: Record<string, unknown>) {
  return client.post<ContentCheckReport>(CHECK, { language: 'en', preheader: '', ...body });
}

const levels = (report: ContentCheckReport) =>
  Object.fromEntries(report.findings.map((f) => [f.rule, f.level]));
const message = (report: ContentCheckReport, rule: string) =>
  report.findings.find((f) => f.rule === rule)?.message;

describe('the deliverability check', () => {
  test('a clean design passes every rule', async () => {
    const { client } = await app.seller();
    const response = await check(client, {
      design: defaultTemplate.design,
      subject: defaultTemplate.subject,
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const report = response.body;
    expect(report.findings.map((f) => f.rule)).toEqual([...CONTENT_CHECK_RULES]);
    expect(levels(report)).toEqual({
      size: 'pass',
      'alt-text': 'pass',
      'image-ratio': 'pass',
      shortener: 'pass',
      'plain-text': 'pass',
      'spam-score': runSpamAssassin ? 'pass' : 'skipped',
    });
    expect(report.htmlBytes).toBeGreaterThan(3_000);
    expect(report.htmlBytes).toBeLessThan(30 * 1024);
    if (runSpamAssassin) expect(report.spamScore).toBeLessThan(2);
  });

  test('an image without a description, shortened links and a huge email fail their rules', async () => {
    const { client } = await app.seller();
    // Six blocks of nearly the most rich text one holds: about 120 KB of HTML.
    const longText: BlockInput[] = Array.from({ length: 6 }, (_, index) => ({
      id: `long-${index}`,
      type: 'text',
      content: '',
      html: `<p>${'Thank you for your order from our little studio. '.repeat(390)}</p>`,
    }));
    const response = await check(client, {
      subject: 'Thank you for your order',
      design: {
        blocks: [
          { id: 'photo', type: 'image', src: 'https://cdn.shop.test/img/mug.jpg', alt: '' },
          {
            id: 'story',
            type: 'text',
            content: '',
            html: '<p>Read <a href="https://bit.ly/3mugs">the story of your mug</a>.</p>',
          },
          {
            id: 'again',
            type: 'button',
            text: 'Shop again',
            url: 'https://tinyurl.com/shop-again',
          },
          ...longText,
        ],
      },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const report = response.body;
    expect(report.htmlBytes).toBeGreaterThan(102 * 1024);
    expect(levels(report)).toMatchObject({
      size: 'fail',
      'alt-text': 'warn',
      'image-ratio': 'pass',
      shortener: 'fail',
      'plain-text': 'pass',
    });
    expect(message(report, 'size')).toMatch(
      /^This email would be up to \d+ KB as buyers get it .*; Gmail cuts emails over 102 KB and hides the rest/,
    );
    expect(message(report, 'alt-text')).toBe(
      "1 image has no description (mug.jpg): add alt text in the image's settings so buyers whose mail app hides pictures, and spam filters, know what it shows.",
    );
    expect(message(report, 'shortener')).toBe(
      '2 links go through a URL shortener (https://bit.ly/3mugs, https://tinyurl.com/shop-again), which spam filters block: link to the full address instead.',
    );
  });

  test('checks the design as it would be saved: script in rich text is dropped, not run or echoed', async () => {
    const { client } = await app.seller();
    const response = await check(client, {
      subject: '<script>alert(1)</script>',
      design: {
        blocks: [
          {
            id: 't',
            type: 'text',
            content: '',
            html: '<p>Thanks!<script>fetch("https://evil.example")</script><img src=x onerror="alert(1)"></p>',
          },
        ],
      },
    });
    expect(response.status).toBe(200);
    expect(JSON.stringify(response.body)).not.toMatch(/<script|onerror|evil\.example/);
  });

  test('refuses what is not a design with a 400, and an oversized body before reading it', async () => {
    const { client } = await app.seller();
    const bodies: unknown[] = [
      { design: 'not a design' },
      { design: { blocks: [{ id: 'x', type: 'marquee' }] } },
      { design: { blocks: 'many' } },
      { design: defaultTemplate.design, subject: 'x'.repeat(301) },
      { design: defaultTemplate.design, language: 'klingon' },
      { design: JSON.parse('['.repeat(200) + ']'.repeat(200)) },
    ];
    for (const body of bodies) {
      const response = await client.post(CHECK, body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.body.error).toEqual(expect.any(String));
    }
    const huge = await client.post(CHECK, {
      design: { blocks: [{ id: 't', type: 'text', content: 'x'.repeat(2 * 1024 * 1024) }] },
    });
    expect(huge.status).toBe(413);
  });

  test('needs a session', async () => {
    const response = await app.client().post(CHECK, { design: defaultTemplate.design });
    expect(response.status).toBe(401);
  });

  test(`is limited to ${RATE_LIMIT} checks a window per seller`, async () => {
    const { client } = await app.seller();
    for (let i = 0; i < RATE_LIMIT; i += 1) {
      expect((await client.post(CHECK, { design: 'nope' })).status).toBe(400);
    }
    const limited = await client.post(CHECK, { design: defaultTemplate.design });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    // Another seller is not held up by it.
    const other = await app.seller();
    expect((await other.client.post(CHECK, { design: 'nope' })).status).toBe(400);
  });
});

describe('the size an email is sent at', () => {
  /**
   * `count` links tagged for analytics (as a shop's links often are), 30 to a text block after
   * `words` short sentences: click tracking makes each link about twice as long.
   */
  function taggedLinks(count: number, words: number) {
    const blocks: BlockInput[] = [];
    for (let start = 0; start < count; start += 30) {
      const links = Array.from({ length: Math.min(30, count - start) }, (_, i) => {
        const n = start + i;
        return `<a href="https://studio-shop.example/products/hand-thrown-mug-${n}?utm_source=thankly&amp;utm_medium=email&amp;utm_campaign=thank-you-2026&amp;utm_content=link-${n}">Mug ${n}</a>`;
      });
      blocks.push({
        id: `links-${start}`,
        type: 'text',
        content: '',
        html: `<p>${'Our studio thanks you. '.repeat(words)}${links.join(' · ')}</p>`,
      });
    }
    return { global: {}, blocks };
  }

  const template = (design: unknown) => ({
    name: 'Links',
    subject: 'Thank you',
    preheader: '',
    language: 'en',
    design,
  });
  const kilobytes = (bytes: number) => `${Math.ceil(bytes / 1024)} KB`;

  /** Where the first link to `url` starts in an email's HTML part, in bytes. */
  function linkOffset(html: string, url: string): number {
    const at = html.indexOf(`href="${url.replaceAll('&', '&amp;')}"`);
    expect(at, `no link to ${url}`).toBeGreaterThan(-1);
    return Buffer.byteLength(html.slice(0, at));
  }
  const unsubscribeLink = (mail: ReceivedMail) =>
    /<(https?:[^>]+)>/.exec(mail.rawHeaders.get('list-unsubscribe')!)![1]!;

  async function trackingSeller() {
    const seller = await app.seller();
    await app.ctx.db.update(users).set({ plan: 'business' }).where(eq(users.id, seller.user.id));
    const tracked = await seller.client.put('/api/insights/settings', { trackingEnabled: true });
    expect(tracked.status).toBe(200);
    return seller;
  }

  async function thankYouWith(seller: Awaited<ReturnType<typeof trackingSeller>>, count: number) {
    const shop = await connectDemoShop(app, seller.client);
    const before = app.mail.messages.length;
    await seller.client.post(`/api/shops/${shop.id}/demo-order`);
    await waitForActivity(seller.client, settled(count));
    return app.mail.waitFor(
      (mail) =>
        app.mail.messages.indexOf(mail) >= before &&
        mail.to.includes(seller.email) &&
        mail.rawHeaders.has('list-unsubscribe'),
    );
  }

  test('180 tagged links: measured with click tracking, refused at save in the same words and size as the check', async () => {
    const seller = await trackingSeller();
    const design = taggedLinks(180, 150);
    const report = (await check(seller.client, { subject: 'Thank you', design })).body;
    // Over the limit only once every link is tracked: the design itself is about 73 KB.
    expect(report.htmlBytes).toBeGreaterThan(90 * 1024);
    expect(levels(report).size).toBe('fail');
    const sizeMessage = message(report, 'size')!;
    expect(sizeMessage).toContain(`up to ${kilobytes(report.htmlBytes)} as buyers get it`);

    for (const saved of [
      await seller.client.post('/api/templates', template(design)),
      await seller.client.put(
        `/api/templates/${(await selectDefaultTemplate(seller.client)).id}`,
        template(design),
      ),
    ]) {
      expect(saved.status).toBe(400);
      expect(saved.body.error).toBe(sizeMessage);
    }
  });

  test('the size reported is the sent email’s, and its unsubscribe link is inside the first 90 KB', async () => {
    const seller = await trackingSeller();
    const design = taggedLinks(180, 100);
    const report = (await check(seller.client, { subject: 'Thank you', design })).body;
    expect(levels(report).size).toBe('warn');
    expect(message(report, 'size')).toContain(`up to ${kilobytes(report.htmlBytes)} as buyers`);
    const saved = await seller.client.post('/api/templates', template(design));
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    await seller.client.post(`/api/templates/selectors/select/${saved.body.id}`);

    const mail = await thankYouWith(seller, 1);
    expect(mail.html).toContain('/api/t/c/');
    const sent = Buffer.byteLength(mail.html);
    // Measured for the longest order (shop name, address, buyer's address): never under the
    // real email, and over it only by what those take beyond this demo order's.
    expect(sent).toBeLessThanOrEqual(report.htmlBytes);
    expect(report.htmlBytes - sent).toBeLessThan(1024);
    expect(linkOffset(mail.html, unsubscribeLink(mail))).toBeLessThan(90 * 1024);
  });

  test('a template too big for the limit (saved before it) still sends its way out within 90 KB', async () => {
    const seller = await trackingSeller();
    const { id } = await selectDefaultTemplate(seller.client);
    // As if saved before sizes were measured with tracking: straight into the table.
    await app.ctx.db
      .update(templates)
      .set({
        design: sanitizeDesign(designSchema.parse(taggedLinks(180, 150))),
        updatedAt: new Date(),
      })
      .where(eq(templates.id, id));

    const mail = await thankYouWith(seller, 1);
    expect(Buffer.byteLength(mail.html)).toBeGreaterThan(90 * 1024);
    const link = unsubscribeLink(mail);
    expect(linkOffset(mail.html, link)).toBeLessThan(90 * 1024);
    // The footer keeps its link too, and both are the buyer's own, working link.
    expect(mail.html.split(`href="${link}"`)).toHaveLength(3);
    const page = await app.client().get(new URL(link).pathname);
    expect(page.status).toBe(200);
  });
});

// A score depends on the message alone, never on the database engine: scored once, on the
// embedded engine's run of this file (each score takes SpamAssassin about a second of CPU).
const scoresHere = runSpamAssassin && process.env.TEST_ENGINE !== 'postgres';

describe.skipIf(!scoresHere)('SpamAssassin (apt-get install -y spamassassin)', () => {
  const brands: Array<[string, BrandKit]> = [
    ['no brand', EMPTY_BRAND],
    [
      'a brand with a logo',
      {
        ...EMPTY_BRAND,
        logoUrl: 'https://cdn.shop.test/brand/logo.png',
        primaryColor: '#7a5230',
        signOff: 'With love from the studio',
      },
    ],
  ];
  const emails = [
    { ...defaultTemplate, name: 'the default template' },
    ...brands.flatMap(([brandName, brand]) =>
      starterDesigns(brand).map((starter) => ({
        ...starter,
        name: `${starter.name} (${brandName})`,
      })),
    ),
  ];

  test.each(emails)('$name scores under 2.0', async ({ design, subject }) => {
    const { client } = await app.seller();
    const response = await check(client, { design, subject });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.spamScore, message(response.body, 'spam-score')).not.toBeNull();
    expect(response.body.spamScore).toBeLessThan(2);
  });
});
