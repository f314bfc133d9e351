import { describe, expect, it } from 'vitest';
import {
  PASSWORD,
  registerThroughUi,
  screenshotPath,
  uniqueEmail,
  waitForApp,
  type WatchedPage,
  useBrowserSession,
} from './helpers.ts';

const session = useBrowserSession();
let current: WatchedPage | null = null;

async function open() {
  current = await session.open();
  return current;
}

/** The page as it stands at a desktop and a phone width, then back at its own size. */
async function screenshotWidths(page: WatchedPage['page'], name: string) {
  const viewport = page.viewportSize()!;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: screenshotPath(`${name}-${width}`) });
  }
  await page.setViewportSize(viewport);
}

describe('sign-up and sign-in in a real browser', () => {
  it('registers a Starter account and lands on the dashboard', async () => {
    const { page } = await open();
    await registerThroughUi(page, { name: 'Elena', email: uniqueEmail('register') });
    expect(new URL(page.url()).pathname).toBe('/thankly');
    await page.getByText('Success! Welcome aboard Elena!').waitFor();
    // The dashboard is framed by the seller's app shell, not the visitor header.
    await page
      .getByRole('navigation', { name: 'App', exact: true })
      .getByRole('link', { name: 'Templates' })
      .waitFor();
    expect(await page.getByRole('link', { name: 'Log in' }).count()).toBe(0);
    // Marketing pages keep the site header, which now belongs to a seller.
    await page.goto('/pricing');
    await page.getByRole('link', { name: 'App', exact: true }).waitFor();
    expect(await page.getByRole('link', { name: 'Log in' }).count()).toBe(0);
  });

  it('logs out with the goodbye message and the visitor header', async () => {
    const { page } = await open();
    await registerThroughUi(page, { name: 'Nikos', email: uniqueEmail('logout') });
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByText('Successfully logged out. See you again soon!').waitFor();
    await page.getByRole('heading', { name: 'Gratitude, on autopilot.' }).waitFor();
    await page.getByRole('link', { name: 'Log in' }).waitFor();
    // The session is really gone on the server too.
    await page.goto('/thankly');
    await page.waitForURL('**/login');
  });

  it('sends a visitor from a protected page to login and back to it', async () => {
    const { page, context } = await open();
    const email = uniqueEmail('guard');
    await registerThroughUi(page, { name: 'Maria', email });
    await page.goto('about:blank');
    await context.clearCookies();

    await page.goto('/Account');
    await page.waitForURL('**/login');
    await waitForApp(page);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('wrong-password');
    current!.allow({ url: /\/api\/auth\/login$/, status: 401 });
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByText('Failed to log in.').waitFor();
    const viewport = page.viewportSize()!;
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: screenshotPath(`login-refused-${width}`) });
    }
    await page.setViewportSize(viewport);

    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL('**/Account');
    await page.getByRole('heading', { name: 'Account', level: 1 }).waitFor();
    await page.getByText('Success! Welcome back!').waitFor();
  });

  it('resets a forgotten password through the emailed link and logs in with it', async () => {
    const { page, context } = await open();
    const email = uniqueEmail('reset');
    await registerThroughUi(page, { name: 'Sofia', email });
    // Off the dashboard first: its own requests, answered 401 once the cookie is gone, are not
    // what this test is about.
    await page.goto('about:blank');
    await context.clearCookies();

    await page.goto('/login');
    await waitForApp(page);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    await page.getByLabel('Email').fill(email);
    await screenshotWidths(page, 'forgot-password');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText("If that email exists, we've sent a reset link.").waitFor();
    await page.getByRole('link', { name: 'Return to login' }).waitFor();
    await screenshotWidths(page, 'forgot-password-sent');

    const mail = await session.app.mail.waitFor(
      (m) => m.to.includes(email) && /reset-password\?token=/.test(m.text),
      20_000,
    );
    const link = /https?:\/\/\S+\/reset-password\?token=[0-9a-f]{64}/i.exec(mail.text)?.[0];
    expect(link, mail.text).toBeTruthy();

    // The HTML the server sends, before any JavaScript runs, already has no token field when the
    // link carries the token, and still has it when the page is opened without one.
    const before = await (await fetch(link!)).text();
    expect(before).toContain('New password');
    expect(before).not.toContain('Reset token');
    const without = await (await fetch(new URL('/reset-password', link!))).text();
    expect(without).toContain('Reset token');

    await page.goto(link!);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await waitForApp(page);
    // The token came in the link, so there is no field for it.
    expect(await page.getByLabel('Reset token').count()).toBe(0);
    const submit = page.getByRole('button', { name: 'Update password' });
    await page.getByLabel('New password').fill('Fresh2Start');
    await page.getByLabel('Confirm password').fill('Fresh2Star');
    await page.getByText('Passwords do not match.').waitFor();
    expect(await submit.isDisabled()).toBe(true);
    await screenshotWidths(page, 'reset-password-mismatch');
    await page.getByLabel('Confirm password').fill('Fresh2Start');
    expect(await submit.isEnabled()).toBe(true);
    await submit.click();
    await page.getByRole('heading', { name: 'Password updated' }).waitFor();
    await page.getByText('You can now sign in').waitFor();
    await page.getByRole('link', { name: 'Continue to login' }).click();

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('Fresh2Start');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL('**/thankly');
    await page.getByRole('heading', { name: 'Your Thank-You Notes' }).waitFor();
  });
});
