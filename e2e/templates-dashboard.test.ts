// The dashboard in a real browser: select a template, send a test email and find it in the SMTP
// sink with the content the renderer produces, edit and save again, the Starter slot limit, and
// delete with confirmation.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createDefaultTemplate, renderEmailForOrder, sampleTokenValues } from '@thankly/email';
import {
  registerConfirmedThroughUi,
  registerThroughUi,
  screenshotPath,
  uniqueEmail,
  type WatchedPage,
  useBrowserSession,
  chooseStarter,
} from './helpers.ts';

/** What a frame asked the network for, from its own resource timing (fetches that failed too). */
async function resourcesOf(page: Page, selector: string): Promise<string[]> {
  const frame = await (await page.locator(selector).elementHandle())!.contentFrame();
  return frame!.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name));
}

const session = useBrowserSession();
let current: WatchedPage | null = null;

describe('template dashboard', () => {
  it('selects, sends a test, edits, refuses a second Starter template and deletes', async () => {
    current = await session.open();
    const { page } = current;
    const email = uniqueEmail('dashboard');
    await registerConfirmedThroughUi(page, session.app, { name: 'Nikos', email });

    // A template saved through the API, as the editor would.
    const { design } = createDefaultTemplate();
    const subject = 'Thanks for your order, [customer-first-name]!';
    const created = await page.request.post('/api/templates', {
      data: { name: 'Autumn', subject, design },
    });
    expect(created.status()).toBe(201);
    await page.reload();
    const card = page.getByRole('listitem', { name: 'Autumn' });
    await card.waitFor();

    // The first template is selected on its own: the card is marked and is what goes out today.
    await card.getByText('Selected', { exact: true }).waitFor();
    expect(await card.getByRole('button', { name: 'Select Autumn' }).isDisabled()).toBe(true);
    await card.getByText('Sending today', { exact: true }).waitFor();
    await page.getByRole('region', { name: 'Sending today' }).getByText('Autumn').waitFor();

    // Send test: the mail arrives with exactly the rendered content, sample order values and the
    // seller's own (here: no coupon code, so no coupon button).
    await card.getByRole('button', { name: 'Send test of Autumn' }).click();
    await page.getByText('Test email sent! Check your inbox...').waitFor();
    const mail = await session.app.mail.waitFor(
      (m) => m.to.includes(email) && m.subject.startsWith('[Test]'),
      10_000,
    );
    const expected = renderEmailForOrder(design, subject, {
      ...sampleTokenValues,
      'coupon-code': undefined,
    });
    expect(mail.subject).toBe(`[Test] ${expected.subject}`);
    // The design's text, then the footer every buyer email carries.
    expect(mail.text.startsWith(expected.text.trimEnd())).toBe(true);
    expect(mail.text).toContain('\n--\nYou received this email because you ordered from');
    expect(mail.html).toContain('Thank you so much for shopping with Juniper &amp; Clay!');

    // New template on Starter (1 slot, used): refused on the dashboard.
    await page.getByRole('button', { name: 'New template' }).click();
    await page
      .getByText(
        'Whoops.. you have used up all your template slots - upgrade your plan to get more.',
      )
      .waitFor();
    expect(new URL(page.url()).pathname).toBe('/thankly');

    // Edit and save again.
    await card.getByRole('link', { name: 'Edit Autumn' }).click();
    await page.getByRole('heading', { name: 'Edit template' }).waitFor();
    await page.getByLabel('Email Subject').fill('A little thank-you from [shop-name]');
    // The conditional panel is for paid plans only.
    expect(await page.getByText('Conditional sending').count()).toBe(0);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Template updated sucessfully!').waitFor();
    // Saving keeps the seller in the editor; the way back leads to the dashboard.
    expect(new URL(page.url()).pathname).toBe('/thankly/create');
    await page.getByRole('heading', { name: 'Edit template' }).waitFor();
    await page.getByRole('link', { name: '← Back' }).click();
    await page.waitForURL((url) => url.pathname === '/thankly');
    // The card reads as a buyer would: the sample order's values, no raw token.
    await card.getByText('A little thank-you from Juniper & Clay').waitFor();
    await page.screenshot({ path: screenshotPath('dashboard-selected'), fullPage: true });

    // Delete asks first; dismissing keeps it, accepting removes it.
    page.once('dialog', (dialog) => void dialog.dismiss());
    await card.getByRole('button', { name: 'Delete Autumn' }).click();
    await card.waitFor();
    page.once('dialog', (dialog) => {
      expect(dialog.message()).toContain('Autumn');
      void dialog.accept();
    });
    await card.getByRole('button', { name: 'Delete Autumn' }).click();
    await page.getByText('Template deleted.').waitFor();
    await page.getByText('no template is selected now', { exact: false }).waitFor();
    await page.getByText('No templates yet. Create your first!').waitFor();
  });

  it('previews ask nothing of the outside world, and a long name stays within two lines', async () => {
    current = await session.open();
    const { page } = current;
    // Every request the page makes that leaves this server. Requests from sandboxed frames are not
    // reported here, so each preview frame's own resource timing is read as well (below).
    const outside: string[] = [];
    page.on('request', (request) => {
      const url = request.url();
      if (!url.startsWith(session.app.url) && !/^(about|data|blob):/.test(url)) outside.push(url);
    });
    await registerThroughUi(page, { name: 'Lena', email: uniqueEmail('previews') });

    const base = createDefaultTemplate().design;
    // A web font the renderer links from Google Fonts for mail clients.
    const design = {
      ...base,
      global: { ...base.global, fontFamily: "'Inter', Arial, sans-serif" },
    };
    const name =
      'Autumn thank-you for the customers who ordered handmade ceramics during the harvest festival weekend';
    const created = await page.request.post('/api/templates', {
      data: { name, subject: 'Thanks!', design },
    });
    expect(created.status()).toBe(201);
    await page.reload();
    const card = page.getByRole('listitem', { name });
    const heading = card.getByRole('heading', { name });
    await heading.waitFor();
    expect(await heading.getAttribute('title')).toBe(name);
    const lines = await heading.evaluate(
      (h) => h.getBoundingClientRect().height / parseFloat(getComputedStyle(h).lineHeight),
    );
    expect(Math.round(lines)).toBeLessThanOrEqual(2);

    // The card's preview has rendered the email's text, with the font stack's fallback.
    const cardFrame = page.frameLocator(`iframe[title="Preview of ${name}"]`);
    await cardFrame
      .getByText('Thank you so much for shopping with', { exact: false })
      .first()
      .waitFor();
    expect(await resourcesOf(page, `iframe[title="Preview of ${name}"]`)).toEqual([]);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await card.screenshot({ path: screenshotPath(`dashboard-card-long-name-${width}`) });
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    await card.getByRole('link', { name: `Edit ${name}` }).click();
    await page.getByRole('button', { name: 'Preview HTML' }).click();
    await page
      .frameLocator('iframe[title="Email preview"]')
      .getByText('Thank you so much for shopping with', { exact: false })
      .first()
      .waitFor();
    const html = await page.getByTestId('html-source').textContent();
    expect(html).toContain('fonts.googleapis.com'); // The email itself still links the font.
    expect(await resourcesOf(page, 'iframe[title="Email preview"]')).toEqual([]);
    expect(outside).toEqual([]);
  });

  it('fits a 390px screen: dashboard and editor without sideways scrolling', async () => {
    current = await session.open({ width: 390, height: 844 });
    const { page } = current;
    await registerThroughUi(page, { name: 'Maria', email: uniqueEmail('mobile') });
    const overflow = () =>
      page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: 'New template' }).click();
    await chooseStarter(page, 'classic');
    await page.getByRole('button', { name: 'Mobile' }).click();
    expect(await overflow()).toBeLessThanOrEqual(0);
    // The inspector is behind a button on small screens.
    expect(await page.getByRole('tab', { name: 'Style' }).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Show inspector' }).click();
    await page.getByRole('tab', { name: 'Style' }).click();
    await page.getByLabel('Canvas vertical margin').waitFor();
    await page.screenshot({ path: screenshotPath('editor-390'), fullPage: true });
  });
});
