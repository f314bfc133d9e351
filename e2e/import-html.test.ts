// Import HTML (issue 38 point 5) in a real browser: a seller pastes an existing table email, gets
// blocks (a locked HTML block for what maps onto none), edits the heading, saves, and the test
// email carries the edit and none of the pasted script.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  registerConfirmedThroughUi,
  registerThroughUi,
  screenshotPath,
  uniqueEmail,
  useBrowserSession,
} from './helpers.ts';

const session = useBrowserSession();

/** A small table email as sellers' old tools write it, with the usual hazards left in. */
const PASTED = `<!doctype html><html><head><title>Thanks from Kiln &amp; Co</title>
<style>body{background:#f7f3ee}</style><script>window.pwned = true</script></head>
<body style="background-color:#f7f3ee">
<div style="display:none;max-height:0;overflow:hidden">Handmade mugs, made for you.</div>
<table width="100%" bgcolor="#f7f3ee"><tr><td align="center">
  <table width="600" bgcolor="#ffffff" style="max-width:600px">
    <tr><td style="padding:24px"><h1 style="color:#3b2f2f">Thank you for your order!</h1></td></tr>
    <tr><td style="font-size:16px;color:#3b2f2f;padding:0 24px">
      <p>Every mug was thrown and glazed by hand in our studio. <b>We hope you love it.</b></p>
    </td></tr>
    <tr>
      <td width="50%" valign="top"><p>Care: hand wash only.</p></td>
      <td width="50%" valign="top"><p>Questions? <a href="mailto:hi@kiln.example">Write to us</a>.</p></td>
    </tr>
    <tr><td align="center" style="padding:16px">
      <table style="border-radius:25px;background-color:#b5541c"><tr><td style="padding:14px 28px">
        <a href="https://kiln.example/shop" style="color:#ffffff;font-size:18px">Shop again</a>
      </td></tr></table>
    </td></tr>
    <tr><td style="padding:16px 24px">
      <blockquote onmouseover="window.pwned = true">“My favourite mug.” — Ana</blockquote>
      <img src="https://kiln.example/x.png" onerror="window.pwned = true" width="1" height="1" alt="">
      <a href="javascript:window.pwned = true">Unsubscribe</a>
    </td></tr>
  </table>
</td></tr></table></body></html>`;

async function openImportDialog(page: Page) {
  await page.getByRole('button', { name: 'Import HTML' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import an HTML email' });
  await dialog.getByRole('textbox', { name: 'Email HTML' }).waitFor();
  return dialog;
}

const block = (page: Page, name: string) => page.getByRole('group', { name, exact: true });

describe('import an HTML email', () => {
  it('pastes an email, gets blocks, edits the heading, saves, and the test email shows it', async () => {
    const { page } = await session.open({ width: 1280, height: 900 });
    const email = uniqueEmail('import');
    await registerConfirmedThroughUi(page, session.app, { name: 'Maya', email });

    const dialog = await openImportDialog(page);
    await dialog.getByText('Pictures stay at their own addresses').waitFor();
    await dialog.getByRole('textbox', { name: 'Email HTML' }).fill(PASTED);
    await page.screenshot({ path: screenshotPath('import-html-dialog-1280') });
    await dialog.getByRole('button', { name: 'Import' }).click();

    await page.getByRole('heading', { name: 'Create template' }).waitFor();
    await page.getByText('Imported as 8 blocks, 1 kept as locked HTML.').waitFor();
    expect(await page.getByLabel('Template Name').inputValue()).toBe('Thanks from Kiln & Co');
    expect(await page.getByLabel('Preview text').inputValue()).toBe('Handmade mugs, made for you.');

    const canvas = page.getByTestId('editor-canvas');
    const types = await canvas
      .locator(':scope [data-block-frame]')
      .evaluateAll((frames) => frames.map((f) => f.getAttribute('data-block-type')));
    expect(types).toEqual(['heading', 'text', 'columns', 'text', 'text', 'button', 'html', 'text']);
    // The locked block shows its words, but no script ran and nothing editable is there.
    const locked = block(page, 'HTML block 5');
    await locked.getByText('“My favourite mug.” — Ana').waitFor();
    expect(await locked.locator('[contenteditable], script, blockquote').count()).toBe(0);
    expect(await page.evaluate(() => (window as { pwned?: boolean }).pwned)).toBeUndefined();
    await locked.click();
    await page.getByText('Imported HTML, kept as it was written and locked').waitFor();
    await page.screenshot({ path: screenshotPath('import-html-editor-1280'), fullPage: true });

    // Edit the imported heading in place, as any heading.
    await block(page, 'Heading block 1').click();
    await canvas
      .getByRole('textbox', { name: 'Heading text' })
      .fill('Thank you, [customer-first-name]!');
    await expect.poll(() => canvas.getByText('Thank you, Customer first name!').count()).toBe(1);

    await page.getByLabel('Email Subject').fill('Thanks from Kiln & Co');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Template created!').waitFor();
    await page.getByRole('link', { name: '← Back' }).click();
    await page.getByRole('heading', { name: 'Your Thank-You Notes' }).waitFor();

    await page.getByRole('button', { name: 'Send test of Thanks from Kiln & Co' }).click();
    await page.getByText('Test email sent! Check your inbox...').waitFor();
    const mail = await session.app.mail.waitFor(
      (m) => m.to.includes(email) && m.subject.startsWith('[Test]'),
      10_000,
    );
    expect(mail.html).toContain('Thank you, Alex!');
    expect(mail.html).toContain('We hope you love it.');
    expect(mail.html).toContain('“My favourite mug.” — Ana');
    expect(mail.html).toContain('href="https://kiln.example/shop"');
    expect(mail.html).not.toMatch(/pwned|javascript:|onmouseover|onerror|kiln\.example\/x\.png/);
    expect(mail.text).toContain('Thank you, Alex!');
  });

  it('fits a phone: the dialog, a refusal in words, and the imported design', async () => {
    const { page } = await session.open({ width: 390, height: 844 });
    await registerThroughUi(page, { name: 'Ravi', email: uniqueEmail('import-phone') });
    const dialog = await openImportDialog(page);
    const textbox = dialog.getByRole('textbox', { name: 'Email HTML' });
    await textbox.fill('<script>alert(1)</script>');
    await dialog.getByRole('button', { name: 'Import' }).click();
    await dialog.getByText('No words, pictures or buttons were found in this HTML.').waitFor();
    await page.screenshot({ path: screenshotPath('import-html-dialog-390') });

    await textbox.fill(PASTED);
    await dialog.getByRole('button', { name: 'Import' }).click();
    await page.getByRole('heading', { name: 'Create template' }).waitFor();
    await block(page, 'HTML block 5').getByText('“My favourite mug.” — Ana').waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    await page.screenshot({ path: screenshotPath('import-html-editor-390'), fullPage: true });
  });
});
