// The block picker opens in a layer the canvas cannot clip: on the last block (where sellers add
// most blocks) every item, down to the last one, is on screen and takes the click, on a desktop and
// on a phone.
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import {
  registerThroughUi,
  screenshotPath,
  uniqueEmail,
  useBrowserSession,
  openDefaultTemplate,
} from './helpers.ts';

const session = useBrowserSession();

const VIEWPORTS = [
  { label: 'desktop', width: 1280, height: 900 },
  { label: 'phone', width: 390, height: 844 },
] as const;

/** True when the item's whole box is in the viewport and the item itself is what a click hits. */
async function isOnScreenAndOnTop(page: Page, item: Locator): Promise<boolean> {
  return item.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const inside =
      box.top >= 0 &&
      box.left >= 0 &&
      box.bottom <= window.innerHeight &&
      box.right <= window.innerWidth &&
      box.height > 0;
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return inside && (hit === element || element.contains(hit));
  });
}

describe('block picker on the canvas', () => {
  for (const viewport of VIEWPORTS) {
    it(`adds the picker's last item below the last block at ${viewport.width}px`, async () => {
      const { page } = await session.open({ width: viewport.width, height: viewport.height });
      await registerThroughUi(page, {
        name: 'Maya',
        email: uniqueEmail(`picker-${viewport.label}`),
      });
      await openDefaultTemplate(page);

      const canvas = page.getByTestId('editor-canvas');
      const frames = canvas.locator('[data-block-frame]');
      const count = await frames.count();
      const last = frames.last();
      const name = await last.getAttribute('aria-label');
      await last.scrollIntoViewIfNeeded();
      // Hovered, not selected: the insertion point after the last block shows on hover and must
      // stay (as the menu's anchor) while the pointer is over the menu instead of the block.
      await last.hover();
      const trigger = page.getByRole('button', { name: `Add a block after ${name}` });
      await trigger.click();

      const menu = page.getByRole('menu', { name: 'Block types' });
      await menu.waitFor();
      const items = menu.getByRole('menuitem');
      expect(await items.allTextContents()).toEqual([
        'Heading',
        'Text',
        'Button',
        'Image',
        'Divider',
        'Spacer',
        'Columns',
      ]);
      // Wait until Floating UI has placed the layer, then every item must be reachable.
      await expect
        .poll(async () => {
          for (const item of await items.all()) {
            if (!(await isOnScreenAndOnTop(page, item))) return false;
          }
          return true;
        })
        .toBe(true);
      await page.screenshot({ path: screenshotPath(`editor-block-picker-${viewport.width}`) });

      await items.last().hover();
      const [button, list] = await Promise.all([trigger.boundingBox(), menu.boundingBox()]);
      if (!button || !list) throw new Error('the "+" or its menu is not visible');
      // The menu still sits against its button, below or above it.
      const gap = Math.min(
        Math.abs(list.y - (button.y + button.height)),
        Math.abs(button.y - (list.y + list.height)),
      );
      expect(gap).toBeLessThanOrEqual(8);

      await items.last().click();
      await expect.poll(() => frames.count()).toBe(count + 1);
      const added = page.getByRole('group', { name: `Columns block ${count + 1}`, exact: true });
      expect(await added.getAttribute('aria-current')).toBe('true');
      expect(await menu.count()).toBe(0);
    });
  }
});
