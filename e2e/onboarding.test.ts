// A new seller's first minutes, at 1280 and 390 px: the dashboard's setup checklist and empty state
// lead through a template, a coupon code, the demo shop and the confirmed address, and the
// checklist is gone once thank-you emails can go out.
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import {
  confirmEmailThroughMail,
  registerThroughUi,
  screenshotPath,
  uniqueEmail,
  useBrowserSession,
  waitForApp,
  chooseStarter,
} from './helpers.ts';
import { dismissToasts } from './support/check-at-widths.ts';

const session = useBrowserSession();

/** A step by its title, reading as done or not done in words. */
function step(checklist: Locator, title: string, done: boolean) {
  return checklist
    .getByRole('listitem')
    .filter({ has: checklist.page().getByText(title, { exact: true }) })
    .filter({ has: checklist.page().getByText(done ? 'Done' : 'Not done', { exact: true }) });
}

async function noSidewaysScroll(page: Page) {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

describe.each([
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
])('onboarding at $width px', (viewport) => {
  it('follows the checklist to a seller who is sending, and the checklist goes', async () => {
    const { page } = await session.open(viewport);
    const email = uniqueEmail(`onboarding-${viewport.width}`);
    // The registration form says the server's password rule at the field, before sending.
    await page.goto('/register');
    await waitForApp(page);
    await page.getByLabel('Password').fill('short');
    await page.getByLabel('Password').press('Tab');
    await page.getByText('Password must be at least 8 characters.').waitFor();
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Please fill out all fields.').waitFor();
    // The first field to fix has the focus.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('name');
    await page.screenshot({ path: screenshotPath(`register-field-rules-${viewport.width}`) });
    await registerThroughUi(page, { name: 'Dafni', email });

    const checklist = page.getByRole('region', { name: 'Get set up' });
    await checklist.getByText('0 of 4 done').waitFor();
    await page.getByText('No templates yet. Create your first!').waitFor();
    expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(0);
    await dismissToasts(page);
    await page.screenshot({
      path: screenshotPath(`onboarding-checklist-${viewport.width}`),
      fullPage: true,
    });

    // 1. A template, from the empty state's own button; the first one is selected by itself.
    await page.getByRole('button', { name: 'Create your first template' }).click();
    await chooseStarter(page, 'classic');
    await page.getByLabel('Template Name').fill('First thanks');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Template created!').waitFor();
    // Saving keeps the seller in the editor; the way back leads to the dashboard.
    await page.getByRole('heading', { name: 'Edit template' }).waitFor();
    await page.getByRole('link', { name: '← Back' }).click();
    await page.getByRole('heading', { name: 'Your Thank-You Notes' }).waitFor();
    await step(checklist, 'Create a template', true).waitFor();

    // 2. A coupon code, where the step's link leads.
    await step(checklist, 'Save a coupon code', false)
      .getByRole('link', { name: 'Add coupon code' })
      .click();
    await page.waitForURL(/#coupon-code$/);
    await page.getByLabel('Coupon code').fill('DAFNI10');
    await page.getByRole('button', { name: 'Save code' }).click();
    await step(checklist, 'Save a coupon code', true).waitFor();

    // 3. The demo shop, from the shops section the step links to.
    await step(checklist, 'Connect your shop', false)
      .getByRole('link', { name: 'Connect a shop' })
      .click();
    await page.waitForURL(/#shops$/);
    await page.getByRole('button', { name: 'Try the demo shop' }).click();
    await page.getByRole('link', { name: 'Connect demo shop' }).click();
    await page.getByRole('heading', { name: 'Your Thank-You Notes' }).waitFor();
    await step(checklist, 'Connect your shop', true).waitFor();

    // 4. Only the unconfirmed address keeps emails from going out now, and the step says so.
    const sending = step(checklist, 'Start sending', false);
    await sending.getByText('Confirm your email address', { exact: false }).waitFor();
    await checklist.getByText('3 of 4 done').waitFor();
    expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(0);
    await dismissToasts(page);
    await page.screenshot({
      path: screenshotPath(`onboarding-checklist-last-step-${viewport.width}`),
      fullPage: true,
    });

    await confirmEmailThroughMail(page, session.app, email);
    await page.getByRole('link', { name: 'Go to your templates' }).click();
    await page.getByRole('heading', { name: 'Your Thank-You Notes' }).waitFor();
    await waitForApp(page);
    await page.getByRole('region', { name: 'Sending today' }).getByText('First thanks').waitFor();
    await page.getByRole('heading', { name: 'Your shops' }).waitFor();
    expect(await checklist.count()).toBe(0);
    expect(await page.getByTestId('verify-email-banner').count()).toBe(0);
  });
});
