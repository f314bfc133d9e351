// Dated purchase messages in the browser: a Growth seller in Auckland schedules a holiday message
// for 1 to 31 December and sees the next switch at midnight on their own clock, then one for today,
// which goes to the (simulated) Etsy shop at once and shows as live; removing it puts the regular
// message back. Screenshots of the panel at 1280 and 390 px.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextDate } from '../apps/server/src/marketplace/etsy/purchase-message-calendar.ts';
import { dateInZone } from '../apps/server/src/infrastructure/time/seller-day.ts';
import { EtsySimulator } from '../apps/server/test/support/etsy-simulator.ts';
import {
  registerConfirmedThroughUi,
  screenshotPath,
  uniqueEmail,
  upgradeToGrowth,
  useBrowserSession,
  waitForApp,
} from './helpers.ts';

const ZONE = 'Pacific/Auckland';
let sim: EtsySimulator;

beforeAll(async () => {
  sim = await new EtsySimulator().start();
  sim.changeOnEtsy({ sale_message: 'Thanks for your order!' });
});
afterAll(() => sim?.stop());
const session = useBrowserSession({ env: () => sim.appEnv() });
beforeAll(() => {
  sim.redirectUris.add(`${session.app.url}/api/etsy/callback`);
});

/** "Dec 1, 2026", as the panel writes a calendar date. */
const shown = (date: string) =>
  new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );

describe('dated purchase messages', () => {
  it('a holiday message in December, one for today, live and next on the seller’s clock', async () => {
    const { page } = await session.open({ width: 1280, height: 900 }, ZONE);
    await registerConfirmedThroughUi(page, session.app, {
      name: 'Aroha',
      email: uniqueEmail('etsy-schedule'),
    });
    await upgradeToGrowth(page);
    await page.goto('/thankly');
    await waitForApp(page);
    await page.getByRole('button', { name: 'Connect Etsy' }).click();
    const shops = page.getByRole('list', { name: 'Connected shops' });
    await shops.getByText('Juniper & Clay').waitFor();
    await shops.getByRole('button', { name: 'Purchase message' }).click();
    const panel = page.getByRole('region', { name: 'Purchase message for Juniper & Clay' });
    const dated = panel.getByRole('region', { name: 'Dated messages for Juniper & Clay' });
    const now = dated.getByTestId('purchase-message-now');
    await now.getByText('Buyers get your regular message now.').waitFor();
    await now.getByText('No switch is coming up.').waitFor();

    // A holiday message for the coming December, 1 to 31, on the seller's calendar.
    const today = dateInZone(new Date(), ZONE);
    const year = Number(today.slice(0, 4)) + (today.slice(5, 7) === '12' ? 1 : 0);
    const [first, last] = [`${year}-12-01`, `${year}-12-31`];
    await dated.getByRole('button', { name: 'Add a dated message' }).click();
    const form = dated.getByRole('form', { name: 'New dated message' });
    await form.getByLabel('First day').fill(first);
    await form.getByLabel('Last day').fill(last);
    await form
      .getByLabel('Message to buyers during these days', { exact: true })
      .fill('Happy holidays from [shop-name]! Orders placed after 20 December ship on 5 January.');
    await form.getByText('Empty: buyers get your regular message for this.').waitFor();
    await form.getByRole('button', { name: 'Save dated message' }).click();
    await page.getByText('Dated message saved.').waitFor();
    const range = `${shown(first)} – ${shown(last)}`;
    await dated.getByRole('listitem').filter({ hasText: range }).waitFor();
    // Midnight starting 1 December in Auckland, named as the platform names the zone.
    await now
      .getByText(
        new RegExp(
          `Next switch: ${shown(first)}, 12:00 AM (NZDT|Pacific/Auckland), to your dated message for ${range}\\.`,
        ),
      )
      .waitFor();
    expect(sim.shop.sale_message).toBe('Thanks for your order!');
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await dated.screenshot({ path: screenshotPath(`etsy-purchase-message-next-${width}`) });
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    // One for today and tomorrow: its range has begun, so it goes to Etsy at once.
    const tomorrow = nextDate(today);
    await dated.getByRole('button', { name: 'Add a dated message' }).click();
    await form.getByLabel('First day').fill(today);
    await form.getByLabel('Last day').fill(tomorrow);
    await form
      .getByLabel('Message to buyers during these days', { exact: true })
      .fill('Our studio sale is on at [shop-url] this week.');
    await form.getByRole('button', { name: 'Save dated message' }).click();
    const todays = `${shown(today)} – ${shown(tomorrow)}`;
    await now.getByText(`Buyers get your dated message for ${todays} now.`).waitFor();
    await now.getByText(/^Next switch: /).waitFor();
    await dated.getByRole('listitem').filter({ hasText: todays }).getByText('Live now').waitFor();
    expect(sim.shop.sale_message).toBe(`Our studio sale is on at ${sim.shop.url} this week.`);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await dated.screenshot({ path: screenshotPath(`etsy-purchase-message-live-${width}`) });
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    // Removing it (after the question) puts the regular message back on Etsy at once.
    page.once('dialog', (dialog) => void dialog.accept());
    await dated.getByRole('button', { name: `Remove the message for ${todays}` }).click();
    await now.getByText('Buyers get your regular message now.').waitFor();
    expect(sim.shop.sale_message).toBe('Thanks for your order!');
  });
});
