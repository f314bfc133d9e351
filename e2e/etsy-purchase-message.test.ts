// A seller connects a (simulated) Etsy shop, writes the purchase message Etsy sends every buyer,
// saves it to Etsy, and later finds that they changed it on Etsy: both choices are offered, and
// the keyboard reaches them. Screenshots at 1280 and 390 px.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PURCHASE_MESSAGE_TEXTS } from '@thankly/api-contract';
import { EtsySimulator } from '../apps/server/test/support/etsy-simulator.ts';
import {
  registerConfirmedThroughUi,
  screenshotPath,
  uniqueEmail,
  useBrowserSession,
} from './helpers.ts';

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

describe('the Etsy purchase message', () => {
  {
    it('is written, saved to Etsy, and a change made on Etsy is offered back', async () => {
      const { page } = await session.open({ width: 1280, height: 900 });
      const shoot = async (
        name: string,
        target: { screenshot(o: { path: string }): Promise<unknown> },
      ) => {
        for (const width of [1280, 390]) {
          await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
          await target.screenshot({ path: screenshotPath(`${name}-${width}`) });
        }
        await page.setViewportSize({ width: 1280, height: 900 });
      };
      await registerConfirmedThroughUi(page, session.app, {
        name: 'Nia',
        email: uniqueEmail('etsy-message'),
      });
      await page.getByRole('button', { name: 'Connect Etsy' }).click();
      const shops = page.getByRole('list', { name: 'Connected shops' });
      await shops.getByText('Juniper & Clay').waitFor();

      await shops.getByRole('button', { name: 'Purchase message' }).click();
      const panel = page.getByRole('region', { name: 'Purchase message for Juniper & Clay' });
      const field = panel.getByLabel('Message to buyers', { exact: true });
      await field.waitFor();
      expect(await field.inputValue()).toBe('Thanks for your order!');
      await field.fill('Thank you for shopping at [shop-name]!\nEvery piece is made by hand.');
      await panel.getByText('70 / 1,000 characters as buyers get it').waitFor();
      await panel.getByLabel('Message to buyers of digital items').fill('Your pattern is ready.');
      await shoot('etsy-purchase-message', panel);
      await panel.getByRole('button', { name: 'Save to Etsy' }).click();
      await page.getByText('Saved. Etsy sends your new message to buyers from now on.').waitFor();
      expect(sim.shop.sale_message).toBe(
        'Thank you for shopping at Juniper & Clay!\nEvery piece is made by hand.',
      );
      expect(sim.shop.digital_sale_message).toBe('Your pattern is ready.');

      // The seller edits it on Etsy; opening the panel again shows it with both choices.
      sim.changeOnEtsy({ sale_message: 'Closed for the holidays until 2 January.' });
      await shops.getByRole('button', { name: 'Hide purchase message' }).click();
      await page.reload();
      await shops.getByRole('button', { name: 'Purchase message' }).click();
      await panel.getByText(PURCHASE_MESSAGE_TEXTS.changedOnEtsy).waitFor();
      await panel.getByText('Closed for the holidays until 2 January.').waitFor();
      await shoot('etsy-purchase-message-changed', panel);
      expect(await panel.getByRole('button', { name: 'Save to Etsy' }).isDisabled()).toBe(true);

      // Keyboard: from the first choice, Tab reaches the second, and Enter replaces Etsy's text.
      await panel.getByRole('button', { name: 'Keep Etsy’s version' }).focus();
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent?.trim() ?? '')).toBe(
        'Replace it with mine',
      );
      await page.keyboard.press('Enter');
      await page.getByText('Saved. Etsy sends your new message to buyers from now on.').waitFor();
      await panel.getByText(PURCHASE_MESSAGE_TEXTS.changedOnEtsy).waitFor({ state: 'detached' });
      expect(sim.shop.sale_message).toBe(
        'Thank you for shopping at Juniper & Clay!\nEvery piece is made by hand.',
      );
    });
  }
});
