// The seller's Insights page in a real browser on the real server: empty before any email, then
// with demo orders sent, one open by a person, one by Apple's privacy proxy and one link scanner's
// click, the period switch in the URL, the CSV of the same days, and the tracking switch on Account
// turning into the page's "not tracked" note. Screenshots at 1280 and 390 px; axe on each.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createDefaultTemplate } from '@thankly/email';
import {
  callFromPage as call,
  registerConfirmedThroughUi,
  screenshotPath,
  uniqueEmail,
  useBrowserSession,
  waitForApp,
} from './helpers.ts';
import { checkAtWidths } from './support/check-at-widths.ts';

const session = useBrowserSession();
const ORDERS = 3;
const SHOP_LINK = 'https://olive.example/sale';
/** A desktop browser: a person reading the email. */
const PERSON =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';
/** Apple Mail Privacy Protection fetches images with this bare agent: a machine, not a reader. */
const APPLE_PROXY = 'Mozilla/5.0';
const LINK_SCANNER = 'Mozilla/5.0 (compatible; BingPreview/1.0b)';

/** A confirmed seller with a selected template, a coupon and the demo shop; returns the shop id. */
async function sellerWithDemoShop(page: Page, email: string): Promise<string> {
  await registerConfirmedThroughUi(page, session.app, { name: 'Ada Lovelace', email });
  const { design } = createDefaultTemplate();
  // A link to the shop, which tracking rewrites so a click can be counted.
  const button = design.blocks.find((block) => block.type === 'button')!;
  design.blocks.push({ ...button, id: 'shop-again', text: 'Visit the shop', url: SHOP_LINK });
  const template = await call<{ id: string }>(page, 'POST', '/api/templates', {
    name: 'Spring thanks',
    subject: 'Thank you, [customer-first-name|friend]!',
    design,
  });
  await call(page, 'POST', `/api/templates/selectors/select/${template.id}`);
  await call(page, 'PUT', '/api/sending/settings', { couponCode: 'THANKS10' });
  const { url } = await call<{ url: string }>(page, 'GET', '/api/etsy/connect');
  await page.goto(url);
  await page.getByRole('link', { name: 'Connect demo shop' }).click();
  await page.getByRole('heading', { name: 'Your Thank-You Notes' }).waitFor();
  const { shops } = await call<{ shops: { id: string }[] }>(page, 'GET', '/api/shops');
  return shops[0]!.id;
}

async function sentOrders(page: Page, count: number): Promise<void> {
  await expect
    .poll(
      async () => {
        const { items } = await call<{ items: { state: string }[] }>(page, 'GET', '/api/activity');
        return items.filter((item) => item.state === 'sent').length;
      },
      { timeout: 30_000 },
    )
    .toBe(count);
}

/** The open pixel and the tracked links of the first thank-you email the buyer got. */
async function trackedAddresses(buyer: string): Promise<{ pixel: string; link: string }> {
  const mail = await session.app.mail.waitFor(
    (m) => m.to.includes(buyer) && m.html.includes('/t/o/'),
    20_000,
  );
  const pixel = /https?:\/\/[^"'\s]+\/t\/o\/[^"'\s]+/.exec(mail.html)?.[0];
  const link = /https?:\/\/[^"'\s]+\/t\/c\/[^"'\s]+/.exec(mail.html)?.[0];
  if (!pixel || !link) throw new Error(`No tracking in: ${mail.html}`);
  return { pixel: pixel.replaceAll('&amp;', '&'), link: link.replaceAll('&amp;', '&') };
}

async function openInsights(page: Page, query = ''): Promise<void> {
  await page.goto(`/thankly/insights${query}`);
  await waitForApp(page);
  await page.getByRole('heading', { name: 'Insights', level: 1 }).waitFor();
}

function tile(page: Page, label: string) {
  return page.locator('dl > div').filter({ has: page.locator('dt', { hasText: label }) });
}

describe('insights in a real browser', () => {
  it('shows the empty state, then what the demo orders brought back, per period and as CSV', async () => {
    const { page } = await session.open({ width: 1280, height: 900 });
    const email = uniqueEmail('insights');
    const shopId = await sellerWithDemoShop(page, email);

    // The nav entry leads to the page; nothing has been sent yet.
    await page
      .getByRole('navigation', { name: 'App' })
      .getByRole('link', { name: 'Insights' })
      .click();
    await page.waitForURL(/\/thankly\/insights$/);
    await page
      .getByRole('heading', { name: 'No thank-you emails sent in the last 30 days' })
      .waitFor();
    await checkAtWidths(page, 'insights-empty');

    for (let i = 0; i < ORDERS; i++)
      await call(page, 'POST', `/api/shops/${shopId}/demo-order`, { withoutBuyerEmail: false });
    await sentOrders(page, ORDERS);

    // Demo orders go to the seller's own address: they are the buyer here. Anything in the first
    // 10 seconds after sending counts as a scanner checking the email on delivery, so the reader
    // opens it after that, as a person would.
    const { pixel, link } = await trackedAddresses(email);
    await new Promise((resolve) => setTimeout(resolve, 11_000));
    const request = page.context().request;
    expect((await request.get(pixel, { headers: { 'user-agent': PERSON } })).status()).toBe(200);
    expect((await request.get(pixel, { headers: { 'user-agent': APPLE_PROXY } })).status()).toBe(
      200,
    );
    const click = await request.get(link, {
      headers: { 'user-agent': LINK_SCANNER },
      maxRedirects: 0,
    });
    expect(click.status()).toBeGreaterThanOrEqual(300);
    expect(click.status()).toBeLessThan(400);

    // Charts draw at once without animation, so the screenshots show them finished.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openInsights(page);
    await expect
      .poll(() => tile(page, 'Emails delivered').locator('dd').first().innerText())
      .toBe(String(ORDERS));
    expect(await tile(page, 'Unique opens').innerText()).toContain('33.3% open rate');
    await page
      .getByText(
        /^1 more email opened and 1 more link followed by Apple’s privacy proxy, security scanners and link checkers, not counted as people\./,
      )
      .waitFor();
    await page
      .getByRole('region', { name: 'Per journey step' })
      .getByText('Thank-you email')
      .waitFor();
    await page.getByText('How these numbers are counted').click();
    // Each chart draws as an SVG and says the same in a table for screen readers.
    expect(await page.locator('.recharts-wrapper').count()).toBe(2);
    await page
      .getByRole('table', { name: 'Emails, opens and clicks, per day' })
      .waitFor({ state: 'attached' });
    await page.getByRole('region', { name: 'Per template' }).getByText('Spring thanks').waitFor();
    await checkAtWidths(page, 'insights-data');
    // The narrowest width with the full app bar: the Insights entry must not push it sideways.
    await page.setViewportSize({ width: 1024, height: 900 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(1024);
    await page.screenshot({ path: screenshotPath('insights-app-bar-1024') });
    await page.setViewportSize({ width: 1280, height: 900 });

    // The period switch: in the URL, so a reload keeps it, and the CSV follows it.
    await page.getByRole('button', { name: '7 days' }).click();
    await page.waitForURL(/\?days=7$/);
    await page.reload();
    await waitForApp(page);
    expect(await page.getByRole('button', { name: '7 days' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    const href = await page.getByRole('link', { name: 'Download CSV' }).getAttribute('href');
    const range = /from=(\d{4}-\d{2}-\d{2})&to=(\d{4}-\d{2}-\d{2})/.exec(href ?? '');
    expect(range).not.toBeNull();
    const days = (Date.parse(range![2]!) - Date.parse(range![1]!)) / 86_400_000 + 1;
    expect(days).toBe(7);
    const csv = await request.get(href!);
    expect(csv.status()).toBe(200);
    expect(csv.headers()['content-type']).toContain('text/csv');
    expect((await csv.text()).split('\n').length).toBeGreaterThan(1);
  });

  it('turning tracking off on Account shows the note on Insights', async () => {
    const { page } = await session.open({ width: 1280, height: 900 });
    await registerConfirmedThroughUi(page, session.app, {
      name: 'Ada Lovelace',
      email: uniqueEmail('tracking'),
    });
    await page.goto('/Account');
    await waitForApp(page);
    const tracking = page.getByRole('switch', { name: 'Track opens and clicks' });
    await expect.poll(() => tracking.getAttribute('aria-checked')).toBe('true');
    await tracking.click();
    await page.getByText('Tracking off: new emails are not tracked').waitFor();
    await expect.poll(() => tracking.getAttribute('aria-checked')).toBe('false');
    await checkAtWidths(page, 'insights-account-tracking-off');

    await openInsights(page);
    await page.getByText('Opens and clicks are not tracked.').waitFor();
    await page.getByRole('link', { name: 'Turn tracking on in Account.' }).click();
    await page.waitForURL(/\/Account$/);
  });
});
