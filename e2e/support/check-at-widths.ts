// One screen checked at a desktop and a phone width, as the browser tests of a whole page do.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { screenshotPath } from '../helpers.ts';
import { seriousAxeFindings } from './axe.ts';

export const WIDTHS = [1280, 390] as const;

/**
 * Closes the toasts in view, which would cover the page in a screenshot; each closing moves the
 * next one up. Only toasts in view cover the page: one on its way out (or not laid out yet, on a
 * busy machine) has no box to click and hides nothing. One may also close by itself between the
 * count and the click (its time is up); the loop then looks again.
 */
export async function dismissToasts(page: Page, name = page.url()): Promise<void> {
  const dismiss = page
    .getByRole('button', { name: 'Dismiss notification' })
    .filter({ visible: true });
  for (let tries = 0; (await dismiss.count()) > 0; tries++) {
    if (tries === 10) throw new Error(`${name}: a toast in view would not close`);
    await dismiss
      .first()
      .click({ timeout: 2_000 })
      .catch(() => undefined);
  }
}

/**
 * At each width: nothing scrolls sideways, axe finds nothing serious, and a full-page screenshot
 * `<name>-<width>.png`, with the toasts in view dismissed first. Leaves the page at the desktop
 * width.
 */
export async function checkAtWidths(page: Page, name: string): Promise<void> {
  await dismissToasts(page, name);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.evaluate(() => window.scrollTo(0, 0));
    // Polled: a page whose parts follow their width (charts) settles once the resize is reported.
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth), {
        message: `${name} at ${width}px`,
      })
      .toBeLessThanOrEqual(width);
    expect(await seriousAxeFindings(page), `${name} at ${width}px`).toEqual([]);
    await page.screenshot({ path: screenshotPath(`${name}-${width}`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}
