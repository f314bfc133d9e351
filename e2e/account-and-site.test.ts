import { describe, expect, it } from 'vitest';
import {
  registerThroughUi,
  screenshotPath,
  uniqueEmail,
  waitForApp,
  type WatchedPage,
  useBrowserSession,
} from './helpers.ts';

const session = useBrowserSession();
let current: WatchedPage | null = null;

const PUBLIC_PAGES = [
  ['/', 'Gratitude, on autopilot.'],
  ['/features', 'Everything you need to thank every buyer'],
  ['/pricing', 'Simple pricing for every shop'],
  ['/contact', 'Contact us'],
  ['/content-hub', 'Learn & Inspire'],
  ['/thank-you-messages-vs-emails', 'Thank-you messages vs branded thank-you emails'],
  ['/template-inspiration', 'Template inspiration for every kind of shop'],
  ['/editor-tips', 'Editor tips: build a better thank-you email'],
] as const;

describe('account page in a real browser', () => {
  it('pauses and resumes sending, and rolls back when the server fails', async () => {
    current = await session.open();
    const { page } = current;
    await registerThroughUi(page, { name: 'Petros', email: uniqueEmail('pause') });
    await page.goto('/Account');
    const toggle = page.getByRole('switch', { name: 'Automatic sending' });
    await toggle.waitFor();
    await waitForApp(page);
    expect(await toggle.getAttribute('aria-checked')).toBe('true');

    // Pausing asks first, saying what happens to the orders paid meanwhile; Cancel changes nothing.
    const confirmations: string[] = [];
    page.once('dialog', (dialog) => {
      confirmations.push(dialog.message());
      void dialog.dismiss();
    });
    await toggle.click();
    await expect.poll(() => confirmations.length).toBe(1);
    expect(confirmations[0]).toMatch(/^Pause sending\?/);
    expect(confirmations[0]).toContain(
      'Orders paid while sending is paused get no thank-you email',
    );
    expect(await toggle.getAttribute('aria-checked')).toBe('true');
    await page.reload();
    await toggle.waitFor();
    expect(await toggle.getAttribute('aria-checked')).toBe('true');

    page.once('dialog', (dialog) => {
      confirmations.push(dialog.message());
      void dialog.accept();
    });
    await toggle.click();
    await page.getByText('Sending paused').waitFor();
    expect(confirmations).toHaveLength(2);
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    await page.reload();
    await toggle.waitFor();
    expect(await toggle.getAttribute('aria-checked')).toBe('false');

    // The server fails the next change: the switch moves at once, then moves back.
    current.allow({ url: /\/api\/me\/pause$/, status: 500 });
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/me/pause', async (route) => {
      await held;
      await route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'Internal Server Error' }),
      });
    });
    await toggle.click();
    await page.waitForFunction(
      () => document.querySelector('[role="switch"]')?.getAttribute('aria-checked') === 'true',
    );
    release();
    await page.getByText('Unable to update pause state').waitFor();
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    await page.unroute('**/api/me/pause');

    await page.reload();
    await toggle.waitFor();
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
  });

  it('shows the billing errors while billing is not there yet', async () => {
    current = await session.open();
    const { page } = current;
    current.allow({ url: /\/api\/billing\/(portal|checkout)$/, status: 404 });
    await registerThroughUi(page, { name: 'Anna', email: uniqueEmail('billing') });
    await page.route('**/api/billing/*', (route) =>
      route.fulfill({
        status: 404,
        contentType: 'application/json',
        body: '{"error":"Not Found"}',
      }),
    );
    await page.goto('/Account');
    // Starter has no subscription, so no billing portal is offered: only the plans.
    await page.getByRole('button', { name: 'Choose Growth' }).click();
    await page.getByText('Could not start checkout').waitFor();
    expect(await page.getByRole('button', { name: 'Manage billing' }).count()).toBe(0);
    // Trying again does not stack the same message.
    for (const plan of ['Growth', 'Business']) {
      const refused = page.waitForResponse((r) => r.url().endsWith('/api/billing/checkout'));
      await page.getByRole('button', { name: `Choose ${plan}` }).click();
      await refused;
    }
    await page.getByText('Could not start checkout').waitFor();
    expect(await page.getByTestId('toast').count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Billing help' }).getAttribute('href')).toBe(
      '/docs/billing',
    );
  });
});

describe('public site in a real browser', () => {
  it('serves every public page as HTML with its content, title and description', async () => {
    for (const [path, heading] of PUBLIC_PAGES) {
      const response = await fetch(`${session.app.url}${path}`);
      expect(response.status, path).toBe(200);
      const html = await response.text();
      const escaped = heading.replace(/&/g, '&amp;');
      expect(html, path).toContain(escaped);
      expect(html, path).toMatch(/<title>[^<]+<\/title>/);
      expect(html, path).toMatch(/<meta name="description" content="[^"]{40,}"/);
    }
  });

  it('shows the content without JavaScript, and hydrates it without errors', async () => {
    const noJs = await session.browser.newContext({ javaScriptEnabled: false });
    const page = await noJs.newPage();
    await page.goto(`${session.app.url}/pricing`);
    await page.getByRole('heading', { name: 'Compare plans' }).waitFor();
    // The header, then price, daily emails, templates, conditional sending, emails per order, support.
    expect(await page.getByRole('row').count()).toBe(7);
    await page.getByRole('row', { name: /Emails per order 1 3 Unlimited/ }).waitFor();
    await noJs.close();

    current = await session.open();
    for (const [path, heading] of PUBLIC_PAGES) {
      await current.page.goto(path);
      await waitForApp(current.page);
      await current.page.getByRole('heading', { name: heading, level: 1 }).waitFor();
    }
    // Unknown routes get a real 404 page, with a 404 status.
    current.allow({ url: /\/no-such-page$/, status: 404 });
    const missing = await current.page.goto('/no-such-page');
    expect(missing?.status()).toBe(404);
    await current.page.getByRole('heading', { name: 'Page not found' }).waitFor();
  });

  it('opens the Learn & Inspire menu and the mobile menu from the keyboard', async () => {
    current = await session.open();
    const { page } = current;
    await page.goto('/');
    await waitForApp(page);
    const learn = page.getByRole('button', { name: 'Learn & Inspire' });
    await learn.focus();
    await page.keyboard.press('ArrowDown');
    await page.getByRole('link', { name: 'Messages vs Emails' }).first().waitFor();
    // The menu moves focus to its first link once it has opened; the next key goes from there.
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('A');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/thank-you-messages-vs-emails');
    // A new page: its header menus work once its script has run, a frame after the first paint.
    await waitForApp(page);

    await page.setViewportSize({ width: 390, height: 844 });
    const menu = page.getByRole('button', { name: 'Menu' });
    await menu.focus();
    await page.keyboard.press('Enter');
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    await page
      .getByRole('navigation', { name: 'Mobile' })
      .getByRole('link', { name: 'Pricing' })
      .click();
    await page.waitForURL('**/pricing');
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
  });

  it('takes screenshots at 390 and 1280 px for the CI artifacts', async () => {
    current = await session.open();
    const { page } = current;
    await registerThroughUi(page, { name: 'Shot', email: uniqueEmail('shots') });
    const pages = [...PUBLIC_PAGES.map(([path]) => path), '/Account', '/thankly'];
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      for (const path of pages) {
        await page.goto(path);
        await waitForApp(page);
        const name = path === '/' ? 'home' : path.slice(1).replace(/\//g, '-');
        await page.screenshot({ path: screenshotPath(`${name}-${width}`), fullPage: true });
        // Nothing is wider than the screen.
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, `${path} at ${width}px`).toBeLessThanOrEqual(0);
      }
    }
  });
});
