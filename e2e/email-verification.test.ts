// A new seller in a real browser: the banner names the address and asks for confirmation across
// the app, a test email is refused until then, Resend mails a new link, and following the real
// link from the mail confirms the address, removes the banner and lets the test email go out.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createDefaultTemplate } from '@thankly/email';
import {
  PASSWORD,
  confirmEmailThroughMail,
  registerConfirmedThroughUi,
  registerThroughUi,
  screenshotPath,
  uniqueEmail,
  useBrowserSession,
  waitForApp,
} from './helpers.ts';

const session = useBrowserSession();

/** Nothing is wider than the screen. */
async function expectNoOverflow(page: Page, what: string) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, what).toBeLessThanOrEqual(0);
}

describe('confirming the account address', () => {
  it('banner, refused test email, resend, and the mailed link', async () => {
    const current = await session.open();
    const { page } = current;
    const email = uniqueEmail('verify');
    await registerThroughUi(page, { name: 'Daphne', email });

    const banner = page.getByRole('region', { name: 'Confirm your email address' });
    await banner.waitFor();
    expect(await banner.textContent()).toContain(email);
    // The first link arrives at registration.
    await session.app.mail.waitFor((m) => m.to.includes(email) && /verify-email/.test(m.text));

    // The banner follows the seller across the app.
    await page
      .getByRole('navigation', { name: 'App', exact: true })
      .getByRole('link', { name: 'Account & billing' })
      .click();
    await page.waitForURL('**/Account');
    await banner.waitFor();

    // A test email is refused with the reason, before anything is sent.
    await page.goto('/thankly');
    await waitForApp(page);
    const { design } = createDefaultTemplate();
    const created = await page.request.post('/api/templates', {
      data: { name: 'Spring', subject: 'Thank you!', design },
    });
    expect(created.status()).toBe(201);
    await page.reload();
    await waitForApp(page);
    current.allow({ url: /\/api\/emails\/test\//, status: 403 });
    const card = page.getByRole('listitem', { name: 'Spring' });
    await card.getByRole('button', { name: 'Send test of Spring' }).click();
    await page.getByText(/^Confirm your email address before sending test emails/).waitFor();

    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/thankly');
      await waitForApp(page);
      await banner.waitFor();
      await page.screenshot({ path: screenshotPath(`verify-banner-${width}`) });
      await expectNoOverflow(page, `banner at ${width}px`);
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    // Resend: a second link goes out, and the banner says so.
    await banner.getByRole('button', { name: 'Resend link' }).click();
    await banner.getByText(`Sent! Check the inbox of ${email}`, { exact: false }).waitFor();
    const verifyMails = async () =>
      (await session.app.mail.messages())
        .filter((m) => m.to.includes(email) && /verify-email/.test(m.text))
        .map((m) => m.text);
    await expect
      .poll(async () => (await verifyMails()).length, { timeout: 20_000, interval: 200 })
      .toBeGreaterThanOrEqual(2);
    const links = await verifyMails();
    expect(links).toHaveLength(2);

    // The real link from the mail confirms the address (the helper follows the first link mailed).
    await confirmEmailThroughMail(page, session.app, email);
    await page.getByText(`${email} is confirmed`, { exact: false }).waitFor();
    expect(await banner.count()).toBe(0);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: screenshotPath(`verify-page-${width}`) });
      await expectNoOverflow(page, `verify page at ${width}px`);
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    // Opened again, the spent link says the address is already confirmed.
    const link = /https?:\/\/\S+\/verify-email\?token=[0-9a-f]{64}/.exec(links[0]!)![0];
    current.allow({ url: /\/api\/auth\/verify-email$/, status: 400 });
    await page.goto(link);
    await page.getByText('is already confirmed', { exact: false }).waitFor();

    // Confirmed: no banner, and the test email goes out.
    await page.getByRole('link', { name: 'Go to your templates' }).click();
    await page.getByRole('heading', { name: 'Your Thank-You Notes' }).waitFor();
    expect(await banner.count()).toBe(0);
    await card.getByRole('button', { name: 'Send test of Spring' }).click();
    await page.getByText('Test email sent! Check your inbox...').waitFor();
    await session.app.mail.waitFor(
      (m) => m.to.includes(email) && m.subject === '[Test] Thank you!',
    );
  });

  it('changes the account email only through the link mailed to the new address', async () => {
    const current = await session.open();
    const { page } = current;
    const email = uniqueEmail('mover');
    await registerConfirmedThroughUi(page, session.app, { name: 'Lefteris', email });
    // Another device signed in to the same account.
    const other = await session.browser.newContext({ baseURL: session.app.url });
    const otherLogin = await other.request.post('/api/auth/login', {
      data: { email, password: PASSWORD },
    });
    expect(otherLogin.status()).toBe(200);

    await page.goto('/Account');
    await waitForApp(page);
    const card = page.getByRole('region', { name: 'Account email' });
    await card.getByText('Confirmed', { exact: true }).waitFor();
    const fresh = uniqueEmail('moved');
    await card.getByLabel('Email').fill(fresh);
    await card.getByLabel('Confirm with password').fill(PASSWORD);
    await card.getByRole('button', { name: 'Update email' }).click();
    await page.getByText('Email updated', { exact: true }).waitFor();
    const pending = card.getByTestId('pending-email');
    await pending.getByText(fresh).waitFor();
    expect(await pending.textContent()).toContain('when you follow that link');
    await page.screenshot({ path: screenshotPath('account-email-pending-1280') });

    // The old address is warned; the new one gets the link, followed in this browser.
    const warning = await session.app.mail.waitFor(
      (m) => m.to.includes(email) && /about to change/.test(m.subject),
      20_000,
    );
    expect(warning.text).toContain(fresh);
    const mail = await session.app.mail.waitFor(
      (m) => m.to.includes(fresh) && /confirm-email\?token=/.test(m.text),
      20_000,
    );
    const link = /https?:\/\/\S+\/confirm-email\?token=[0-9a-f]{64}/.exec(mail.text)![0];
    await page.goto(link);
    await page.getByRole('heading', { name: 'New email address confirmed' }).waitFor();
    await page.getByText(fresh).waitFor();
    await page.screenshot({ path: screenshotPath('confirm-email-page-1280') });
    await page.getByRole('link', { name: 'Back to your account' }).click();
    await card.getByText(`Currently ${fresh}`, { exact: false }).waitFor();
    expect(await card.getByTestId('pending-email').count()).toBe(0);

    // The other device was signed out, and the old address is told.
    expect(await (await other.request.get('/api/auth/me')).json()).toEqual({ user: null });
    await other.close();
    await session.app.mail.waitFor(
      (m) => m.to.includes(email) && /was changed/.test(m.subject),
      20_000,
    );
  });
});
