// Tokens on the editor's canvas read as labelled chips or as an order's values, never broken
// across lines; "Preview as" fills them from one of the seller's own recent orders.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  openDefaultTemplate,
  registerConfirmedThroughUi,
  screenshotPath,
  uniqueEmail,
  useBrowserSession,
} from './helpers.ts';

const session = useBrowserSession();

/** Every chip on the canvas: its text, and how many line boxes it takes (1: it did not wrap). */
const chips = (page: Page) =>
  page.locator('[data-rich-text-static] .rt-token').evaluateAll((els) =>
    els.map((el) => ({
      token: el.getAttribute('data-token'),
      text: el.textContent,
      view: el.getAttribute('data-view'),
      lines: el.getClientRects().length,
    })),
  );

describe('tokens on the canvas', () => {
  it('show as labels or values, whole at 1280 and 390 px, and preview as a real order', async () => {
    const { page } = await session.open();
    const email = uniqueEmail('chips');
    await registerConfirmedThroughUi(page, session.app, { name: 'Dimitra Papadaki', email });
    // One real order to preview with.
    await page.getByRole('button', { name: 'Try the demo shop' }).click();
    await page.getByRole('link', { name: 'Connect demo shop' }).click();
    await page.getByRole('button', { name: 'Simulate a paid order' }).click();
    await expect
      .poll(
        () =>
          page.evaluate(async () => {
            const reply = await fetch('/api/preview-orders');
            return ((await reply.json()) as { orders: unknown[] }).orders.length;
          }),
        { timeout: 20_000 },
      )
      .toBeGreaterThan(0);

    await openDefaultTemplate(page);
    await page.locator('[data-rich-text-static] .rt-token').first().waitFor();
    const labels = await chips(page);
    expect(labels).toContainEqual(
      expect.objectContaining({
        token: '[customer-first-name|there]',
        text: 'Customer first name',
        view: 'label',
      }),
    );
    expect(labels.every((c) => c.lines === 1)).toBe(true);
    await page.screenshot({ path: screenshotPath('token-chips-labels-1280') });

    await page.getByRole('button', { name: 'Order values' }).click();
    await expect
      .poll(
        async () =>
          (await chips(page)).find((c) => c.token === '[customer-first-name|there]')?.text,
      )
      .toBe('Alex');

    const previewAs = page.getByLabel('Preview as');
    const own = previewAs.locator('option', { hasText: 'from Dimitra' });
    await previewAs.selectOption({ label: (await own.textContent())!.trim() });
    await expect
      .poll(
        async () =>
          (await chips(page)).find((c) => c.token === '[customer-first-name|there]')?.text,
      )
      .toBe('Dimitra');
    await page.screenshot({ path: screenshotPath('token-chips-values-1280') });

    await page.setViewportSize({ width: 390, height: 900 });
    await page.getByRole('button', { name: 'Token names' }).click();
    await expect.poll(async () => (await chips(page)).every((c) => c.lines === 1)).toBe(true);
    await page.screenshot({ path: screenshotPath('token-chips-labels-390'), fullPage: true });
  });
});
