// Issue 34 (point 11) in a real browser, at 1280 and 390 px: the Brand kit's live preview keeps its
// width after a logo upload (it used to squeeze to about 150 px), and the Insights page ends where
// its content ends (it used to leave about 450 px of empty scroll under it); neither scrolls
// sideways on a phone.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createDefaultTemplate } from '@thankly/email';
import {
  callFromPage as call,
  registerConfirmedThroughUi,
  screenshotPath,
  uniqueEmail,
  useBrowserSession,
  waitForApp,
} from './helpers.ts';
import { chooseFile } from './support/choose-file.ts';

const session = useBrowserSession();
const WIDTHS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
];

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** A flat PNG badge drawn by the page's own canvas. */
async function drawPng(page: Page, label: string, width: number, height: number) {
  const base64 = await page.evaluate(
    async ({ label, width, height }) => {
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const ctx = canvas.getContext('2d')!;
      ctx.fillStyle = '#0f766e';
      ctx.fillRect(0, 0, width, height);
      ctx.fillStyle = '#ffffff';
      ctx.font = `${Math.round(height / 3)}px Georgia`;
      ctx.fillText(label, width / 10, height / 1.6);
      const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!)));
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let binary = '';
      for (const byte of bytes) binary += String.fromCharCode(byte);
      return btoa(binary);
    },
    { label, width, height },
  );
  return { name: `${label}.png`, mimeType: 'image/png', buffer: Buffer.from(base64, 'base64') };
}

/** The preview frame's width and, inside it, the sample email's canvas width. */
async function previewWidth(page: Page): Promise<{ frame: number; email: number }> {
  const frame = await page
    .getByTitle('Sample email with your brand')
    .evaluate((el) => el.getBoundingClientRect().width);
  const email = await page
    .frameLocator('iframe[title="Sample email with your brand"]')
    .locator('div[style*="max-width:600px"] > table')
    .evaluate((el) => el.getBoundingClientRect().width);
  return { frame, email };
}

function expectSameWidth(now: { frame: number; email: number }, before: typeof now) {
  expect(
    Math.abs(now.frame - before.frame),
    `frame ${before.frame} -> ${now.frame}`,
  ).toBeLessThanOrEqual(1);
  expect(
    Math.abs(now.email - before.email),
    `email ${before.email} -> ${now.email}`,
  ).toBeLessThanOrEqual(1);
}

/** How far the page scrolls below the end of its content (the last thing in <main>). */
function emptyScrollBelow(page: Page): Promise<number> {
  return page.evaluate(() => {
    const main = document.querySelector('main')!;
    const content = main.lastElementChild!.getBoundingClientRect().bottom + window.scrollY;
    return document.documentElement.scrollHeight - Math.max(window.innerHeight, content);
  });
}

describe('the Brand kit and Insights keep their layout', () => {
  it.each(WIDTHS)(
    'the brand preview keeps its width after a logo upload at $width px',
    async (viewport) => {
      const { page } = await session.open(viewport);
      await registerConfirmedThroughUi(page, session.app, {
        name: 'Odile',
        email: uniqueEmail(`brand-width-${viewport.width}`),
      });
      await page.goto('/thankly/brand');
      await waitForApp(page);
      await page.getByRole('heading', { name: 'Brand kit', level: 1 }).waitFor();
      const before = await previewWidth(page);
      expect(before.frame).toBeGreaterThan(viewport.width < 640 ? 250 : 400);
      expect(before.email).toBeGreaterThan(viewport.width < 640 ? 250 : 400);

      const logo = await drawPng(page, 'Odile', 600, 200);
      const uploaded = page.waitForResponse(
        (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/media',
        { timeout: 30_000 },
      );
      await chooseFile(page, page.getByRole('button', { name: 'Upload logo' }), logo);
      expect((await uploaded).status()).toBe(201);
      await expect
        .poll(() => page.getByLabel('Logo address', { exact: true }).inputValue())
        .toMatch(/\/media\//);
      const logoUrl = await page.getByLabel('Logo address', { exact: true }).inputValue();
      await page
        .frameLocator('iframe[title="Sample email with your brand"]')
        .locator(`img[src="${logoUrl}"]`)
        .waitFor();

      expectSameWidth(await previewWidth(page), before);
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      // Saved, and with the seller's images open in the form: still the same width.
      await page.getByRole('button', { name: 'Save brand' }).click();
      await page.getByText('All changes saved').waitFor();
      await page.getByRole('button', { name: 'Your images' }).click();
      await page
        .getByRole('list', { name: 'Your images' })
        .getByRole('button', { name: 'Use Odile.png' })
        .waitFor();
      expectSameWidth(await previewWidth(page), before);
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      await page.screenshot({
        path: screenshotPath(`brand-after-upload-${viewport.width}`),
        fullPage: true,
      });
    },
  );

  it('Insights ends where its content ends, with and without numbers, at 1280 and 390 px', async () => {
    const { page } = await session.open({ width: 1280, height: 900 });
    await registerConfirmedThroughUi(page, session.app, {
      name: 'Pavel',
      email: uniqueEmail('insights-height'),
    });
    const { design } = createDefaultTemplate();
    const template = await call<{ id: string }>(page, 'POST', '/api/templates', {
      name: 'Spring thanks',
      subject: 'Thank you!',
      design,
    });
    await call(page, 'POST', `/api/templates/selectors/select/${template.id}`);
    const { url } = await call<{ url: string }>(page, 'GET', '/api/etsy/connect');
    await page.goto(url);
    await page.getByRole('link', { name: 'Connect demo shop' }).click();
    await page.getByRole('heading', { name: 'Your Thank-You Notes' }).waitFor();

    const check = async (name: string) => {
      for (const viewport of WIDTHS) {
        await page.setViewportSize(viewport);
        await page.evaluate(() => window.scrollTo(0, 0));
        await expect
          .poll(() => emptyScrollBelow(page), { message: `${name} at ${viewport.width}px` })
          .toBeLessThanOrEqual(1);
        expect(await overflow(page)).toBeLessThanOrEqual(0);
        await page.screenshot({
          path: screenshotPath(`insights-height-${name}-${viewport.width}`),
          fullPage: true,
        });
      }
    };

    await page.goto('/thankly/insights');
    await waitForApp(page);
    await page.getByRole('heading', { name: /No thank-you emails sent/ }).waitFor();
    await check('empty');

    const { shops } = await call<{ shops: { id: string }[] }>(page, 'GET', '/api/shops');
    await call(page, 'POST', `/api/shops/${shops[0]!.id}/demo-order`, {
      withoutBuyerEmail: false,
    });
    await expect
      .poll(
        async () => {
          const { items } = await call<{ items: { state: string }[] }>(
            page,
            'GET',
            '/api/activity',
          );
          return items.some((item) => item.state === 'sent');
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.setViewportSize(WIDTHS[0]!);
    await page.reload();
    await waitForApp(page);
    await page.getByRole('region', { name: 'Per template' }).getByText('Spring thanks').waitFor();
    await check('data');
  });
});
