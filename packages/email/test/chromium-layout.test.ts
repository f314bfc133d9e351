// Real-browser checks in Debian's Chromium: the email fits a 390px phone without horizontal
// scrolling, columns stack there and sit side by side at 600px, and the package bundled for the
// browser (as the editor uses it) renders and sanitises byte-for-byte like Node.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createDefaultTemplate,
  renderEmail,
  sanitizeRichText,
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
  querySelectorAll(selector: string): Iterable<BrowserElement>;
}
declare const document: BrowserElement & {
  documentElement: { scrollWidth: number };
  querySelector(selector: string): BrowserElement | null;
};
declare const window: { innerWidth: number };

const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
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

const designs: Record<string, DesignInput> = {
  'default template': createDefaultTemplate().design,
  'columns-heavy design': columnsHeavyDesign,
  'stress design': stressDesign,
};

let browser: Browser;

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`${CHROMIUM} is missing: install it with apt-get install -y chromium`);
  }
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}, TIMEOUT);

afterAll(async () => {
  await browser?.close();
});

async function openEmail(html: string, width: number): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  // No network here: fonts and images fail fast instead of hanging the page.
  await page.route('**/*', (route) => route.abort());
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

describe.each(Object.entries(designs))('%s in Chromium', (_name, design) => {
  const { html } = renderEmail(design, { preheader: 'Thanks for your order' });

  it(
    'fits a 390px phone without horizontal overflow, columns stacked full width',
    async () => {
      const page = await openEmail(html, 390);
      const overflow = await measureOverflow(page);
      expect(overflow.offenders).toEqual([]);
      expect(overflow.scrollWidth).toBeLessThanOrEqual(390);
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
      expect(canvas.width).toBe(390 - 2 * 10);
      await page.close();
    },
    TIMEOUT,
  );

  it(
    'shows columns side by side at 600px and a 600px canvas on a wide screen',
    async () => {
      const page = await openEmail(html, 600);
      expect((await measureOverflow(page)).offenders).toEqual([]);
      for (const { rowWidth, columns } of await measureColumns(page)) {
        const total = columns.reduce((sum: number, column: ColumnBox) => sum + column.width, 0);
        expect(total).toBeLessThanOrEqual(rowWidth + 0.5);
        columns.forEach((column: ColumnBox, index: number) => {
          expect(column.top).toBeCloseTo(columns[0]!.top, 0);
          const previous = columns[index - 1];
          if (previous)
            expect(column.left).toBeGreaterThanOrEqual(previous.left + previous.width - 0.5);
        });
      }
      await page.setViewportSize({ width: 1100, height: 900 });
      const canvas = await page.evaluate(() =>
        document.querySelector('div[style*="max-width:600px"]')!.getBoundingClientRect(),
      );
      expect(canvas.width).toBe(600);
      await page.close();
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
