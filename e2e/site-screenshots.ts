// The public site's pictures of the product (issue 34), made from the product itself so they stay
// true: `npm run build && npm run site:screenshots`. Starts the built app on a fresh database,
// signs up a demo seller, photographs the editor and the dashboard, renders each starter design
// of the gallery as the gallery does, and writes small WebP files into the web app's public assets
// with a list of them (sizes and alt text) that the pages import. Commit what it writes.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  BLANK_STARTER_ID,
  EMPTY_BRAND,
  fillTokens,
  renderEmail,
  sampleTokenValues,
  starterDesigns,
} from '@thankly/email';
import type { Page } from 'playwright-core';
import { format, resolveConfig } from 'prettier';
import sharp from 'sharp';
import { offlinePreviewHtml } from '../apps/web/src/lib/offline-preview.ts';
import { launchBrowser } from './support/browser.ts';
import { type RunningApp, startApp } from './support/start-app.ts';

const WEB = fileURLToPath(new URL('../apps/web/', import.meta.url));
/** Served from /site-images/ by the built app. */
const OUT_DIR = path.join(WEB, 'public/site-images');
const MANIFEST = path.join(WEB, 'src/pages/site-images.ts');
/** Above this a picture is too heavy for a marketing page. */
const MAX_BYTES = 150 * 1024;

interface Picture {
  src: string;
  width: number;
  height: number;
  alt: string;
}

async function writeWebp(png: Buffer, name: string, width: number): Promise<Picture> {
  let quality = 80;
  for (;;) {
    const { data, info } = await sharp(png)
      .resize({ width, withoutEnlargement: true })
      .webp({ quality, effort: 6 })
      .toBuffer({ resolveWithObject: true });
    if (data.length <= MAX_BYTES || quality <= 40) {
      await writeFile(path.join(OUT_DIR, `${name}.webp`), data);
      console.log(
        `${name}.webp  ${info.width}×${info.height}  ${(data.length / 1024).toFixed(1)} KB`,
      );
      return { src: `/site-images/${name}.webp`, width: info.width, height: info.height, alt: '' };
    }
    quality -= 10;
  }
}

/** A seller as a new one is after setting up: confirmed, a template, a coupon, the demo shop. */
async function setUpSeller(page: Page, app: RunningApp): Promise<void> {
  const email = 'elena@example.com';
  await page.goto('/register');
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  await page.getByLabel('Name').fill('Elena');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('Thanks4All');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByRole('heading', { name: 'Your Thank-You Notes' }).waitFor();

  const mail = await app.mail.waitFor((m) => m.to.includes(email) && /verify-email/.test(m.text));
  const link = /https?:\/\/\S+\/verify-email\?token=[0-9a-f]{64}/.exec(mail.text)?.[0];
  if (!link) throw new Error('No confirmation link in the sign-up email.');
  await page.goto(link);
  await page.getByRole('link', { name: 'Go to your templates' }).click();
  await page.getByRole('heading', { name: 'Your Thank-You Notes' }).waitFor();

  await page.getByRole('button', { name: 'New template' }).click();
  const picker = page.getByRole('dialog', { name: 'Start a new template' });
  await picker.locator('[data-starter="coupon"] [data-starter-tile]').click();
  await page.getByRole('heading', { name: 'Create template' }).waitFor();
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Template created!').waitFor();

  await page.goto('/thankly');
  await page.getByLabel('Coupon code').fill('THANKYOU20');
  await page.getByRole('button', { name: 'Save code' }).click();
  await page.getByText('Coupon code saved.').waitFor();

  // Without Etsy credentials the Etsy connection leads to the demo shop.
  const { url } = await page.evaluate(async () => (await fetch('/api/etsy/connect')).json());
  await page.goto(url as string);
  await page.getByRole('link', { name: 'Connect demo shop' }).click();
  await page.getByRole('heading', { name: 'Your Thank-You Notes' }).waitFor();
  await page.getByLabel('Shop web address').fill('https://oliveandclay.example');
  await page.getByRole('button', { name: 'Save address' }).click();
  await page.getByText('buttons in your emails now lead to the new address').waitFor();
  for (let order = 0; order < 3; order++) {
    await page.getByRole('button', { name: 'Simulate a paid order' }).click();
    await page.getByRole('button', { name: 'Simulate a paid order' }).waitFor();
  }
  for (let wait = 0; ; wait++) {
    const { items } = await page.evaluate(async () => (await fetch('/api/activity')).json());
    if ((items as { state: string }[]).filter((i) => i.state === 'sent').length >= 3) break;
    if (wait > 60) throw new Error('The demo orders were not sent.');
    await page.waitForTimeout(500);
  }
}

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  const dismiss = page.getByRole('button', { name: 'Dismiss notification' });
  while ((await dismiss.count()) > 0) await dismiss.first().click();
  await page.mouse.move(0, 0);
}

async function dashboardShot(page: Page): Promise<Buffer> {
  await page.goto('/thankly');
  await page.getByRole('heading', { name: 'Your Thank-You Notes' }).waitFor();
  await settle(page);
  return page.screenshot();
}

/** Recent orders: the demo orders and the thank-you email each one got. */
async function ordersShot(page: Page): Promise<Buffer> {
  const section = page.locator('section[aria-labelledby="activity-heading"]');
  await section.getByText('Sent').first().waitFor();
  await settle(page);
  const box = (await section.boundingBox())!;
  const margin = 24;
  return page.screenshot({
    fullPage: true,
    clip: {
      x: box.x - margin,
      y: box.y - margin,
      width: box.width + 2 * margin,
      height: box.height + 2 * margin,
    },
  });
}

/** The whole editor, and for phones the email on its canvas alone, the selected block marked. */
async function editorShots(page: Page): Promise<{ whole: Buffer; canvas: Buffer }> {
  await page.getByRole('link', { name: /^Edit/ }).first().click();
  await page.getByRole('heading', { name: 'Edit template' }).waitFor();
  await page.getByText('A little thank-you for next time').first().click();
  await settle(page);
  const whole = await page.screenshot();
  await page.setViewportSize({ width: 1280, height: 1600 });
  const box = (await page.getByTestId('editor-canvas').boundingBox())!;
  const margin = 24;
  const canvas = await page.screenshot({
    clip: {
      x: box.x - margin,
      y: box.y - margin,
      width: box.width + 2 * margin,
      height: Math.min(box.height, 640) + 2 * margin,
    },
  });
  return { whole, canvas };
}

/** Each starter design as the gallery shows it: rendered by the email renderer, sample details in. */
async function starterShots(page: Page) {
  const shots = [];
  for (const starter of starterDesigns(EMPTY_BRAND)) {
    if (starter.id === BLANK_STARTER_ID) continue;
    const { html } = renderEmail(starter.design, {
      title: starter.name,
      preheader: '',
      language: 'en',
    });
    await page.setContent(
      offlinePreviewHtml(fillTokens(html, sampleTokenValues, { escape: 'html' })),
    );
    const png = await page.screenshot({ clip: { x: 0, y: 0, width: 600, height: 640 } });
    const picture = await writeWebp(png, `starter-${starter.id}`, 450);
    shots.push({
      id: starter.id,
      name: starter.name,
      description: starter.description,
      ...picture,
      alt: `The ${starter.name} starter design, filled in with a sample order`,
    });
  }
  return shots;
}

async function main(): Promise<void> {
  await rm(OUT_DIR, { recursive: true, force: true });
  await mkdir(OUT_DIR, { recursive: true });
  const [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  try {
    const context = await browser.newContext({
      baseURL: app.url,
      viewport: { width: 1280, height: 800 },
      reducedMotion: 'reduce',
    });
    const page = await context.newPage();
    await setUpSeller(page, app);
    await page.setViewportSize({ width: 1280, height: 880 });
    const dashboard = await writeWebp(await dashboardShot(page), 'dashboard', 1280);
    const orders = await writeWebp(await ordersShot(page), 'orders', 1280);
    await page.setViewportSize({ width: 1280, height: 960 });
    const shots = await editorShots(page);
    const editor = await writeWebp(shots.whole, 'editor', 1280);
    const editorPhone = await writeWebp(shots.canvas, 'editor-phone', 720);

    const renderer = await browser.newPage({ viewport: { width: 600, height: 640 } });
    const starters = await starterShots(renderer);

    const manifest = {
      editor: {
        ...editor,
        alt: 'The Thankly editor: a thank-you email with a coupon, its blocks on the left and the email as the buyer sees it',
        /** The same moment for narrow screens: the email on the editor's canvas. */
        phone: editorPhone,
      },
      dashboard: {
        ...dashboard,
        alt: 'The Thankly dashboard: the template sending today, the connected shop and the coupon code',
      },
      orders: {
        ...orders,
        alt: 'Recent orders in Thankly: three paid orders from the demo shop, each with its thank-you email sent',
      },
      starters,
    };
    const source = `// Written by e2e/site-screenshots.ts (npm run site:screenshots): do not edit by hand.
export const SITE_IMAGES = ${JSON.stringify(manifest)} as const;
`;
    await writeFile(
      MANIFEST,
      await format(source, { ...(await resolveConfig(MANIFEST)), filepath: MANIFEST }),
    );
    console.log(`Wrote ${path.relative(process.cwd(), MANIFEST)}`);
  } finally {
    await browser.close();
    await app.stop();
  }
}

await main();
