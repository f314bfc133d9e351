// Orders whose buyer email the marketplace withholds, thanked by hand in a real browser: the
// dashboard counts the orders waiting, the print page lays their cards out in each paper layout,
// Chromium's own print-to-PDF makes the pages (counted, and each card's text read back from the
// PDF), the seller marks them printed; another order is thanked with a copied marketplace message.
// Screenshots of each layout and of the dialog at 1280 and 390 px land in e2e/artifacts/.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { CARD_LAYOUTS, CARD_LAYOUT_INFO, type CardLayout } from '@thankly/api-contract';
import { createDefaultTemplate } from '@thankly/email';
import {
  callFromPage as call,
  registerConfirmedThroughUi,
  screenshotPath,
  uniqueEmail,
  useBrowserSession,
} from './helpers.ts';
import { seriousAxeFindings } from './support/axe.ts';
import { ARTIFACTS_DIR } from './support/browser.ts';

const session = useBrowserSession();
const SHOP_LINK = 'https://olive.example/sale';

/** A confirmed seller with the default template selected, a coupon, and the demo shop connected. */
async function sellerWithDemoShop(page: Page): Promise<string> {
  const email = uniqueEmail('cards');
  await registerConfirmedThroughUi(page, session.app, { name: 'Grace Hopper', email });
  const { design } = createDefaultTemplate();
  // A button to a fixed address: on paper it becomes a QR code and a short link.
  const coupon = design.blocks.find((block) => block.type === 'button')!;
  design.blocks.push({ ...coupon, id: 'shop-again', text: 'Visit the shop', url: SHOP_LINK });
  const template = await call<{ id: string }>(page, 'POST', '/api/templates', {
    name: 'Thanks',
    subject: 'Thank you, [customer-first-name|friend]!',
    design,
  });
  await call(page, 'POST', `/api/templates/selectors/select/${template.id}`);
  await call(page, 'PUT', '/api/sending/settings', { couponCode: 'PAPER10' });
  const { url } = await call<{ url: string }>(page, 'GET', '/api/etsy/connect');
  await page.goto(url);
  await page.getByRole('link', { name: 'Connect demo shop' }).click();
  await page.getByRole('heading', { name: 'Your Thank-You Notes' }).waitFor();
  const { shops } = await call<{ shops: { id: string }[] }>(page, 'GET', '/api/shops');
  return shops[0]!.id;
}

/** Waits until the activity list has settled `count` orders. */
async function settledOrders(page: Page, count: number) {
  await expect
    .poll(
      async () => {
        const { items } = await call<{ items: { state: string }[] }>(page, 'GET', '/api/activity');
        return items.length === count && items.every((i) => i.state !== 'pending');
      },
      { timeout: 20_000 },
    )
    .toBe(true);
}

/** Each page of a PDF: its size in points, and its text as a reader's copy and paste would get it. */
async function pdfPages(pdf: Buffer): Promise<{ size: [number, number]; text: string }[]> {
  const document = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: true }).promise;
  const pages: { size: [number, number]; text: string }[] = [];
  for (let n = 1; n <= document.numPages; n++) {
    const page = await document.getPage(n);
    const [, , width, height] = page.view;
    const content = await page.getTextContent();
    const text = content.items
      .map((item) => ('str' in item ? item.str : ''))
      .join(' ')
      .replace(/\s+/g, ' ');
    pages.push({ size: [Math.round(width!), Math.round(height!)], text });
  }
  await document.destroy();
  return pages;
}

/** Each layout's paper in PDF points (1/72 in). */
const PAPER_POINTS: Record<CardLayout, [number, number]> = {
  postcard: [288, 432],
  a6: [298, 420],
  a7: [210, 298],
  'a4-4up': [595, 842],
  'letter-4up': [612, 792],
};

async function openLayout(page: Page, layout: CardLayout) {
  // Every order waiting: the demo orders are paid today and ship in the default three days.
  await page.goto(`/thankly/cards?batch=waiting&layout=${layout}`);
  await page.waitForFunction(() => document.documentElement.dataset.cardsFitted === 'true');
}

async function noSidewaysScroll(page: Page) {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
}

describe('thanking buyers whose email the marketplace withholds', () => {
  it('prints each layout to PDF with one card per order, then marks the cards printed', async () => {
    const { page } = await session.open({ width: 1280, height: 900 });
    const shopId = await sellerWithDemoShop(page);

    // One order through the dashboard's own button, four more the same way by API.
    await page.getByRole('button', { name: 'Simulate order without email' }).click();
    for (let i = 0; i < 4; i++)
      await call(page, 'POST', `/api/shops/${shopId}/demo-order`, { withoutBuyerEmail: true });
    await settledOrders(page, 5);

    await page.reload();
    await page.getByText('5 orders waiting for a card').waitFor();
    await page.screenshot({ path: screenshotPath('cards-dashboard-1280'), fullPage: true });
    await page.getByRole('link', { name: 'Print cards' }).click();
    await page.waitForURL(/\/thankly\/cards/);

    const { cards } = await call<{ cards: { orderNumber: string; buyerName: string }[] }>(
      page,
      'GET',
      '/api/cards',
    );
    expect(cards).toHaveLength(5);
    // Demo orders without an address come from five different strangers.
    expect(new Set(cards.map((c) => c.buyerName)).size).toBe(5);

    for (const layout of CARD_LAYOUTS) {
      await openLayout(page, layout);
      const perPage = CARD_LAYOUT_INFO[layout].perPage;
      const sheets = Math.ceil(5 / perPage);
      expect(await page.locator('[data-card-sheet]').count()).toBe(sheets);
      await page.screenshot({ path: screenshotPath(`cards-${layout}-1280`), fullPage: true });

      const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
      writeFileSync(join(ARTIFACTS_DIR, `cards-${layout}.pdf`), pdf);
      const pages = await pdfPages(pdf);
      expect(pages, `${layout}: one page per sheet`).toHaveLength(sheets);
      for (const { size } of pages)
        expect(size, `${layout}: paper size`).toEqual(PAPER_POINTS[layout]);
      cards.forEach(({ orderNumber, buyerName }, index) => {
        const { text } = pages[Math.floor(index / perPage)]!;
        expect(text, `${layout}: card ${index + 1}`).toContain(`Your order ${orderNumber}`);
        expect(text, `${layout}: card ${index + 1}`).toContain(`Hi ${buyerName.split(' ')[0]},`);
      });
      // Only the cards: no app navigation or buttons on paper.
      expect(pages.map((p) => p.text).join(' ')).not.toMatch(
        /Mark \d+ cards printed|Your Thank-You Notes/,
      );
    }

    // Both buttons became QR codes with their short links: the shop button's, and the coupon's,
    // which leads to the shop's own address (the demo shop's storefront page); the coupon code is
    // still there to read.
    const { shops } = await call<{ shops: { url: string | null }[] }>(page, 'GET', '/api/shops');
    const storefront = new URL(shops[0]!.url!);
    await openLayout(page, 'postcard');
    // Two buttons and the shop's own QR code on each of the five cards.
    expect(await page.locator('[data-print-card] svg[role="img"]').count()).toBe(15);
    const first = (await page.locator('[data-print-card]').first().textContent()) ?? '';
    expect(first).toContain('olive.example/sale');
    expect(first).toContain(storefront.host);
    expect(first).toContain('PAPER10');
    expect(await seriousAxeFindings(page)).toEqual([]);

    await page.getByRole('button', { name: 'Print 5 cards' }).click();
    await page.getByRole('button', { name: 'Mark 5 cards printed' }).click();
    await page.getByText('Marked 5 cards printed: those buyers are thanked.').waitFor();
    // The cards took today's five slots of the Starter plan, as emails would have.
    await page
      .getByRole('group', { name: 'Plan and usage' })
      .getByText('5 / 5 thank-yous today')
      .waitFor();
    await page.screenshot({ path: screenshotPath('cards-marked-1280') });

    await page.goto('/thankly');
    await page.getByRole('heading', { name: 'Your Thank-You Notes' }).waitFor();
    await expect.poll(() => page.getByText('Card printed').count()).toBe(5);
    expect(await page.getByText(/orders? waiting for a card/).count()).toBe(0);
    const next = await call<{ cards: unknown[]; waiting: number }>(page, 'GET', '/api/cards');
    expect(next).toMatchObject({ cards: [], waiting: 0 });
    // Four PDFs of five cards, each card now with two QR codes: 21 s on a quiet machine, but past
    // the default minute beside other browser tests on a busy one.
  }, 120_000);

  it('on a phone, the sheets fit the screen and a marketplace message is copied and marked sent', async () => {
    const { page, context } = await session.open({ width: 390, height: 844 });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const shopId = await sellerWithDemoShop(page);
    for (let i = 0; i < 2; i++)
      await call(page, 'POST', `/api/shops/${shopId}/demo-order`, { withoutBuyerEmail: true });
    await settledOrders(page, 2);

    for (const layout of CARD_LAYOUTS) {
      await openLayout(page, layout);
      await noSidewaysScroll(page);
      await page.screenshot({ path: screenshotPath(`cards-${layout}-390`), fullPage: true });
    }

    await page.goto('/thankly');
    await page.getByRole('heading', { name: 'Your Thank-You Notes' }).waitFor();
    await page.getByText('2 orders waiting for a card').waitFor();
    await page.getByRole('button', { name: 'Copy message' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox').waitFor();
    const text = await dialog.getByRole('textbox').inputValue();
    expect(text).toMatch(/^Thank you for your order!\n\nHi \S+,\n/);
    expect(text).not.toContain('Hi Grace,');
    expect(text).toContain('PAPER10');
    await page.screenshot({ path: screenshotPath('cards-message-dialog-390') });
    expect(await seriousAxeFindings(page)).toEqual([]);

    await dialog.getByRole('button', { name: 'Copy message' }).click();
    await dialog.getByText('Copied').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(text);
    await dialog.getByRole('button', { name: 'Mark message sent' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Message sent').first().waitFor();
    await page.getByText('1 order waiting for a card').waitFor();
    await noSidewaysScroll(page);
    await page.screenshot({ path: screenshotPath('cards-activity-390'), fullPage: true });
  });
});

/** Millimetres in PDF points (1/72 in), as Chromium rounds a page size. */
const points = (mm: number) => Math.round((mm * 72) / 25.4);

/** What a phone reads from the QR code on screen: its pixels, decoded by jsQR. */
async function readQr(png: Buffer): Promise<string | null> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data ?? null;
}

describe('cards at packing time', () => {
  it('prints the orders to ship today in each size, folded and bled, then marks them packed and shows how each buyer was thanked', async () => {
    const { page } = await session.open({ width: 1280, height: 900 });
    const shopId = await sellerWithDemoShop(page);
    for (let i = 0; i < 3; i++)
      await call(page, 'POST', `/api/shops/${shopId}/demo-order`, { withoutBuyerEmail: true });
    // One buyer whose email the shop shares: thanked by email.
    await call(page, 'POST', `/api/shops/${shopId}/demo-order`, {});
    await settledOrders(page, 4);
    const { shops } = await call<{ shops: { url: string }[] }>(page, 'GET', '/api/shops');
    const shopUrl = shops[0]!.url;

    // Paid today, three days to ship: nothing to pack yet.
    await page.goto('/thankly/cards');
    await page
      .getByText('No cards to pack today. 3 orders are waiting for a card that ship on later days.')
      .waitFor();
    // The demo shop stands in for Etsy, which keeps buyers' addresses: the card goes in the parcel.
    await page.getByText(/cannot be posted: print them as you pack/).waitFor();
    await page.screenshot({ path: screenshotPath('packing-nothing-today-1280'), fullPage: true });

    // The seller ships the day an order is paid: all three are due today.
    await page.getByLabel('Days to ship').fill('0');
    await page.getByRole('radio', { name: 'To ship today (3)' }).waitFor();
    await page.waitForFunction(() => document.documentElement.dataset.cardsFitted === 'true');
    expect(await page.locator('[data-print-card]').count()).toBe(3);

    const sizes = { a6: [105, 148], postcard: [101.6, 152.4], a7: [74, 105] } as const;
    const labels = { a6: /^A6 card/, postcard: /^4×6 in postcard/, a7: /^A7 card/ } as const;
    const size = page.getByRole('group', { name: 'Card size' });
    for (const layout of ['a6', 'postcard', 'a7'] as const) {
      const [w, h] = sizes[layout];
      await size.getByRole('radio', { name: labels[layout] }).check();
      for (const [fold, bleed] of [
        [false, false],
        [true, true],
      ] as const) {
        const foldBox = size.getByRole('checkbox', { name: /Folded card/ });
        const bleedBox = size.getByRole('checkbox', { name: /Bleed and crop marks/ });
        if ((await foldBox.isChecked()) !== fold) await foldBox.click();
        if ((await bleedBox.isChecked()) !== bleed) await bleedBox.click();
        const sheetW = w * (fold ? 2 : 1) + (bleed ? 6 : 0);
        const sheetH = h + (bleed ? 6 : 0);
        const name = `${layout}${fold ? '-folded' : ''}${bleed ? '-bleed' : ''}`;
        await expect
          .poll(() => page.locator('[data-card-sheet]').first().getAttribute('data-sheet-size'))
          .toBe(`${Math.round(sheetW * 1000) / 1000}mm ${Math.round(sheetH * 1000) / 1000}mm`);
        await page.waitForFunction(() => document.documentElement.dataset.cardsFitted === 'true');

        // The printed output: Chromium's print to PDF, one page per card, each of the sheet's size.
        const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
        writeFileSync(join(ARTIFACTS_DIR, `packing-${name}.pdf`), pdf);
        const pages = await pdfPages(pdf);
        expect(pages, name).toHaveLength(3);
        for (const { size: pageSize, text } of pages) {
          expect(Math.abs(pageSize[0] - points(sheetW)), `${name} width`).toBeLessThanOrEqual(1);
          expect(Math.abs(pageSize[1] - points(sheetH)), `${name} height`).toBeLessThanOrEqual(1);
          expect(text).toMatch(/Thank you, \S+!/);
          expect(text).toContain(new URL(shopUrl).host);
          expect(text).not.toMatch(/Mark all|Card size|Your Thank-You Notes/);
        }

        // As it prints: the card at print media, screenshotted, and its QR code read from pixels.
        await page.emulateMedia({ media: 'print' });
        const sheet = page.locator('[data-card-sheet]').first();
        const box = (await sheet.boundingBox())!;
        // 96 CSS px to the inch: the sheet on screen is the paper's size.
        expect(Math.abs(box.width - (sheetW / 25.4) * 96)).toBeLessThan(1.5);
        expect(Math.abs(box.height - (sheetH / 25.4) * 96)).toBeLessThan(1.5);
        await sheet.screenshot({ path: screenshotPath(`packing-card-${name}`) });
        expect(await sheet.locator('[data-crop-marks] span').count()).toBe(bleed ? 8 : 0);
        expect(await sheet.locator('[data-fold-marks]').count()).toBe(fold ? 1 : 0);
        // Back to no emulation: with 'screen' emulated, page.pdf() would print the screen styles.
        await page.emulateMedia({ media: null });
        // The very SVG that prints, drawn by Chromium at 400 px (a phone's camera sees far more
        // than a 96 dpi screen shows of 17 mm) and read back from its pixels by jsQR.
        await page.evaluate(() => {
          const svg = document.querySelector('[data-card-sheet] [data-shop-qr] svg')!;
          const big = document.createElement('div');
          big.id = 'qr-probe';
          big.style.cssText = 'position:fixed;left:0;top:0;width:400px;height:400px;z-index:99';
          big.append(svg.cloneNode(true));
          document.body.append(big);
        });
        const qrPng = await page.locator('#qr-probe').screenshot();
        await page.evaluate(() => document.getElementById('qr-probe')!.remove());
        writeFileSync(join(ARTIFACTS_DIR, `packing-qr-${name}.png`), qrPng);
        expect(await readQr(qrPng)).toBe(shopUrl);
      }
    }
    // The choice is remembered for the seller, on the server.
    expect(await call(page, 'GET', '/api/cards/settings')).toEqual({
      layout: 'a7',
      fold: true,
      bleed: true,
      processingDays: 0,
    });
    expect(await seriousAxeFindings(page)).toEqual([]);
    await page.screenshot({ path: screenshotPath('packing-cards-1280'), fullPage: true });

    // Printed (printing to PDF above asked already, as the browser's own print does): each
    // order's Packed box, by keyboard, and the rest at once.
    await page.getByRole('button', { name: /^Print (3 cards|again)$/ }).click();
    const packedList = page.getByRole('region', { name: 'Packed with its card?' });
    const boxes = packedList.getByRole('checkbox');
    await boxes.first().focus();
    await page.keyboard.press('Space');
    await expect.poll(() => boxes.first().isChecked()).toBe(true);
    await packedList.getByRole('button', { name: 'Mark the other 2 cards packed' }).click();
    await packedList.getByText('Every order here is packed with its card.').waitFor();
    await page.screenshot({ path: screenshotPath('packing-packed-1280'), fullPage: true });

    // Per order, which channel reached the buyer.
    await page.goto('/thankly');
    await page.getByRole('heading', { name: 'Your Thank-You Notes' }).waitFor();
    const reached = page.locator('[data-reached-by]');
    await expect.poll(() => reached.count()).toBe(4);
    await expect.poll(() => page.locator('[data-reach="card"]').count()).toBe(3);
    expect(await page.locator('[data-reach="email"]').count()).toBe(1);
    expect(await page.getByText('Printed card, packed').count()).toBe(3);
    // Taking a mark back from the list: the card stays printed, the parcel is not packed yet.
    const firstBox = page.getByRole('checkbox', { name: /Packed with its card/ }).first();
    await firstBox.focus();
    await page.keyboard.press('Space');
    await page.getByText('Printed card, not packed yet').waitFor();
    await page.screenshot({ path: screenshotPath('packing-activity-1280'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await noSidewaysScroll(page);
    await page.screenshot({ path: screenshotPath('packing-activity-390'), fullPage: true });
    await page.goto('/thankly/cards?batch=waiting');
    await page.getByRole('heading', { name: 'Print thank-you cards' }).waitFor();
    await page.getByRole('radio', { name: /All waiting/ }).waitFor();
    await noSidewaysScroll(page);
    await page.screenshot({ path: screenshotPath('packing-nothing-waiting-390'), fullPage: true });
    // A reprint of the packed orders on a phone: the folded, bled sheets fit the screen.
    const { items } = await call<{ items: { id: string; byHand: string | null }[] }>(
      page,
      'GET',
      '/api/activity',
    );
    const ids = items.filter((i) => i.byHand).map((i) => i.id);
    await page.goto(`/thankly/cards?ids=${ids.join(',')}`);
    await page.waitForFunction(() => document.documentElement.dataset.cardsFitted === 'true');
    await noSidewaysScroll(page);
    await page.screenshot({ path: screenshotPath('packing-cards-390'), fullPage: true });
  }, 180_000);
});
