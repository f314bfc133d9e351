// The seller's main job in a real browser: build a template in the block editor from the default
// one, save it, find it on the dashboard exactly as built, and reopen it.
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import {
  registerThroughUi,
  screenshotPath,
  uniqueEmail,
  type WatchedPage,
  useBrowserSession,
  openDefaultTemplate,
} from './helpers.ts';

const session = useBrowserSession();
let current: WatchedPage | null = null;

const block = (page: Page, name: string) => page.getByRole('group', { name, exact: true });

/** Drags a handle horizontally by `dx` pixels with the mouse. */
async function dragBy(page: Page, handle: Locator, dx: number) {
  const box = await handle.boundingBox();
  if (!box) throw new Error('handle not visible');
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let step = 1; step <= 5; step += 1) await page.mouse.move(x + (dx * step) / 5, y);
  await page.mouse.up();
}

async function valueOf(slider: Locator): Promise<number> {
  return Number(await slider.getAttribute('aria-valuenow'));
}

describe('template editor', () => {
  it('builds a template from the default one, saves it and reopens it as saved', async () => {
    current = await session.open();
    const { page } = current;
    await registerThroughUi(page, { name: 'Elena', email: uniqueEmail('editor') });
    await page.getByText('No templates yet. Create your first!').waitFor();
    await openDefaultTemplate(page);

    // The default template: logo, spacer, heading, four texts and the coupon button.
    const canvas = page.getByTestId('editor-canvas');
    expect(await canvas.locator('[data-block-frame]').count()).toBe(8);

    // Edit the heading's text in place on the canvas.
    await block(page, 'Heading block 3').click();
    await canvas
      .getByRole('textbox', { name: 'Heading text' })
      .fill('Thanks a million, [customer-first-name]!');
    await expect
      .poll(() => canvas.getByText('Thanks a million, Customer first name!').count())
      .toBe(1);

    // A columns block below the heading, with a text in column 1 and a button in column 2.
    await page.getByRole('button', { name: 'Add a block after Heading block 3' }).click();
    await page.getByRole('menuitem', { name: 'Columns' }).click();
    const columns = block(page, 'Columns block 4');
    await expect.poll(() => columns.getAttribute('aria-current')).toBe('true');
    await page.getByRole('button', { name: 'Add block to column 1' }).click();
    await page.getByRole('menuitem', { name: 'Text' }).click();
    await columns.hover();
    await page.getByRole('button', { name: 'Add block to column 2' }).click();
    // No columns inside columns.
    expect(await page.getByRole('menuitem', { name: 'Columns' }).count()).toBe(0);
    await page.getByRole('menuitem', { name: 'Button' }).click();
    expect(await columns.locator('[data-block-type="text"]').count()).toBe(1);
    expect(await columns.locator('[data-block-type="button"]').count()).toBe(1);
    await page.getByLabel('Button text').fill('Visit the shop');

    // Drag the divider between the columns to the right: column 1 grows, the total stays 100.
    await columns.hover();
    const columnHandle = page.getByRole('slider', { name: 'Width of column 1' });
    await dragBy(page, columnHandle, 90);
    const column1 = await valueOf(columnHandle);
    expect(column1).toBeGreaterThan(58);
    expect(column1).toBeLessThan(72);

    // Drag the heading's right edge: a centred block narrows on both sides and snaps to 50%.
    await block(page, 'Heading block 3').click();
    const widthHandle = page.getByRole('slider', { name: 'Width of Heading block 3' });
    await dragBy(page, widthHandle, -148);
    expect(await valueOf(widthHandle)).toBe(50);

    // Move the heading above the spacer and back down; delete a text, undo brings it back.
    await page.getByRole('button', { name: 'Move Heading block 3 up' }).click();
    await block(page, 'Heading block 2').waitFor();
    await page.getByRole('button', { name: 'Move Heading block 2 down' }).click();
    await block(page, 'Heading block 3').waitFor();
    await block(page, 'Text block 6').click();
    await page.getByRole('button', { name: 'Delete Text block 6' }).click();
    expect(await canvas.getByText('every order truly means the world').count()).toBe(0);
    await page.keyboard.press('Control+z');
    await canvas.getByText('every order truly means the world').waitFor();
    expect(await canvas.locator('[data-block-frame]').count()).toBe(11);

    // Clicking outside deselects.
    await page.getByRole('heading', { name: 'Create template' }).click();
    await page.getByText('Select a block to edit its settings').waitFor();

    // The name is required; then save.
    const name = page.getByLabel('Template Name');
    await name.fill('   ');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Please enter a template name.').waitFor();
    await name.fill('Spring thanks');
    await page.getByLabel('Email Subject').fill('Thanks, [customer-first-name]!');
    await page.screenshot({ path: screenshotPath('editor-before-save'), fullPage: true });
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Template created!').waitFor();
    // Saving keeps the seller in the editor, now on the saved template's own address.
    await page.getByRole('heading', { name: 'Edit template' }).waitFor();
    const address = new URL(page.url());
    expect(address.pathname).toBe('/thankly/create');
    expect(address.searchParams.get('id')).toBeTruthy();
    await page.getByRole('link', { name: '← Back' }).click();
    await page.getByRole('heading', { name: 'Your Thank-You Notes' }).waitFor();

    // The dashboard card with its scaled live preview.
    const card = page.getByRole('listitem', { name: 'Spring thanks' });
    // Read as a buyer would, with the sample order's values: no raw token on a card.
    await card.getByText('Thanks, Alex!').waitFor();
    const preview = page.frameLocator('iframe[title="Preview of Spring thanks"]');
    await preview.getByText('Thanks a million, Alex!').waitFor();
    await preview.getByText('Visit the shop').waitFor();
    await page.screenshot({ path: screenshotPath('dashboard-with-template'), fullPage: true });

    // Reopen: everything as saved.
    await card.getByRole('link', { name: 'Edit Spring thanks' }).click();
    await page.getByRole('heading', { name: 'Edit template' }).waitFor();
    expect(await page.getByLabel('Template Name').inputValue()).toBe('Spring thanks');
    const reopened = block(page, 'Columns block 4');
    expect(await reopened.locator('[data-block-type="text"]').count()).toBe(1);
    expect(await reopened.getByText('Visit the shop').count()).toBe(1);
    await block(page, 'Heading block 3').click();
    const heading = canvas.getByRole('textbox', { name: 'Heading text' });
    expect(await heading.textContent()).toBe('Thanks a million, Customer first name!');
    expect(await heading.locator('[data-token="[customer-first-name]"]').count()).toBe(1);
    expect(await valueOf(page.getByRole('slider', { name: 'Width of Heading block 3' }))).toBe(50);
    expect(await valueOf(page.getByRole('slider', { name: 'Width of column 1' }))).toBe(column1);
    expect(await canvas.locator('[data-block-frame]').count()).toBe(11);
  });
});
