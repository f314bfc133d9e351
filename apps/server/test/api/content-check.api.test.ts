import { execFileSync } from 'node:child_process';
import type { ContentCheckReport } from '@thankly/api-contract';
import {
  type BlockInput,
  type BrandKit,
  CONTENT_CHECK_RULES,
  EMPTY_BRAND,
  createDefaultTemplate,
  starterDesigns,
} from '@thankly/email';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
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
      /^This email is \d+ KB: Gmail cuts emails over 102 KB and hides the rest/,
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
