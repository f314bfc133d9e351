// Paying for a plan in a real browser, through the local demo checkout that stands in for Stripe
// when no keys are set: choose Growth on the Account page, pay on the labelled demo page, come
// back to the success page and see the new limits on the dashboard. Registration with a paid plan
// goes the same way; cancelling the checkout changes nothing.
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

describe('billing in a real browser', () => {
  it('chooses Growth on the Account page, pays in the demo checkout and gets the new limits', async () => {
    current = await session.open();
    const { page } = current;
    await registerThroughUi(page, { name: 'Maria', email: uniqueEmail('billing') });
    await page.getByText(/Today: 0 \/ 5 thank-yous/).waitFor();

    await page.goto('/Account');
    await waitForApp(page);
    await page.getByRole('button', { name: 'Choose Growth' }).click();

    // The browser has left the app for the checkout page, clearly labelled as a demo.
    await page.waitForURL(/\/billing\/demo-checkout\?session=cs_demo_/);
    await page.getByText('Demo checkout — no card is charged').waitFor();
    await page.getByRole('heading', { name: 'Subscribe to Growth, billed monthly' }).waitFor();
    await page.screenshot({ path: screenshotPath('billing-demo-checkout'), fullPage: true });
    await page.getByRole('button', { name: 'Pay $9 / month' }).click();

    await page.waitForURL(/\/billing\/success\?session_id=cs_demo_/);
    await waitForApp(page);
    await page.getByText('You are now on the', { exact: false }).waitFor();
    await page.getByRole('link', { name: 'Go to your templates' }).click();

    await page.getByRole('heading', { name: 'Your Thank-You Notes' }).waitFor();
    await page.getByText('Today: 0 / 100 thank-yous').waitFor();
    const stats = await page.evaluate(async () => (await fetch('/api/stats/daily')).json());
    expect(stats).toMatchObject({ dailyLimit: 100, tempLimit: 20, planName: 'Growth' });

    await page.goto('/Account');
    await waitForApp(page);
    await page.getByRole('button', { name: 'Manage Growth' }).waitFor();
  });

  it('yearly billing, then cancelling on the checkout page, leaves the plan as it was', async () => {
    current = await session.open();
    const { page } = current;
    await registerThroughUi(page, { name: 'Yannis', email: uniqueEmail('billing-cancel') });
    await page.goto('/Account');
    await waitForApp(page);
    await page.getByRole('button', { name: 'Yearly' }).click();
    await page.getByRole('button', { name: 'Choose Business' }).click();

    await page.waitForURL(/\/billing\/demo-checkout/);
    await page.getByText('$190 / year').first().waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();

    await page.waitForURL(/\/billing\/cancel$/);
    await page.getByRole('heading', { name: 'Checkout cancelled' }).waitFor();
    const me = await page.evaluate(async () => (await fetch('/api/me')).json());
    expect(me.plan).toBe('free');
  });

  it('registering with Business goes to the checkout first, then the account is on Business', async () => {
    current = await session.open();
    const { page } = current;
    await page.goto('/register?plan=bus');
    await waitForApp(page);
    await page.getByLabel('Name').fill('Eleni');
    await page.getByLabel('Email').fill(uniqueEmail('billing-register'));
    await page.getByLabel('Password').fill(PASSWORD);
    expect(await page.getByLabel('Plan').inputValue()).toBe('business');
    await page.getByRole('button', { name: 'Create account' }).click();

    await page.waitForURL(/\/billing\/demo-checkout\?session=/);
    await page.getByRole('heading', { name: 'Subscribe to Business, billed monthly' }).waitFor();
    await page.getByRole('button', { name: 'Pay $19 / month' }).click();
    await page.waitForURL(/\/billing\/success/);
    await page.getByRole('link', { name: 'Go to your templates' }).click();
    await page.getByText('Today: 0 / Unlimited thank-yous').waitFor();
  });
});

// APP_URL unset: the embedded default says http://localhost:PORT while the browser is on
// 127.0.0.1, where its session cookie lives.
describe('billing without APP_URL, opened on 127.0.0.1', () => {
  const local = useBrowserSession({ env: () => ({ APP_URL: '' }) });

  it('a yearly Growth checkout comes back to 127.0.0.1 signed in, and Account shows the yearly price', async () => {
    const { page } = await local.open();
    const origin = local.app.url;
    expect(origin).toMatch(/^http:\/\/127\.0\.0\.1:/);
    await registerThroughUi(page, { name: 'Ines', email: uniqueEmail('billing-local') });

    await page.goto('/Account');
    await waitForApp(page);
    // Starter has nothing to manage in a billing portal: only the plans are offered.
    await page.getByRole('button', { name: 'Choose Growth' }).waitFor();
    expect(await page.getByRole('button', { name: 'Manage billing' }).count()).toBe(0);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: screenshotPath(`account-starter-${width}`), fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.getByRole('button', { name: 'Yearly' }).click();
    await page.getByRole('button', { name: 'Choose Growth' }).click();
    await page.waitForURL((url) => url.href.startsWith(`${origin}/billing/demo-checkout?session=`));
    await page.getByRole('button', { name: 'Pay $90 / year' }).click();

    await page.waitForURL((url) => url.href.startsWith(`${origin}/billing/success?session_id=`));
    await waitForApp(page);
    await page.getByText('You are now on the', { exact: false }).waitFor();

    await page.goto('/Account');
    await waitForApp(page);
    await page.getByText('Current plan: Growth · $90/yr, billed yearly').waitFor();
    expect(await page.getByRole('button', { name: 'Yearly' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await page.getByRole('button', { name: 'Manage billing' }).waitFor();
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({
        path: screenshotPath(`account-growth-yearly-${width}`),
        fullPage: true,
      });
    }

    await page.getByRole('button', { name: 'Manage billing' }).click();
    await page.waitForURL((url) => url.href.startsWith(`${origin}/billing/demo-portal?session=`));
    await page.getByText('Growth, billed yearly').first().waitFor();
  });
});
