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
  await page.goto(`/thankly/cards?layout=${layout}`);
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
    expect(await page.locator('[data-print-card] svg[role="img"]').count()).toBe(10);
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
