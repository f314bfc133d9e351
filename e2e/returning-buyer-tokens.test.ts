// The editor's token list offers the returning-buyer tokens, in the seller's words, on a desktop
// and on a phone.
import { describe, expect, it } from 'vitest';
import {
  openDefaultTemplate,
  registerThroughUi,
  screenshotPath,
  uniqueEmail,
  useBrowserSession,
} from './helpers.ts';

const session = useBrowserSession();

describe('returning-buyer tokens in the editor', () => {
  for (const width of [1280, 390]) {
    it(`lists [order-count] and [welcome-back] at ${width}px`, async () => {
      const { page } = await session.open({ width, height: 900 });
      await registerThroughUi(page, { name: 'Maya', email: uniqueEmail(`welcome-${width}`) });
      await openDefaultTemplate(page);
      await page.getByRole('button', { name: 'Show tokens' }).click();
      const list = page.getByRole('dialog', { name: 'Dynamic tokens' });
      await list.waitFor();
      const entry = list.locator('li', { hasText: '[welcome-back]' });
      await entry.scrollIntoViewIfNeeded();
      expect(await entry.locator('p').getAttribute('title')).toBe(
        'A line only buyers who ordered before see: “Welcome back!”, or your own words after a bar, as in [welcome-back|So good to see you again!]',
      );
      expect(await list.locator('li', { hasText: '[order-count]' }).textContent()).toContain(
        'How many times this buyer has ordered from your shop, this order included.',
      );
      await page.screenshot({ path: screenshotPath(`returning-buyer-tokens-${width}`) });
    });
  }
});
