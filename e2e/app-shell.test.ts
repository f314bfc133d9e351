// The signed-in product's own frame in a real browser: its navigation reaches Account & billing and
// the dashboard's sections, shows the plan and today's usage, and Upgrade lands on the plan cards;
// at 1280 px as a bar, at 390 px as a compact bar with a Menu.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { registerThroughUi, screenshotPath, uniqueEmail, useBrowserSession } from './helpers.ts';

const session = useBrowserSession();

async function noSidewaysScroll(page: Page) {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

async function isInViewport(page: Page, id: string) {
  return page.evaluate((elementId) => {
    const box = document.getElementById(elementId)?.getBoundingClientRect();
    return !!box && box.top >= 0 && box.top < window.innerHeight;
  }, id);
}

describe('app shell', () => {
  it('at 1280px: the bar navigates to Account & billing, Orders and Upgrade', async () => {
    const { page } = await session.open({ width: 1280, height: 900 });
    await registerThroughUi(page, { name: 'Iris', email: uniqueEmail('shell-desktop') });
    const nav = page.getByRole('navigation', { name: 'App', exact: true });
    await nav.waitFor();
    expect(await nav.getByRole('link', { name: 'Templates' }).getAttribute('aria-current')).toBe(
      'page',
    );
    const meter = page.getByRole('group', { name: 'Plan and usage' });
    await meter.getByText('Starter plan').waitFor();
    await meter.getByText('0 / 5 thank-yous today').waitFor();
    // Marketing chrome is gone from the product.
    expect(await page.getByRole('link', { name: 'Pricing' }).count()).toBe(0);
    expect(await page.getByRole('contentinfo').count()).toBe(0);
    await page.getByRole('heading', { name: 'Recent orders' }).waitFor();
    await page.screenshot({ path: screenshotPath('app-shell-dashboard-1280') });
    expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(0);

    await nav.getByRole('link', { name: 'Orders' }).click();
    await page.waitForURL('**/thankly#orders');
    await expect.poll(() => isInViewport(page, 'orders')).toBe(true);
    expect(await nav.getByRole('link', { name: 'Orders' }).getAttribute('aria-current')).toBe(
      'page',
    );

    await nav.getByRole('link', { name: 'Account & billing' }).click();
    await page.waitForURL('**/Account');
    await page.getByRole('heading', { name: 'Account', level: 1 }).waitFor();
    await page.getByText('Current plan: Starter').waitFor();
    expect(
      await nav.getByRole('link', { name: 'Account & billing' }).getAttribute('aria-current'),
    ).toBe('page');

    await page.getByRole('button', { name: 'Logout', exact: true }).waitFor();
    await meter.getByRole('link', { name: 'Upgrade' }).click();
    await page.waitForURL('**/Account#plans');
    await page.getByRole('button', { name: 'Choose Growth' }).waitFor();
    await expect.poll(() => isInViewport(page, 'plans')).toBe(true);
  });

  it('at 390px: a compact bar whose Menu reaches Account & billing with the plan', async () => {
    const { page } = await session.open({ width: 390, height: 844 });
    await registerThroughUi(page, { name: 'Nora', email: uniqueEmail('shell-phone') });
    await page.getByTestId('usage-meter-compact').getByText('0/5 today').waitFor();
    // The desktop links are not shown on a phone; the Menu button is.
    expect(await page.getByRole('navigation', { name: 'App', exact: true }).count()).toBe(0);
    const menu = page.getByRole('button', { name: 'Menu' });
    await page.getByRole('heading', { name: 'Recent orders' }).waitFor();
    await page.screenshot({ path: screenshotPath('app-shell-dashboard-390') });
    expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(0);

    await menu.focus();
    await page.keyboard.press('Enter');
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    const panelNav = page.getByRole('navigation', { name: 'App menu' });
    await page.getByRole('group', { name: 'Plan and usage' }).getByText('Starter plan').waitFor();
    await page.screenshot({ path: screenshotPath('app-shell-menu-390') });
    expect(
      await panelNav.getByRole('link', { name: 'Templates' }).getAttribute('aria-current'),
    ).toBe('page');
    await page.keyboard.press('Escape');
    expect(await menu.getAttribute('aria-expanded')).toBe('false');

    await menu.click();
    await panelNav.getByRole('link', { name: 'Account & billing' }).click();
    await page.waitForURL('**/Account');
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    await page.getByText('Current plan: Starter').waitFor();
    await menu.click();
    expect(
      await panelNav.getByRole('link', { name: 'Account & billing' }).getAttribute('aria-current'),
    ).toBe('page');
    await page.screenshot({ path: screenshotPath('app-shell-account-390') });
    expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(0);
  });
});
