// Sharing a read-only preview (issue 38 point 3) in a real browser: the seller makes a link from the
// editor, someone with no account opens it in a browser of their own and sees the email at desktop
// and phone widths, and once the seller revokes it the link shows a friendly page and nothing else.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousAxeFindings } from './support/axe.ts';
import { checkAtWidths } from './support/check-at-widths.ts';
import {
  openDefaultTemplate,
  registerThroughUi,
  screenshotPath,
  uniqueEmail,
  useBrowserSession,
} from './helpers.ts';

const session = useBrowserSession();

/** The dialog at both widths, as the seller sees it over the editor; axe finds nothing serious in it. */
async function dialogShots(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    // Only the dialog's own findings: the editor behind it is checked by its own tests.
    const inDialog = [];
    for (const finding of await seriousAxeFindings(page)) {
      const targets = await Promise.all(
        finding.targets.map((target) => page.locator(`[role="dialog"] ${target}`).count()),
      );
      if (targets.some((count) => count > 0)) inDialog.push(finding);
    }
    expect(inDialog, `${name} at ${width}px`).toEqual([]);
    await page.screenshot({ path: screenshotPath(`shared-preview-${name}-${width}`) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe('shared preview', () => {
  it('makes a link in the editor, opens it with no account at both widths, and revokes it', async () => {
    const { page } = await session.open();
    page.on('dialog', (dialog) => void dialog.accept());
    await registerThroughUi(page, { name: 'Wren', email: uniqueEmail('share') });
    await openDefaultTemplate(page);

    // A template never saved has nothing published to share yet.
    const shareButton = page.getByRole('button', { name: 'Share preview' });
    await expect.poll(() => shareButton.isDisabled()).toBe(true);
    await page.getByLabel('Template Name').fill('Spring thanks');
    await page.getByLabel('Email Subject').fill('Thank you, [customer-first-name]!');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Template created!').waitFor();
    await page.waitForURL(/\/thankly\/create\?id=/);

    // The header with its Share preview button, at both widths.
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: screenshotPath(`shared-preview-editor-header-${width}`) });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await shareButton.click();
    const dialog = page.getByRole('dialog', { name: 'Share a preview' });
    await dialog.getByText('No links yet.', { exact: false }).waitFor();
    await dialogShots(page, 'dialog-empty');

    await dialog.getByLabel('Link works for').selectOption('14');
    await dialog.getByLabel('Who is it for? (optional)').fill('Print shop');
    await dialog.getByRole('button', { name: 'Create link' }).click();
    await dialog.getByText('Link created').waitFor();
    const url = await dialog
      .getByRole('textbox', { name: 'Preview link', exact: true })
      .inputValue();
    expect(url).toMatch(/\/preview\/[A-Za-z0-9_-]{43}$/);
    const row = dialog.getByTestId('shared-preview-row');
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.textContent()).toContain('Print shop');
    await dialogShots(page, 'dialog-created');

    // Someone else, in a browser of their own: no cookie, no account.
    const visitor = await session.browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      expect(await visitor.cookies()).toEqual([]);
      const preview = await visitor.newPage();
      const errors: string[] = [];
      preview.on('pageerror', (error) => errors.push(error.message));
      const response = await preview.goto(url);
      expect(response?.status()).toBe(200);
      expect(response?.headers()['set-cookie']).toBeUndefined();
      await preview.getByRole('heading', { name: 'Spring thanks' }).waitFor();
      await preview.getByText('Thank you, Alex!').waitFor();

      // The email is inside each frame, filled with sample details, at its own width.
      for (const [title, width] of [
        ['The email on a desktop screen', 1100],
        ['The email on a phone screen', 390],
      ] as const) {
        const frame = preview.frameLocator(`iframe[title="${title}"]`);
        await frame.getByText('Alex', { exact: false }).first().waitFor();
        const inner = await frame.locator('body').evaluate(() => window.innerWidth);
        expect(inner, title).toBe(width);
      }
      // The page's own policy holds: no script runs in the email, nothing has cookies.
      expect(await visitor.cookies()).toEqual([]);
      await checkAtWidths(preview, 'shared-preview-page');
      // A phone reading it: the phone frame in view (frames below the fold are not painted
      // in a full-page shot).
      await preview.setViewportSize({ width: 390, height: 900 });
      await preview.locator('iframe[title="The email on a phone screen"]').scrollIntoViewIfNeeded();
      await preview.screenshot({ path: screenshotPath('shared-preview-page-phone-frame-390') });
      await preview.setViewportSize({ width: 1280, height: 900 });

      // Revoked in the editor: the same address now says so, and shows no email.
      await dialog.getByRole('button', { name: 'Revoke Print shop' }).click();
      await dialog.getByText('No links yet.', { exact: false }).waitFor();
      const gone = await preview.goto(url);
      expect(gone?.status()).toBe(404);
      await preview.getByRole('heading', { name: 'This preview link no longer works' }).waitFor();
      expect(await preview.locator('iframe').count()).toBe(0);
      expect(await preview.getByText('Log in').count()).toBe(0);
      expect(await preview.getByText('Spring thanks').count()).toBe(0);
      await checkAtWidths(preview, 'shared-preview-revoked');
      expect(errors).toEqual([]);
    } finally {
      await visitor.close();
    }
  }, 180_000); // the editor, two browsers and six axe runs on a shared 2-core machine
});
