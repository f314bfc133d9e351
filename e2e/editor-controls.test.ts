// Issue 14, "Smaller", in a real browser with no emoji font: the editor's icons are SVG (no boxes),
// the font-size select shows its whole text, the width handles work from the keyboard, a narrow
// column's buttons do not overlap, and the inspector is grouped — at 1280 and 390 px.
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
const toolbar = (page: Page) => page.getByRole('toolbar', { name: 'Text formatting' });

async function openNewTemplate(viewport: { width: number; height: number }, who: string) {
  current = await session.open(viewport);
  const { page } = current;
  await registerThroughUi(page, { name: who, email: uniqueEmail(`controls-${who}`) });
  await openDefaultTemplate(page);
  return page;
}

/** An icon button: one SVG inside, no visible text (the name comes from aria-label). */
async function expectSvgIcon(button: Locator) {
  expect(await button.locator('svg').count()).toBe(1);
  expect(await button.locator('svg').getAttribute('aria-hidden')).toBe('true');
  expect((await button.innerText()).trim()).toBe('');
}

/** Characters this machine's fonts have no glyph for (emoji, dingbats, braille). */
async function tofuInEditor(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const text = document.querySelector('main')?.textContent ?? document.body.textContent ?? '';
    return [...text.matchAll(/[\u{1F000}-\u{1FFFF}\u{2700}-\u{27BF}\u{2800}-\u{28FF}]/gu)].map(
      (m) => m[0],
    );
  });
}

/** How the font-size select's shown text fits: overflow and the text's width against its room. */
async function sizeSelectFit(page: Page) {
  return toolbar(page)
    .getByLabel('Font size', { exact: true })
    .evaluate((el) => {
      const select = el as HTMLSelectElement;
      const style = getComputedStyle(select);
      const probe = document.createElement('span');
      probe.style.font = style.font;
      probe.style.whiteSpace = 'pre';
      probe.textContent = select.selectedOptions[0]?.text ?? '';
      document.body.append(probe);
      const textWidth = probe.getBoundingClientRect().width;
      probe.remove();
      // The room left for the text: the content box minus the drop-down arrow (about 20px).
      const room =
        select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
      return {
        text: probe.textContent,
        scroll: select.scrollWidth,
        client: select.clientWidth,
        textWidth,
        room,
      };
    });
}

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('editor controls', () => {
  it('draws its icons as SVG, fits the size select, and resizes from the keyboard at 1280px', async () => {
    const page = await openNewTemplate({ width: 1280, height: 900 }, 'Marta');
    await block(page, 'Text block 5').click();
    await page.getByTestId('editor-canvas').getByRole('textbox', { name: 'Text' }).waitFor();
    for (const name of ['Bold', 'Italic', 'Underline', 'Link', 'Insert image']) {
      await expectSvgIcon(toolbar(page).getByRole('button', { name }));
    }
    for (const name of ['Move Text block 5 up', 'Move Text block 5 down', 'Delete Text block 5']) {
      await expectSvgIcon(page.getByRole('button', { name }));
    }
    expect(
      await page.getByRole('img', { name: 'Drag Text block 5 to reorder' }).locator('svg').count(),
    ).toBe(1);
    await expectSvgIcon(page.getByRole('button', { name: 'Add a block after Text block 5' }));
    expect(await tofuInEditor(page)).toEqual([]);

    const fit = await sizeSelectFit(page);
    expect(fit.text).toBe('Default size');
    expect(fit.scroll).toBeLessThanOrEqual(fit.client);
    expect(fit.textWidth).toBeLessThanOrEqual(fit.room);

    // The inspector in titled groups: the block's own and Layout open, the rest collapsed.
    const inspector = page.locator('[data-inspector]');
    const sections = () =>
      inspector
        .locator('details')
        .evaluateAll((all) =>
          all.map(
            (d) =>
              `${d.querySelector('summary')?.textContent}:${(d as HTMLDetailsElement).open ? 'open' : 'closed'}`,
          ),
        );
    expect(await sections()).toEqual([
      'Content:open',
      'Layout:open',
      'Colours:closed',
      'Typography:closed',
      'Spacing and corners:closed',
    ]);
    expect(await inspector.getByLabel('Top (px)').isVisible()).toBe(false);
    await page.screenshot({ path: screenshotPath('editor-toolbar-inspector-1280') });
    // A group opens from the keyboard, and stays open for the next block selected.
    await inspector.getByText('Spacing and corners', { exact: true }).focus();
    await page.keyboard.press('Enter');
    await inspector.getByLabel('Top (px)').waitFor();
    await page.screenshot({ path: screenshotPath('editor-inspector-groups-1280') });
    await block(page, 'Text block 4').click();
    await inspector.getByLabel('Top (px)').waitFor();
    expect(await sections()).toContain('Spacing and corners:open');

    // The heading's width from the keyboard: Page Down mark to mark, arrows 5%, Home and End.
    const heading = block(page, 'Heading block 3');
    await heading.click();
    const handle = page.getByRole('slider', { name: 'Width of Heading block 3' });
    await handle.focus();
    const frameRatio = async () => {
      const [frame, row] = await Promise.all([
        heading.boundingBox(),
        heading.locator('xpath=..').boundingBox(),
      ]);
      return Math.round((frame!.width / row!.width) * 100);
    };
    await page.keyboard.press('PageDown');
    await expect.poll(() => handle.getAttribute('aria-valuenow')).toBe('75');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => handle.getAttribute('aria-valuetext')).toBe('70%');
    expect(await frameRatio()).toBe(70);
    // The marks show while the handle has the focus.
    expect(await heading.locator('[data-snap-marks]').count()).toBe(1);
    await page.keyboard.press('Home');
    await expect.poll(() => handle.getAttribute('aria-valuenow')).toBe('5');
    await page.keyboard.press('End');
    await expect.poll(() => handle.getAttribute('aria-valuenow')).toBe('100');
    await page.keyboard.press('PageDown');
    await page.keyboard.press('PageDown');
    await expect.poll(() => handle.getAttribute('aria-valuenow')).toBe('66');
    // Undo takes the keyboard's change back.
    await page.keyboard.press('Control+z');
    await expect.poll(() => handle.getAttribute('aria-valuenow')).not.toBe('66');

    // A columns block narrowed to its minimum from the keyboard: its buttons stay apart.
    await page.getByRole('button', { name: 'Add a block after Heading block 3' }).click();
    await page.getByRole('menuitem', { name: 'Columns' }).click();
    const columns = block(page, 'Columns block 4');
    await expect.poll(() => columns.getAttribute('aria-current')).toBe('true');
    const columnHandle = page.getByRole('slider', { name: 'Width of column 1' });
    await columnHandle.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => columnHandle.getAttribute('aria-valuenow')).toBe('55');
    await page.keyboard.press('Home');
    await expect.poll(() => columnHandle.getAttribute('aria-valuenow')).toBe('5');
    const buttons = [
      page.getByRole('button', { name: 'Add block to column 1' }),
      page.getByRole('button', { name: 'Remove column 1' }),
      page.getByRole('button', { name: 'Add block to column 2' }),
      page.getByRole('button', { name: 'Remove column 2' }),
    ];
    const boxes = await Promise.all(buttons.map((b) => b.boundingBox()));
    for (const [i, a] of boxes.entries()) {
      expect(a, `button ${i} is shown`).not.toBeNull();
      for (const b of boxes.slice(i + 1)) expect(overlaps(a!, b!)).toBe(false);
    }
    for (const b of buttons.slice(0, 2)) await expectSvgIcon(b);
    await columns.screenshot({ path: screenshotPath('editor-narrow-column-1280') });
  });

  it('fits the toolbar and its size select at 390px, with the inspector in its sheet', async () => {
    const page = await openNewTemplate({ width: 390, height: 844 }, 'Noor');
    await block(page, 'Text block 4').click();
    await page.getByTestId('editor-canvas').getByRole('textbox', { name: 'Text' }).waitFor();
    const fit = await sizeSelectFit(page);
    expect(fit.scroll).toBeLessThanOrEqual(fit.client);
    expect(fit.textWidth).toBeLessThanOrEqual(fit.room);
    await expectSvgIcon(toolbar(page).getByRole('button', { name: 'Link' }));
    expect(await tofuInEditor(page)).toEqual([]);
    await page.screenshot({ path: screenshotPath('editor-toolbar-390') });
    await page.getByRole('button', { name: 'Block settings' }).click();
    const sheet = page.getByRole('region', { name: 'Inspector' });
    await sheet.getByLabel('Block width').waitFor();
    await page.screenshot({ path: screenshotPath('editor-inspector-390') });
  });
});
