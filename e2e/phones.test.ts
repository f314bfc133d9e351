// The product on a 390 px phone: no page scrolls sideways and nothing is cut off inside a scrolling
// box — the recent orders are cards, template cards fit, and the plan comparison shows every plan.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  registerConfirmedThroughUi,
  screenshotPath,
  uniqueEmail,
  useBrowserSession,
  chooseStarter,
  openDefaultTemplate,
} from './helpers.ts';

const session = useBrowserSession();
const PHONE = { width: 390, height: 844 };

/** Elements reaching past the screen's right edge, and boxes whose content is wider than they are. */
function overflowing(page: Page, selector = 'main') {
  return page.evaluate((root) => {
    const describe = (element: Element) =>
      `<${element.tagName.toLowerCase()} class="${element.getAttribute('class') ?? ''}">`;
    const scope = document.querySelector(root) ?? document.body;
    // Visible elements only: screen-reader-only text is a 1 px clipped box by design.
    const elements = Array.from(scope.querySelectorAll('*')).filter(
      (element) =>
        !element.closest('[class*="sr-only"]') && element.getBoundingClientRect().width > 1,
    );
    return {
      page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      pastTheEdge: elements
        .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5)
        .map(describe),
      clipped: elements
        .filter((element) => {
          const style = getComputedStyle(element);
          return (
            ['auto', 'scroll', 'hidden'].includes(style.overflowX) &&
            element.tagName !== 'IFRAME' &&
            element.scrollWidth > element.clientWidth + 1
          );
        })
        .map(describe),
    };
  }, selector);
}

describe('on a 390 px phone', () => {
  it('shows recent orders as cards and template cards inside the screen', async () => {
    const { page } = await session.open(PHONE);
    const email = uniqueEmail('phone');
    await registerConfirmedThroughUi(page, session.app, { name: 'Nefeli', email });
    await page.getByRole('button', { name: 'New template' }).click();
    await chooseStarter(page, 'classic');
    await page
      .getByLabel('Template Name')
      .fill('A thank-you note with a rather long name for a card');
    await page.getByRole('button', { name: 'Save' }).click();
    // Saving keeps the seller in the editor, now editing the saved template; Back leads home.
    await page.getByRole('heading', { name: 'Edit template' }).waitFor();
    await page.getByRole('link', { name: '← Back' }).click();
    await page.getByRole('heading', { name: 'Your Thank-You Notes' }).waitFor();

    await page.getByRole('button', { name: 'Try the demo shop' }).click();
    await page.getByRole('link', { name: 'Connect demo shop' }).click();
    await page.getByRole('heading', { name: 'Your Thank-You Notes' }).waitFor();
    await page.getByRole('button', { name: 'Simulate a paid order' }).click();
    const orders = page.getByRole('region', { name: 'Recent orders' });
    const row = orders.getByRole('row').filter({ hasText: 'Sent' });
    await row.first().waitFor({ timeout: 20_000 });

    // Each order is a card: its state and time are on screen, not off to the right of a table.
    const card = await row.first().boundingBox();
    const state = await row.first().getByText('Sent', { exact: true }).boundingBox();
    const time = await row.first().locator('time').boundingBox();
    for (const box of [state!, time!]) {
      expect(box.x).toBeGreaterThanOrEqual(card!.x - 0.5);
      expect(box.x + box.width).toBeLessThanOrEqual(card!.x + card!.width + 0.5);
    }
    // Order and time share the card's first line.
    expect(Math.abs(time!.y - card!.y)).toBeLessThan(24);

    const found = await overflowing(page);
    expect(found.pastTheEdge).toEqual([]);
    expect(found.clipped).toEqual([]);
    expect(found.page).toBeLessThanOrEqual(0);
    await orders.screenshot({ path: screenshotPath('phone-recent-orders-390') });
    await page
      .getByRole('listitem', { name: 'A thank-you note with a rather long name for a card' })
      .screenshot({ path: screenshotPath('phone-template-card-390') });

    await page.setViewportSize({ width: 1280, height: 900 });
    await orders.getByRole('columnheader', { name: 'Time' }).waitFor();
    await orders.screenshot({ path: screenshotPath('phone-recent-orders-1280') });
  });

  it('compares every plan on the pricing page without scrolling sideways', async () => {
    const { page } = await session.open(PHONE);
    await page.goto('/pricing');
    const compare = page.getByRole('table', { name: /Plan comparison/ });
    await compare.waitFor();
    await compare.scrollIntoViewIfNeeded();
    const business = await compare.getByRole('columnheader', { name: 'Business' }).boundingBox();
    expect(business!.x + business!.width).toBeLessThanOrEqual(PHONE.width);
    const found = await overflowing(page);
    expect(found.pastTheEdge).toEqual([]);
    expect(found.clipped).toEqual([]);
    await compare.screenshot({ path: screenshotPath('phone-pricing-compare-390') });
  });

  it('edits a block low in the email in a bottom sheet, with the block in view above it', async () => {
    const { page } = await session.open(PHONE);
    await registerConfirmedThroughUi(page, session.app, {
      name: 'Danae',
      email: uniqueEmail('sheet'),
    });
    await openDefaultTemplate(page);
    const blocks = page.getByTestId('editor-canvas').locator('[data-block-frame]');
    const last = blocks.last();
    await last.scrollIntoViewIfNeeded();
    await last.click();
    await page.getByRole('button', { name: 'Block settings' }).click();

    const sheet = page.getByRole('region', { name: 'Inspector' });
    await sheet.getByRole('button', { name: 'Reset to default' }).waitFor();
    const sheetBox = (await sheet.boundingBox())!;
    const blockBox = (await last.boundingBox())!;
    // The sheet is on screen at the bottom, not 1,500 px further down the page.
    expect(sheetBox.y + sheetBox.height).toBeLessThanOrEqual(PHONE.height + 0.5);
    expect(sheetBox.y).toBeGreaterThan(PHONE.height / 3);
    // The block being edited shows above it, below the sticky header.
    expect(blockBox.y).toBeGreaterThanOrEqual(56);
    expect(blockBox.y).toBeLessThan(sheetBox.y);
    expect((await overflowing(page)).page).toBeLessThanOrEqual(0);
    await page.screenshot({ path: screenshotPath('phone-inspector-sheet-390') });

    // Escape closes it and gives focus back to the toolbar's toggle.
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'hidden' });
    const focused = () => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
    expect(await focused()).toBe('Show inspector');

    // Escape closes it as well after a tap on the block above it took focus out of the sheet; the
    // block stays selected.
    await page.keyboard.press('Enter');
    await sheet.getByRole('button', { name: 'Reset to default' }).waitFor();
    await last.click();
    expect(await sheet.evaluate((element) => element.contains(document.activeElement))).toBe(false);
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'hidden' });
    expect(await focused()).toBe('Show inspector');
    expect(await last.getAttribute('aria-current')).toBe('true');
  });
});
