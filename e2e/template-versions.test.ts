// Version history (issue 38 point 2) in a real browser: two publishes are two versions; History in
// the editor lists them with thumbnails; one opens read-only; two are compared side by side at
// desktop and phone widths; an older one is restored as a new version and the restore undone; a
// sent email in Recent orders links to the version it used.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { checkAtWidths } from './support/check-at-widths.ts';
import {
  callFromPage,
  openDefaultTemplate,
  registerConfirmedThroughUi,
  uniqueEmail,
  useBrowserSession,
} from './helpers.ts';

const session = useBrowserSession();

const subject = (page: Page) => page.getByLabel('Email Subject');

async function save(page: Page, text: string) {
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText(text).first().waitFor();
}

const liveSubject = async (page: Page, id: string) =>
  (await callFromPage<{ subject: string }>(page, 'GET', `/api/templates/${id}`)).subject;

describe('template version history', () => {
  it('publish -> history -> read-only view -> compare -> restore -> undo, and the feed links to the version sent', async () => {
    const { page } = await session.open();
    page.on('dialog', (dialog) => void dialog.accept());
    const email = uniqueEmail('versions');
    await registerConfirmedThroughUi(page, session.app, { name: 'Vera Version', email });

    // Two publishes: version 1 and version 2.
    await openDefaultTemplate(page);
    await subject(page).fill('First words');
    await save(page, 'Template created!');
    await page.waitForURL(/\/thankly\/create\?id=/);
    const id = new URL(page.url()).searchParams.get('id')!;
    await subject(page).fill('Second words');
    await save(page, 'Template updated sucessfully!');

    // History, from the editor's header.
    await page.getByRole('link', { name: 'History' }).click();
    await page.getByRole('heading', { name: 'Version history' }).waitFor();
    const cards = page.getByTestId('version-card');
    await expect.poll(() => cards.count()).toBe(2);
    await expect.poll(() => cards.first().textContent()).toContain('Version 2');
    expect(await cards.first().textContent()).toContain('Live');
    expect(await cards.first().textContent()).toContain('by Vera Version');
    expect(await cards.nth(1).textContent()).toContain('First words');
    // The thumbnails are the versions' emails, drawn from their own HTML.
    await expect
      .poll(() => page.locator('iframe[title="Version 1 thumbnail"]').getAttribute('src'))
      .toMatch(new RegExp(`/api/templates/${id}/versions/[0-9a-f-]+/html$`));
    await checkAtWidths(page, 'versions-list');

    // Version 1, read-only: drawn as buyers got it, with no editing controls.
    await page.getByRole('link', { name: 'View version 1' }).click();
    await page.getByText('Read-only').waitFor();
    const frame = page.frameLocator('iframe[title="Version 1, as buyers received it"]');
    await frame.locator('body').waitFor();
    expect(await page.getByRole('button', { name: 'Save', exact: true }).count()).toBe(0);
    await checkAtWidths(page, 'versions-view');
    await page.getByRole('button', { name: 'Phone' }).click();
    await checkAtWidths(page, 'versions-view-phone');

    // Compare version 1 with the live one, side by side, at both widths.
    await page.getByRole('link', { name: 'Compare with the live version' }).click();
    const sides = page.getByTestId('compare-side');
    await expect.poll(() => sides.count()).toBe(2);
    await expect.poll(() => sides.first().textContent()).toContain('Version 1');
    await expect.poll(() => sides.nth(1).textContent()).toContain('Version 2');
    expect(await sides.nth(1).textContent()).toContain('Subject: Second words');
    await checkAtWidths(page, 'versions-compare-desktop');
    await page.getByRole('button', { name: 'Phone' }).click();
    // Both drawn at the phone's width, each scaled into its half.
    await expect
      .poll(() =>
        page
          .locator('[data-testid="compare-side"] iframe')
          .evaluateAll((frames) => frames.map((f) => (f as HTMLIFrameElement).style.width)),
      )
      .toEqual(['390px', '390px']);
    await checkAtWidths(page, 'versions-compare-phone');

    // Restore version 1: it goes live as version 3; the undo brings version 2 back.
    await page.getByRole('button', { name: 'Restore version 1' }).click();
    await page.getByText('Version 1 is live again, kept as version 3.').waitFor();
    expect(await liveSubject(page, id)).toBe('First words');
    await page.getByRole('link', { name: /All versions/ }).click();
    await expect.poll(() => cards.count()).toBe(3);
    await expect.poll(() => cards.first().textContent()).toContain('Restored from version 1');
    await checkAtWidths(page, 'versions-restored');

    await page.getByRole('button', { name: 'Undo restore' }).first().click();
    await page.getByText('Restore undone: version 2 is live again.').waitFor();
    expect(await liveSubject(page, id)).toBe('Second words');
    await expect.poll(() => cards.first().textContent()).toContain('Undone');
    await expect.poll(() => cards.nth(1).textContent()).toContain('Live');
    await checkAtWidths(page, 'versions-undone');

    // A sent email names its version in Recent orders, linked to the read-only view.
    await callFromPage(page, 'POST', `/api/templates/selectors/select/${id}`);
    const { url } = await callFromPage<{ url: string }>(page, 'GET', '/api/etsy/connect');
    await page.goto(url);
    await page.getByRole('link', { name: 'Connect demo shop' }).click();
    await page.getByRole('heading', { name: 'Your Thank-You Notes' }).waitFor();
    const { shops } = await callFromPage<{ shops: { id: string }[] }>(page, 'GET', '/api/shops');
    await callFromPage(page, 'POST', `/api/shops/${shops[0]!.id}/demo-order`, {});
    await session.app.mail.waitFor(
      (m) => m.to.includes(email) && m.subject === 'Second words',
      30_000,
    );
    const versionLink = page.getByRole('link', { name: /v2 \(the version this email used\)/ });
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByRole('heading', { name: 'Your Thank-You Notes' }).waitFor();
          return versionLink.count();
        },
        { timeout: 30_000 },
      )
      .toBeGreaterThan(0);
    await versionLink.first().click();
    await page.getByText('Read-only').waitFor();
    await page.getByRole('heading', { name: 'Version 2' }).waitFor();
  }, 240_000);
});
