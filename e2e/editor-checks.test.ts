// The editor's checks before sending, against the real server: the seller edits the default
// template into each problem, sees the item with its fix, goes to the block it names (selected,
// scrolled to and focused, by keyboard), fixes it, and sees the item go. The spam score comes from
// the real SpamAssassin where it is installed, and says plainly where it is not.
import { execFileSync } from 'node:child_process';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  openDefaultTemplate,
  registerConfirmedThroughUi,
  screenshotPath,
  uniqueEmail,
  useBrowserSession,
} from './helpers.ts';
import { seriousAxeFindings } from './support/axe.ts';

const session = useBrowserSession();

function spamAssassinInstalled(): boolean {
  try {
    execFileSync('spamassassin', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const LOGO = 'https://cdn.shop.test/logo.svg';
const LOGO_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="200" viewBox="0 0 600 200"><rect width="600" height="200" fill="#4f46e5"/></svg>';

const block = (page: Page, name: string) => page.getByRole('group', { name, exact: true });

/** The item headings in the panel, in order ("Button block 9 · Link leads nowhere"). */
async function itemTitles(panel: Locator): Promise<string[]> {
  const list = panel.getByRole('list', { name: 'Things to fix' });
  if ((await list.count()) === 0) return [];
  return (await list.getByRole('listitem').locator('p:first-child').allTextContents()).map((text) =>
    text.replace(/^(Fix this|Worth fixing): /, '').trim(),
  );
}

/** Goes to an item's block with the keyboard and checks it is selected, on screen and focused. */
async function goToBlock(page: Page, panel: Locator, name: string, rule: string) {
  const go = panel.getByRole('button', { name: `Go to ${name} (${rule})` });
  await go.focus();
  await page.keyboard.press('Enter');
  const frame = block(page, name);
  await expect.poll(() => frame.getAttribute('aria-current')).toBe('true');
  await expect.poll(() => frame.evaluate((el) => el === document.activeElement)).toBe(true);
  await expect
    .poll(() =>
      frame.evaluate((el) => {
        const box = el.getBoundingClientRect();
        return box.top < window.innerHeight && box.bottom > 0;
      }),
    )
    .toBe(true);
}

describe('checks before sending, in the editor', () => {
  it('finds each problem as the seller makes it, goes to its block, and clears once fixed', async () => {
    const { page } = await session.open();
    await registerConfirmedThroughUi(page, session.app, {
      name: 'Chara',
      email: uniqueEmail('editor-checks'),
    });
    await openDefaultTemplate(page);
    await page.getByLabel('Preview text', { exact: true }).fill('A little something for you.');

    const opener = page.getByRole('button', { name: /^Checks( \d+ to fix)?$/ });
    await expect.poll(() => opener.getAttribute('aria-label')).toBe('Checks 0 to fix');
    await opener.click();
    const panel = page.getByRole('region', { name: 'Checks before sending' });
    await panel.getByText('Nothing to fix.').waitFor();
    const spam = panel.getByText(/SpamAssassin/);
    await spam.waitFor({ timeout: 30_000 });
    if (spamAssassinInstalled() || process.env.CI === 'true') {
      expect(await panel.getByText('Looks fine').count()).toBe(1);
    } else {
      await panel.getByText('Not available').waitFor();
      expect(await spam.innerText()).toContain('SpamAssassin is not installed on this server');
    }
    // The size as sent, from the server, against Gmail's clip.
    const meter = panel.getByRole('meter', { name: 'Size' });
    expect(await meter.getAttribute('aria-valuetext')).toMatch(/^\d+ KB of 102 KB$/);
    await panel.getByText('As buyers get it', { exact: false }).waitFor();

    // 1. No subject: the item goes to the field, and writing one clears it.
    await page.getByLabel('Email Subject', { exact: true }).fill('');
    await expect.poll(() => itemTitles(panel)).toEqual(['Email Subject · No subject']);
    expect(await opener.getAttribute('aria-label')).toBe('Checks 1 to fix');
    await panel.getByRole('button', { name: 'Go to Email Subject (no subject)' }).click();
    await expect
      .poll(() =>
        page
          .getByLabel('Email Subject', { exact: true })
          .evaluate((el) => el === document.activeElement),
      )
      .toBe(true);
    await page.keyboard.type('Thank you, [customer-first-name]!');
    await expect.poll(() => itemTitles(panel)).toEqual([]);

    // 2. A picture without a description.
    await page.route(LOGO, (route) =>
      route.fulfill({ status: 200, contentType: 'image/svg+xml', body: LOGO_SVG }),
    );
    await block(page, 'Image block 1').click();
    await page.getByLabel('Image URL').fill(LOGO);
    await page.getByLabel('Alt text').fill('');
    await expect.poll(() => itemTitles(panel)).toEqual(['Image block 1 · No description']);
    await page.getByRole('button', { name: 'Show tokens' }).focus(); // the focus leaves the block
    await goToBlock(page, panel, 'Image block 1', 'no description');
    await page.getByLabel('Alt text').fill('Our shop’s logo');
    await expect.poll(() => itemTitles(panel)).toEqual([]);

    // 3. A button that leads nowhere, then 4. one whose address is a token that never is one.
    const buttonName = await page
      .getByTestId('editor-canvas')
      .locator('[data-block-type="button"]')
      .first()
      .getAttribute('aria-label');
    await block(page, buttonName!).click();
    const linkUrl = page.getByLabel('Link URL');
    const original = await linkUrl.inputValue();
    await linkUrl.fill('');
    await expect.poll(() => itemTitles(panel)).toEqual([`${buttonName} · Link leads nowhere`]);
    await goToBlock(page, panel, buttonName!, 'link leads nowhere');
    await linkUrl.fill('[shop-name]');
    await expect.poll(() => itemTitles(panel)).toEqual([`${buttonName} · Address from a token`]);
    expect(await panel.getByText(/never a web address/).count()).toBe(1);
    await linkUrl.fill(original);
    await expect.poll(() => itemTitles(panel)).toEqual([]);

    // 5. Words too pale to read, in light and in dark mode.
    await block(page, buttonName!).click();
    await page.getByLabel('Button color', { exact: true }).fill('#ffff66');
    await expect.poll(() => itemTitles(panel)).toEqual([`${buttonName} · Hard to read`]);
    expect(await panel.getByText(/in light mode and .* in dark mode/).count()).toBe(1);
    await panel.scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath('editor-checks-1280') });
    await panel.screenshot({ path: screenshotPath('editor-checks-1280-panel') });
    expect(await seriousAxeFindings(page)).toEqual([]);
    await page.getByLabel('Button color', { exact: true }).fill('#4f46e5');
    await expect.poll(() => itemTitles(panel)).toEqual([]);

    // The score was for the email before these edits: the panel says so, and scores it again.
    await panel.getByText('You changed the email since this score.').waitFor();
    await panel.getByRole('button', { name: 'Check again' }).click();
    await panel
      .getByText('You changed the email since this score.')
      .waitFor({ state: 'detached', timeout: 30_000 });

    // On a phone: the panel fits, an item still takes the seller to its block.
    await page.getByLabel('Alt text').count(); // (the inspector may be closed on a phone)
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByLabel('Preview text', { exact: true }).fill('');
    await expect.poll(() => itemTitles(panel)).toEqual(['Preview text · No preview line']);
    await panel.scrollIntoViewIfNeeded();
    expect(await panel.evaluate((el) => el.getBoundingClientRect().right)).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await page.screenshot({ path: screenshotPath('editor-checks-390') });
    await panel.screenshot({ path: screenshotPath('editor-checks-390-panel') });
    await panel.getByRole('button', { name: 'Go to Preview text (no preview line)' }).click();
    await expect
      .poll(() =>
        page
          .getByLabel('Preview text', { exact: true })
          .evaluate((el) => el === document.activeElement),
      )
      .toBe(true);
    await page.keyboard.type('A little something for you.');
    await expect.poll(() => itemTitles(panel)).toEqual([]);

    // Closing gives the keyboard back to the button that opened it.
    await panel.getByRole('button', { name: 'Close checks' }).click();
    await panel.waitFor({ state: 'detached' });
    expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);
  }, 240_000);
});
