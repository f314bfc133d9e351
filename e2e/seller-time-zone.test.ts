// Issue 34 point 9 in a real browser: the seller's time zone comes from the browser at sign-up, is
// changed on Account with a searchable list (typed, chosen from the keyboard, saved), and every time
// the dashboard shows is on that clock, named, whatever the browser's own zone. Screenshots of
// Account with the list open and of Recent orders at 1280 and 390 px go to e2e/artifacts.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  callFromPage,
  registerConfirmedThroughUi,
  screenshotPath,
  uniqueEmail,
  useBrowserSession,
  waitForApp,
} from './helpers.ts';
import { checkAtWidths } from './support/check-at-widths.ts';

const session = useBrowserSession();

const picker = (page: Page) => page.getByRole('combobox', { name: 'Your time zone' });

async function connectDemoShop(page: Page) {
  const { url } = await callFromPage<{ url: string }>(page, 'GET', '/api/etsy/connect');
  await page.goto(url);
  await page.getByRole('link', { name: 'Connect demo shop' }).click();
  await page.getByRole('heading', { name: 'Your Thank-You Notes' }).waitFor();
}

describe("the seller's time zone", () => {
  it('starts as the browser’s, is searched, chosen from the keyboard and saved on Account', async () => {
    // A browser in New York: the account starts on its zone.
    const { page } = await session.open({ width: 1280, height: 900 }, 'America/New_York');
    await registerConfirmedThroughUi(page, session.app, {
      name: 'Nora',
      email: uniqueEmail('time-zone'),
    });
    expect((await callFromPage<{ timeZone: string }>(page, 'GET', '/api/me')).timeZone).toBe(
      'America/New_York',
    );

    await page.goto('/Account');
    await waitForApp(page);
    const box = picker(page);
    expect(await box.inputValue()).toBe('America/New York');
    expect(await box.getAttribute('aria-expanded')).toBe('false');
    const save = page.getByRole('button', { name: 'Save time zone' });
    expect(await save.isDisabled()).toBe(true);

    // Search: typing narrows the list to the places holding what was typed.
    await box.fill('');
    await box.pressSequentially('europe/b');
    expect(await box.getAttribute('aria-expanded')).toBe('true');
    const list = page.getByRole('listbox', { name: 'Your time zone' });
    const options = list.getByRole('option');
    await expect.poll(() => options.first().innerText()).toBe('Europe/Belgrade');
    const names = await options.allInnerTexts();
    expect(names).toContain('Europe/Berlin');
    expect(names.every((n) => n.startsWith('Europe/B'))).toBe(true);
    await page
      .getByRole('status')
      .filter({ hasText: /\d+ matches/ })
      .waitFor();

    // Keyboard: the focus stays in the box; the arrow moves the highlighted option, Enter takes it.
    await box.press('ArrowDown');
    const activeId = await box.getAttribute('aria-activedescendant');
    expect(activeId).toBeTruthy();
    expect(await page.locator(`[id="${activeId}"]`).innerText()).toBe('Europe/Berlin');
    await page.screenshot({ path: screenshotPath('time-zone-picker-open-1280') });
    await page.setViewportSize({ width: 390, height: 844 });
    await box.scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath('time-zone-picker-open-390') });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await page.setViewportSize({ width: 1280, height: 900 });
    await box.press('Enter');
    expect(await box.getAttribute('aria-expanded')).toBe('false');
    expect(await box.inputValue()).toBe('Europe/Berlin');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe(
      'combobox',
    );

    // Escape closes the list and leaves the choice as it was.
    await box.pressSequentially('xyz');
    await list.getByText('No time zone matches “Europe/Berlinxyz”. Try a city near you.').waitFor();
    await box.press('Escape');
    expect(await box.inputValue()).toBe('Europe/Berlin');

    await save.click();
    await page.getByText('Time zone saved').waitFor();
    expect((await callFromPage<{ timeZone: string }>(page, 'GET', '/api/me')).timeZone).toBe(
      'Europe/Berlin',
    );
    await page.reload();
    await waitForApp(page);
    expect(await picker(page).inputValue()).toBe('Europe/Berlin');
    await checkAtWidths(page, 'account-time-zone');
    const card = page.getByRole('region', { name: 'Time zone' });
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await card.screenshot({ path: screenshotPath(`time-zone-card-${width}`) });
    }
  });

  it("shows every time on the dashboard on the seller's clock, named, not the browser's", async () => {
    // The browser is in New York; the seller's clock is Berlin.
    const { page } = await session.open({ width: 1280, height: 900 }, 'America/New_York');
    await registerConfirmedThroughUi(page, session.app, {
      name: 'Bruno',
      email: uniqueEmail('time-zone-orders'),
    });
    await callFromPage(page, 'PATCH', '/api/me/time-zone', { timeZone: 'Europe/Berlin' });
    await connectDemoShop(page);
    await page.reload();
    await waitForApp(page);
    await page.getByRole('button', { name: 'Simulate a paid order' }).click();

    const orders = page.getByRole('region', { name: 'Recent orders' });
    const time = orders.locator('time').first();
    await time.waitFor({ timeout: 30_000 });
    const iso = await time.getAttribute('dateTime');
    const expected = await page.evaluate(
      (instant) =>
        new Intl.DateTimeFormat('en', {
          dateStyle: 'medium',
          timeStyle: 'short',
          timeZone: 'Europe/Berlin',
        }).format(new Date(instant!)),
      iso,
    );
    const shown = await time.innerText();
    // Berlin's clock with its name (CET in winter, CEST in summer), not New York's.
    expect(shown).toMatch(/ CES?T$/);
    expect(shown.replace(/ CES?T$/, '')).toBe(expected);
    for (const text of await orders.locator('time').allInnerTexts())
      expect(text).toMatch(/ CES?T$/);
    await page.getByText(/^Last order .* CES?T$/).waitFor();
    await checkAtWidths(page, 'dashboard-times-in-seller-zone');
  });
});
