// Real-browser checks in Debian's Chromium: at 375, 600 and 700px, with its <style> and without it
// (as clients that strip it show it), the email has no horizontal scrolling and its columns stack
// on the phone and sit side by side otherwise; dark mode changes nothing; paragraph spacing is set
// inline; and the package bundled for the browser (as the editor uses it) renders and sanitises
// byte-for-byte like Node.
import { mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  createDefaultTemplate,
  fillTokens,
  renderEmail,
  sampleTokenValues,
  sanitizeRichText,
  starterDesigns,
  type BrandKit,
  type DesignInput,
} from '../src/index.ts';
import type * as EmailPackage from '../src/index.ts';
import { columnsHeavyDesign } from '../src/testing/fixtures.ts';

// The package compiles without DOM types (it must never touch the DOM); the browser globals used
// inside page.evaluate callbacks, which run in Chromium, are declared here for this file only.
interface BrowserElement {
  tagName: string;
  children: Iterable<BrowserElement>;
  parentElement: BrowserElement | null;
  getBoundingClientRect(): {
    left: number;
    top: number;
    right: number;
    bottom: number;
    width: number;
  };
  getAttribute(name: string): string | null;
  querySelector(selector: string): BrowserElement | null;
  querySelectorAll(selector: string): Iterable<BrowserElement>;
}
interface BrowserTextNode {
  textContent: string | null;
}
declare const document: BrowserElement & {
  documentElement: { scrollWidth: number };
  querySelector(selector: string): BrowserElement | null;
  body: BrowserElement;
  createTreeWalker(root: BrowserElement, show: number): { nextNode(): BrowserTextNode | null };
  createRange(): {
    setStart(node: BrowserTextNode, offset: number): void;
    setEnd(node: BrowserTextNode, offset: number): void;
    getClientRects(): Iterable<{ top: number }>;
  };
};
declare const window: { innerWidth: number };
declare function getComputedStyle(element: BrowserElement | typeof document.documentElement): {
  color: string;
  backgroundColor: string;
};

// The browser and its launch flags, found by the project's global setup
// (e2e/support/require-chromium.ts), which stops the run with one line saying how to get a browser
// when there is none.
declare module 'vitest' {
  export interface ProvidedContext {
    chromium: { path: string; args: string[] };
  }
}
const { path: CHROMIUM, args: CHROMIUM_ARGS } = inject('chromium');
const TIMEOUT = 60_000;

/** Long unbroken words and oversized media: the things that usually widen a phone screen. */
const stressDesign: DesignInput = {
  blocks: [
    {
      id: 'url',
      type: 'text',
      content: `Track it at https://tracking.example.test/${'x'.repeat(120)}`,
    },
    { id: 'btn', type: 'button', text: `CODE-${'Z'.repeat(60)}`, size: 'lg' },
    { id: 'img', type: 'image', src: 'https://cdn.test/huge.png', width: 900, alt: 'Huge' },
    {
      id: 'cols',
      type: 'columns',
      columns: [25, 25, 25, 25].map((widthPct, i) => ({
        id: `c${i}`,
        widthPct,
        items: [
          {
            id: `c${i}-img`,
            type: 'image' as const,
            src: 'https://cdn.test/p.png',
            width: 'full' as const,
          },
          { id: `c${i}-btn`, type: 'button' as const, text: 'Buy again', width: 'full' as const },
        ],
      })),
    },
    { id: 'narrow', type: 'text', widthPct: 5, content: 'Narrow' },
  ],
};

/** A sample brand: its logo is served to the page from a fixture (the email itself links it). */
const SAMPLE_LOGO_URL = 'https://cdn.shop.test/media/juniper-logo.png';
const SAMPLE_LOGO_PNG = readFileSync(new URL('./fixtures/logo.png', import.meta.url));
const sampleBrand: BrandKit = {
  logoUrl: SAMPLE_LOGO_URL,
  primaryColor: '#0f766e',
  backgroundColor: '#f3efe7',
  textColor: '#1e293b',
  fontFamily: null,
  signOff: 'Warmly,\nAnna at [shop-name]',
};
const brandedStarters = starterDesigns(sampleBrand);

/** Screenshots of the starter designs: kept by CI as artifacts, never committed. */
const ARTIFACTS_DIR = fileURLToPath(new URL('../../../e2e/artifacts/', import.meta.url));

let browser: Browser;

beforeAll(async () => {
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}, TIMEOUT);

afterAll(async () => {
  await browser?.close();
});

/**
 * One page per colour scheme for the whole file, each email loaded into it in turn: a new page (a
 * new browser context) per email cost most of this file's time. Tests run one after another here.
 */
const emailPages = new Map<'light' | 'dark', Page>();

async function openEmail(
  html: string,
  width: number,
  colorScheme: 'light' | 'dark' = 'light',
): Promise<Page> {
  let page = emailPages.get(colorScheme);
  if (!page) {
    page = await browser.newPage({ viewport: { width, height: 900 }, colorScheme });
    // No network here: fonts and images fail fast instead of hanging the page; the sample logo is
    // served from its fixture.
    await page.route('**/*', (route) =>
      route.request().url() === SAMPLE_LOGO_URL
        ? route.fulfill({ status: 200, contentType: 'image/png', body: SAMPLE_LOGO_PNG })
        : route.abort(),
    );
    emailPages.set(colorScheme, page);
  } else {
    await page.setViewportSize({ width, height: 900 });
  }
  await page.setContent(html, { waitUntil: 'load' });
  return page;
}

interface ColumnBox {
  left: number;
  top: number;
  width: number;
  bottom: number;
}

/** For every columns block: its row width and the box of each column. */
function measureColumns(page: Page) {
  return page.evaluate(() =>
    [
      ...new Set([...document.querySelectorAll('.t-col')].map((column) => column.parentElement!)),
    ].map((row) => ({
      rowWidth: row.getBoundingClientRect().width,
      columns: [...row.querySelectorAll(':scope > .t-col')].map((column) => {
        const box = column.getBoundingClientRect();
        return { left: box.left, top: box.top, width: box.width, bottom: box.bottom };
      }),
    })),
  );
}

function measureOverflow(page: Page) {
  return page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    offenders: [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5)
      .map(
        (element) =>
          `<${element.tagName.toLowerCase()} style="${element.getAttribute('style') ?? ''}">`,
      ),
  }));
}

/** Rich text as the editor saves it: paragraphs, a list and links with and without a colour. */
const richTextDesign: DesignInput = {
  global: { textColor: '#1f2937' },
  blocks: [
    {
      id: 'words',
      type: 'text',
      padding: { top: 16, right: 16, bottom: 16, left: 16 },
      html:
        '<p>Thanks for your order! Track it on <a href="https://shop.test/track" target="_blank">our site</a>.</p>' +
        '<p>Questions? <a href="mailto:hi@shop.test" style="color:#b91c1c">Write to us</a>.</p>' +
        '<ul><li>Free returns</li></ul><p>See you soon.</p>',
    },
    { id: 'sign', type: 'text', html: '<p>With gratitude,</p><p>Clay &amp; Co</p>' },
    {
      id: 'cols',
      type: 'columns',
      columns: [
        { id: 'c1', widthPct: 50, items: [{ id: 'c1t', type: 'text', content: 'Left' }] },
        { id: 'c2', widthPct: 50, items: [{ id: 'c2t', type: 'text', content: 'Right' }] },
      ],
    },
  ],
};

const designs: Record<string, DesignInput> = {
  'default template': createDefaultTemplate().design,
  'columns-heavy design': columnsHeavyDesign,
  'stress design': stressDesign,
  'rich-text design': richTextDesign,
  ...Object.fromEntries(
    brandedStarters.map((starter) => [
      `starter design "${starter.id}" with a brand`,
      starter.design,
    ]),
  ),
};

/** What a client that strips <style> leaves: inline styles only. */
function withoutStyleElements(html: string): string {
  return html.replace(/<style>[\s\S]*?<\/style>/g, '');
}

describe.each(Object.entries(designs))('%s in Chromium', (_name, design) => {
  const { html } = renderEmail(design, { preheader: 'Thanks for your order' });
  const variants = [
    ['with its <style>', html],
    ['without <style>', withoutStyleElements(html)],
  ] as const;

  it('really has a <style> element to strip', () => {
    expect(html).toContain('<style>');
    expect(withoutStyleElements(html)).not.toContain('<style>');
  });

  describe.each(variants)('%s', (_variant, variantHtml) => {
    it(
      'fits 375px without horizontal overflow, columns stacked full width',
      async () => {
        const page = await openEmail(variantHtml, 375);
        const overflow = await measureOverflow(page);
        expect(overflow.offenders).toEqual([]);
        expect(overflow.scrollWidth).toBeLessThanOrEqual(375);
        for (const { rowWidth, columns } of await measureColumns(page)) {
          columns.forEach((column: ColumnBox, index: number) => {
            expect(column.width).toBeCloseTo(rowWidth, 0);
            const previous = columns[index - 1];
            if (previous) expect(column.top).toBeGreaterThanOrEqual(previous.bottom - 0.5);
          });
        }
        const canvas = await page.evaluate(() =>
          document.querySelector('div[style*="max-width:600px"]')!.getBoundingClientRect(),
        );
        expect(canvas.width).toBe(375 - 2 * 10);
      },
      TIMEOUT,
    );

    it.each([600, 700])(
      'at %ipx shows columns side by side, filling their row, on one line',
      async (width) => {
        const page = await openEmail(variantHtml, width);
        expect((await measureOverflow(page)).offenders).toEqual([]);
        for (const { rowWidth, columns } of await measureColumns(page)) {
          const total = columns.reduce((sum: number, column: ColumnBox) => sum + column.width, 0);
          expect(total).toBeLessThanOrEqual(rowWidth + 0.5);
          expect(total).toBeGreaterThanOrEqual(rowWidth - 1);
          columns.forEach((column: ColumnBox, index: number) => {
            expect(column.top).toBeCloseTo(columns[0]!.top, 0);
            const previous = columns[index - 1];
            if (previous)
              expect(column.left).toBeGreaterThanOrEqual(previous.left + previous.width - 0.5);
          });
        }
        const canvas = await page.evaluate(() =>
          document.querySelector('div[style*="max-width:600px"]')!.getBoundingClientRect(),
        );
        expect(canvas.width).toBe(Math.min(600, width - 2 * 10));
      },
      TIMEOUT,
    );
  });

  it(
    'looks the same to a reader in dark mode as in light mode, links readable in both',
    async () => {
      const looks: Record<string, unknown> = {};
      for (const colorScheme of ['light', 'dark'] as const) {
        const page = await openEmail(html, 600, colorScheme);
        looks[colorScheme] = await page.evaluate(() => {
          const parse = (css: string) => (css.match(/[\d.]+/g) ?? []).map(Number);
          const luminance = (css: string) => {
            const [r = 0, g = 0, b = 0] = parse(css).map((channel) => {
              const c = channel / 255;
              return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
            });
            return 0.2126 * r + 0.7152 * g + 0.0722 * b;
          };
          /** The colour painted behind an element: the nearest ancestor with an opaque background. */
          const backgroundOf = (element: BrowserElement | null): string => {
            for (let node = element; node; node = node.parentElement) {
              const color = getComputedStyle(node).backgroundColor;
              if (color !== 'rgba(0, 0, 0, 0)' && color !== 'transparent') return color;
            }
            return getComputedStyle(document.documentElement).backgroundColor;
          };
          const links = [...document.querySelectorAll('a')].map((link) => {
            const text = luminance(getComputedStyle(link).color);
            const behind = luminance(backgroundOf(link));
            const contrast = (Math.max(text, behind) + 0.05) / (Math.min(text, behind) + 0.05);
            return {
              color: getComputedStyle(link).color,
              contrast: Math.round(contrast * 10) / 10,
            };
          });
          return {
            page: backgroundOf(document.querySelector('body')),
            canvas: backgroundOf(document.querySelector('div[style*="max-width:600px"]')),
            links,
          };
        });
      }
      expect(looks.dark).toEqual(looks.light);
      const { links } = looks.light as { links: { contrast: number }[] };
      for (const link of links) expect(link.contrast).toBeGreaterThanOrEqual(4.5);
    },
    TIMEOUT,
  );
});

describe('words in Chromium', () => {
  it.each([375, 600, 700])(
    'never break mid-word at %ipx once tokens are filled (only a link longer than the line may)',
    async (width) => {
      for (const design of [
        createDefaultTemplate().design,
        columnsHeavyDesign,
        richTextDesign,
        ...brandedStarters.map((starter) => starter.design),
      ]) {
        const html = fillTokens(renderEmail(design).html, sampleTokenValues, { escape: 'html' });
        const page = await openEmail(html, width);
        const broken = await page.evaluate(() => {
          const found: string[] = [];
          const walker = document.createTreeWalker(document.body, 4 /* NodeFilter.SHOW_TEXT */);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const text = node.textContent ?? '';
            for (const match of text.matchAll(/\S+/g)) {
              const range = document.createRange();
              range.setStart(node, match.index);
              range.setEnd(node, match.index + match[0].length);
              const lines = new Set([...range.getClientRects()].map((box) => Math.round(box.top)));
              if (lines.size > 1) found.push(match[0]);
            }
          }
          return found;
        });
        expect(broken.filter((word) => !/^https?:\/\//.test(word))).toEqual([]);
      }
    },
    TIMEOUT,
  );
});

describe('starter designs in Chromium', () => {
  it.each(brandedStarters.map((starter) => [starter.id, starter] as const))(
    '%s shows the brand logo, looks the same in dark mode, and is saved as a screenshot at 600 and 390px',
    async (id, starter) => {
      mkdirSync(ARTIFACTS_DIR, { recursive: true });
      const html = fillTokens(renderEmail(starter.design).html, sampleTokenValues, {
        escape: 'html',
      });
      for (const width of [600, 390]) {
        const page = await openEmail(html, width);
        const logo = await page.evaluate(() => {
          const image = document.querySelector('img') as unknown as {
            naturalWidth: number;
            getBoundingClientRect(): { width: number };
          } | null;
          return (
            image && { natural: image.naturalWidth, shown: image.getBoundingClientRect().width }
          );
        });
        // The logo loaded (a broken image has no natural width) and shows at most 160px wide.
        expect(logo?.natural).toBeGreaterThan(0);
        expect(logo!.shown).toBeGreaterThan(100);
        expect(logo!.shown).toBeLessThanOrEqual(160);
        // Nothing wider than the screen: a phone never scrolls an email sideways.
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
        ).toBeLessThanOrEqual(0);
        // A short viewport, so the full-page picture ends where the email does.
        await page.setViewportSize({ width, height: 300 });
        const light = await page.screenshot({
          path: `${ARTIFACTS_DIR}gallery-${id}-${width}.png`,
          fullPage: true,
        });
        // The palette is declared light only: a reader in dark mode sees the very same pixels.
        const darkPage = await openEmail(html, width, 'dark');
        await darkPage.setViewportSize({ width, height: 300 });
        const dark = await darkPage.screenshot({ fullPage: true });
        expect(dark.equals(light)).toBe(true);
      }
    },
    TIMEOUT,
  );
});

describe('rich text spacing in Chromium', () => {
  it(
    'has no margin at a block edge and 1em between consecutive paragraphs, as on the editor canvas',
    async () => {
      const page = await openEmail(withoutStyleElements(renderEmail(richTextDesign).html), 700);
      const boxes = await page.evaluate(() =>
        [...document.querySelectorAll('td')]
          .filter((cell) => cell.querySelector(':scope > div > p'))
          .map((cell) => ({
            cellTop: cell.getBoundingClientRect().top,
            cellBottom: cell.getBoundingClientRect().bottom,
            blocks: [...cell.querySelectorAll(':scope > div > *')].map((element) => ({
              tag: element.tagName,
              top: element.getBoundingClientRect().top,
              bottom: element.getBoundingClientRect().bottom,
            })),
          })),
      );
      expect(boxes).toHaveLength(2);
      for (const { cellTop, cellBottom, blocks } of boxes) {
        // The block's own 16px padding and nothing more, above and below.
        expect(blocks[0]!.top - cellTop).toBeCloseTo(16, 0);
        expect(cellBottom - blocks.at(-1)!.bottom).toBeCloseTo(16, 0);
      }
      const [first, second, list, last] = boxes[0]!.blocks;
      expect(second!.top - first!.bottom).toBeCloseTo(16, 0);
      expect(list!.top - second!.bottom).toBeCloseTo(0, 0);
      expect(last!.top - list!.bottom).toBeCloseTo(0, 0);
    },
    TIMEOUT,
  );
});

describe('the package bundled for the browser', () => {
  const hostile = [
    '<p onclick="x()">Hi <b>there</b><script>alert(1)</script></p>',
    '<a href="jav&#x61;script:alert(1)">x</a><a href="https://ok.test">ok</a>',
    '<svg onload="alert(1)"><circle/></svg><iframe src="https://evil.test">f</iframe>',
    '<span style="color:red;background:url(https://t.test/p);font-size:14px">s</span>',
    '<img src="data:image/svg+xml;base64,PHN2Zz4=" onerror="x"><img src="https://a.test/x.png" width="20">',
  ];

  it(
    'renders and sanitises exactly as in Node',
    async () => {
      const bundle = await build({
        entryPoints: [fileURLToPath(new URL('../src/index.ts', import.meta.url))],
        bundle: true,
        platform: 'browser',
        format: 'iife',
        globalName: 'ThanklyEmail',
        write: false,
        logLevel: 'silent',
      });
      const page = await browser.newPage();
      await page.addScriptTag({ content: bundle.outputFiles[0]!.text });
      const design = createDefaultTemplate().design;
      const inBrowser = await page.evaluate(
        ({ design, hostile }) => {
          const email = (globalThis as unknown as { ThanklyEmail: typeof EmailPackage })
            .ThanklyEmail;
          return {
            html: email.renderEmail(design, { preheader: 'Hi' }).html,
            sanitized: hostile.map((fragment) => email.sanitizeRichText(fragment)),
          };
        },
        { design, hostile },
      );
      expect(inBrowser.html).toBe(renderEmail(design, { preheader: 'Hi' }).html);
      expect(inBrowser.sanitized).toEqual(hostile.map((fragment) => sanitizeRichText(fragment)));
      await page.close();
    },
    TIMEOUT,
  );
});
