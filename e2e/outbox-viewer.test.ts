// Trying Thankly out without a mail relay or APP_URL, opened on 127.0.0.1: the mail is read in the
// app's own outbox (the email itself, its text and headers), its links and the demo shop's connect
// stay on 127.0.0.1 instead of detouring to a localhost where the seller has no session.
import { describe, expect, it } from 'vitest';
import { checkAtWidths } from './support/check-at-widths.ts';
import { registerThroughUi, uniqueEmail, useBrowserSession } from './helpers.ts';

// No SMTP_URL and no APP_URL: the embedded default, which names itself http://localhost:PORT.
const session = useBrowserSession({ env: () => ({ SMTP_URL: '', APP_URL: '' }) });

describe('the outbox while trying Thankly out', () => {
  it('is linked from the banner, renders the kept email, and its link confirms the address here', async () => {
    const { page, context } = await session.open();
    const email = uniqueEmail('outbox');
    await registerThroughUi(page, { name: 'Olga', email });

    const banner = page.getByTestId('mail-kept-locally-banner');
    await banner.getByText('Nothing is delivered', { exact: false }).waitFor();
    await banner.getByRole('link', { name: /Open your outbox/ }).click();
    await page.getByRole('heading', { name: 'Outbox', level: 1 }).waitFor();

    const list = page.getByRole('navigation', { name: 'Kept emails' });
    await list.getByRole('link', { name: /Confirm your email address/ }).click();
    const frame = page.frameLocator('iframe[title^="Email: Confirm your email address"]');
    const confirm = frame.getByRole('link', { name: 'Confirm my email address' });
    const href = await confirm.getAttribute('href');
    // The browser's own address, not the localhost the server would otherwise name.
    expect(href).toMatch(new RegExp(`^${session.app.url}/verify-email\\?token=`));

    await page.getByRole('button', { name: 'Plain text' }).click();
    await page.getByText(/\/verify-email\?token=/).waitFor();
    await page.getByRole('button', { name: 'Headers' }).click();
    await page.getByText('Subject', { exact: true }).waitFor();
    await checkAtWidths(page, 'outbox');

    // Following the link in the email opens a tab on the same address, signed in.
    await page.getByRole('button', { name: 'Email' }).click();
    const [tab] = await Promise.all([context.waitForEvent('page'), confirm.click()]);
    await tab.getByRole('heading', { name: 'Email address confirmed' }).waitFor();
    expect(new URL(tab.url()).origin).toBe(session.app.url);
    await tab.close();
  });

  it('connects the demo shop from 127.0.0.1 without a detour to a localhost sign-in', async () => {
    const { page } = await session.open();
    await registerThroughUi(page, { name: 'Petros', email: uniqueEmail('demo-host') });
    await page.getByRole('button', { name: 'Try the demo shop' }).click();
    await page.getByRole('link', { name: 'Connect demo shop' }).click();
    await page.getByRole('heading', { name: 'Your Thank-You Notes' }).waitFor();
    expect(new URL(page.url()).origin).toBe(session.app.url);
    await page.getByRole('button', { name: 'Simulate a paid order' }).waitFor();
  });
});
