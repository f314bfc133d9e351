// The editor on a laptop: after scrolling down a long email, the inspector stays in view below the
// app's sticky header, never under it.
import { describe, expect, it } from 'vitest';
import { registerThroughUi, screenshotPath, uniqueEmail, useBrowserSession } from './helpers.ts';

const session = useBrowserSession();

describe('the editor at 1280 px', () => {
  it('keeps the inspector below the sticky header while the page scrolls', async () => {
    const { page } = await session.open({ width: 1280, height: 800 });
    await registerThroughUi(page, { name: 'Ismini', email: uniqueEmail('inspector') });
    await page.goto('/thankly/create');
    await page.getByRole('heading', { name: 'Create template' }).waitFor();
    await page.locator('[data-block-type="text"]').nth(1).click();
    await page.mouse.wheel(0, 700);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);

    const header = await page.locator('header').first().boundingBox();
    const tab = await page.getByRole('tab', { name: 'Inspect' }).boundingBox();
    expect(tab!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
    expect(tab!.y + tab!.height).toBeLessThanOrEqual(800);
    await page.screenshot({ path: screenshotPath('editor-scrolled-inspector-1280') });
  });
});
