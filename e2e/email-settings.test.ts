// Issue 21 items 3, 5 and 12 in a real browser: the seller sets preview text, the email's language
// and a postal address, and an image whose size the editor measures as it loads; the test email
// carries all of it. Screenshots of the fields at 1280 and 390 px go to e2e/artifacts.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  registerConfirmedThroughUi,
  registerThroughUi,
  screenshotPath,
  uniqueEmail,
  useBrowserSession,
  waitForApp,
  openDefaultTemplate,
} from './helpers.ts';

const session = useBrowserSession();

// Served by the browser's own route below: nothing leaves this machine, and the server never
// fetches it (it only ever sees the URL and the size the editor measured).
const LOGO = 'https://cdn.shop.test/logo.svg';
const LOGO_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="900" height="300" viewBox="0 0 900 300"><rect width="900" height="300" fill="#4f46e5"/></svg>';

async function serveLogo(page: Page) {
  await page.route(LOGO, (route) =>
    route.fulfill({ status: 200, contentType: 'image/svg+xml', body: LOGO_SVG }),
  );
}

const block = (page: Page, name: string) => page.getByRole('group', { name, exact: true });

describe('email settings in the editor', () => {
  it('sends the preview text, language, measured image width and postal address in the test email', async () => {
    const { page } = await session.open({ width: 1280, height: 900 });
    await serveLogo(page);
    const email = uniqueEmail('settings');
    await registerConfirmedThroughUi(page, session.app, { name: 'Eleni', email });

    await page.goto('/Account');
    await waitForApp(page);
    const address = page.getByRole('textbox', { name: 'Postal address' });
    await address.fill('Odos Ermou 5\nAthina 105 63');
    await page.getByRole('button', { name: 'Save address' }).click();
    await page.getByText('Postal address saved').waitFor();
    await page
      .getByRole('region', { name: 'Postal address' })
      .screenshot({ path: screenshotPath('postal-address-card-1280') });
    const viewport = page.viewportSize()!;
    await page.setViewportSize({ width: 390, height: 900 });
    await page
      .getByRole('region', { name: 'Postal address' })
      .screenshot({ path: screenshotPath('postal-address-card-390') });
    await page.setViewportSize(viewport);

    await page.goto('/thankly/create');
    await page.getByRole('heading', { name: 'Create template' }).waitFor();
    await page.getByLabel('Template Name').fill('Greek thanks');
    await page.getByLabel('Preview text').fill('Ένα μικρό δώρο για σένα, [customer-first-name]');
    await page.getByLabel('Email language').selectOption('el');

    await block(page, 'Image block 1').click();
    await page.getByLabel('Image URL').fill(LOGO);
    await page.getByLabel('Alt text').fill('');
    await page.getByText('This image has no alt text').waitFor();
    await page
      .getByRole('group', { name: 'Image width' })
      .getByRole('button', { name: 'Auto' })
      .click();
    const img = page.getByTestId('editor-canvas').locator(`img[src="${LOGO}"]`);
    await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBe(900);
    await page.screenshot({ path: screenshotPath('editor-email-settings-1280') });

    await page.getByLabel('Alt text').fill('Eleni’s shop');
    expect(await page.getByText('This image has no alt text').count()).toBe(0);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Template created!').waitFor();
    // Saving keeps the seller in the editor; the way back leads to the dashboard.
    await page.getByRole('heading', { name: 'Edit template' }).waitFor();
    await page.getByRole('link', { name: '← Back' }).click();
    await page.getByRole('heading', { name: 'Your Thank-You Notes' }).waitFor();

    await page.getByRole('button', { name: 'Send test of Greek thanks' }).click();
    await page.getByText('Test email sent! Check your inbox...').waitFor();
    const mail = await session.app.mail.waitFor(
      (m) => m.to.includes(email) && m.subject.startsWith('[Test]'),
      10_000,
    );
    expect(mail.html).toContain('<html lang="el" dir="ltr"');
    expect(mail.html).toMatch(
      /<div style="display:none;[^"]*mso-hide:all">Ένα μικρό δώρο για σένα, Alex&#847;/,
    );
    // 900px natural width, 568px of room in the block: Outlook gets 568.
    expect(mail.html).toContain(`<img src="${LOGO}" alt="Eleni’s shop" width="568"`);
    expect(mail.html).toContain('>Απεγγραφή</a>');
    expect(mail.html).toContain('Odos Ermou 5<br>Athina 105 63');
    expect(mail.text).toContain('Απεγγραφή: ');
  });

  it('fits the fields on a 390px screen, right-to-left languages included', async () => {
    const { page } = await session.open({ width: 390, height: 844 });
    await serveLogo(page);
    await registerThroughUi(page, { name: 'Noa', email: uniqueEmail('settings-mobile') });
    await openDefaultTemplate(page);
    await page.getByLabel('Preview text').fill('שלום [customer-first-name], תודה!');
    await page.getByLabel('Email language').selectOption('he');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await page.getByLabel('Preview text').scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath('editor-email-settings-390') });

    await page.getByRole('button', { name: 'Show inspector' }).click();
    await block(page, 'Image block 1').click();
    await page.getByLabel('Image URL').fill(LOGO);
    await page.getByLabel('Alt text').fill('');
    await page.getByText('This image has no alt text').scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath('editor-alt-warning-390') });

    await page.getByRole('button', { name: 'Preview HTML' }).click();
    await expect
      .poll(async () => (await page.getByTestId('html-source').textContent()) ?? '')
      .toContain('<html lang="he" dir="rtl"');
  });
});
