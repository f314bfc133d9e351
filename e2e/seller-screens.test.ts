// The seller's screens in a real browser: thumbnails painted on arrival, the usage counter
// following a send, Send test and Save inside the editor, and a pause that asks first, shows on the
// dashboard and lets the seller thank the orders it held back. Each screen is checked at 1280 and
// 390 px for sideways scroll and axe.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createDefaultTemplate } from '@thankly/email';
import {
  openDefaultTemplate,
  registerConfirmedThroughUi,
  uniqueEmail,
  useBrowserSession,
} from './helpers.ts';
import { checkAtWidths } from './support/check-at-widths.ts';

const session = useBrowserSession();

/** The text a card's thumbnail frame shows right now ('' while it is blank). */
async function thumbnailText(page: Page, name: string): Promise<string> {
  const frame = await page.getByTitle(`Preview of ${name}`).elementHandle();
  const doc = await frame?.contentFrame();
  return (await doc?.evaluate(() => document.body?.innerText.trim() ?? '')) ?? '';
}

describe('the seller’s screens', () => {
  it('paints thumbnails at once, follows sends in the counter, and pauses with care', async () => {
    const { page } = await session.open({ width: 390, height: 844 });
    const email = uniqueEmail('seller-screens');
    await registerConfirmedThroughUi(page, session.app, { name: 'Mira', email });
    const { design } = createDefaultTemplate();
    const created = await page.request.post('/api/templates', {
      data: { name: 'Autumn', subject: 'Thanks, [customer-first-name]', design },
    });
    expect(created.status()).toBe(201);

    // On a phone the card is below the fold: its thumbnail must not wait for a scroll.
    await page.reload();
    await page.getByRole('listitem', { name: 'Autumn' }).waitFor({ state: 'attached' });
    await expect.poll(() => thumbnailText(page, 'Autumn')).toContain('Thank you');
    await page.setViewportSize({ width: 1280, height: 900 });

    // A demo order is sent: the counter moves without a reload.
    await page.getByRole('button', { name: 'Try the demo shop' }).click();
    await page.getByRole('link', { name: 'Connect demo shop' }).click();
    await page.getByRole('heading', { name: 'Your Thank-You Notes' }).waitFor();
    // The count is of thank-yous (emails and printed cards), and names the emails in it.
    const usage = page.locator('main').getByText(/^Today: \d+ \/ 5 thank-yous/);
    await expect.poll(() => usage.textContent()).toMatch(/^Today: 0 \/ 5 thank-yous \(0 emails\)/);
    await page.getByRole('button', { name: 'Simulate a paid order' }).click();
    await expect
      .poll(() => usage.textContent(), { timeout: 20_000 })
      .toMatch(/^Today: 1 \/ 5 thank-yous \(1 email\)/);
    // The bar's right edge lines up with the page's content, not past it.
    const right = (box: { x: number; width: number } | null) => (box ? box.x + box.width : NaN);
    const barRight = right(await page.getByRole('button', { name: 'Logout' }).boundingBox());
    const pageRight = right(await page.getByRole('button', { name: 'New template' }).boundingBox());
    expect(barRight).toBeLessThanOrEqual(pageRight + 1);
    await checkAtWidths(page, 'seller-dashboard');

    // Pausing asks first, saying what happens to orders; the dashboard then shows it prominently.
    await page.goto('/Account');
    const dialogs: string[] = [];
    page.once('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.accept();
    });
    await page.getByRole('switch', { name: 'Automatic sending' }).click();
    await page.getByText('Sending paused').waitFor();
    expect(dialogs[0]).toMatch(/^Pause sending\? Orders paid while sending is paused get no/);
    await page.goto('/thankly');
    const paused = page.getByRole('region', { name: 'Sending is paused' });
    await paused.waitFor();
    await page
      .getByRole('region', { name: 'Sending today' })
      .getByText('Nothing is going out while sending is paused.')
      .waitFor();
    await page.getByRole('button', { name: 'Simulate a paid order' }).click();
    await page
      .getByText('Sending was paused when this order arrived.')
      .first()
      .waitFor({ timeout: 20_000 });
    await checkAtWidths(page, 'seller-dashboard-paused');

    // Resuming sends nothing for the held order until the seller asks.
    await paused.getByRole('button', { name: 'Turn sending back on' }).click();
    await page.getByText('1 order arrived while sending was paused.', { exact: false }).waitFor();
    const thankYous = async () =>
      (await session.app.mail.messages()).filter(
        (m) =>
          m.to.includes(email) && m.rawHeaders.get('feedback-id')?.startsWith('thankyou:') === true,
      ).length;
    const before = await thankYous();
    expect(before).toBe(1);
    await page.getByRole('button', { name: 'Thank this buyer now' }).click();
    await page.getByText('Your thank-you is on its way to 1 buyer.').waitFor();
    await expect.poll(thankYous, { timeout: 20_000 }).toBe(2);
    await checkAtWidths(page, 'seller-dashboard-resumed');
  });

  it('sends a test of the unsaved design and saves without leaving the editor', async () => {
    const { page } = await session.open();
    const email = uniqueEmail('editor-test');
    await registerConfirmedThroughUi(page, session.app, { name: 'Ola', email });
    await openDefaultTemplate(page);
    const name = page.getByLabel('Template Name');
    await name.fill('Only on screen');
    await page.getByRole('button', { name: 'Send test' }).click();
    await page.getByText('Test email sent! Check your inbox...').waitFor();
    await session.app.mail.waitFor(
      (m) => m.to.includes(email) && m.subject.startsWith('[Test]'),
      10_000,
    );
    expect(await page.getByText('Changes not yet live').count()).toBe(1);
    await checkAtWidths(page, 'seller-editor-new');

    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { name: 'Edit template' }).waitFor();
    expect(new URL(page.url()).searchParams.get('id')).toMatch(/^[0-9a-f-]{36}$/);
    await checkAtWidths(page, 'seller-editor-saved');
  });
});
