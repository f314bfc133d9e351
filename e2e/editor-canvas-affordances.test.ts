// Issue 34 (point 7) in a real browser, at 1280 and 390 px: the text toolbar floats next to the line
// being typed and never covers it, above it when there is room and below it when there is not; and
// between every two blocks an insertion point shows on hover and on Tab, with a visible focus ring,
// and opens the block picker to insert exactly there.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  openDefaultTemplate,
  registerThroughUi,
  screenshotPath,
  uniqueEmail,
  useBrowserSession,
} from './helpers.ts';

const session = useBrowserSession();
const WIDTHS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
];

const block = (page: Page, name: string) => page.getByRole('group', { name, exact: true });

interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** The caret's line (the collapsed selection's range) and the floating toolbar, as on screen. */
function caretAndToolbar(page: Page): Promise<{ line: Box; toolbar: Box; appBar: number }> {
  return page.evaluate(() => {
    const selection = window.getSelection()!;
    const range = selection.getRangeAt(0);
    let line = range.getBoundingClientRect();
    // A collapsed range can measure empty (after an inline chip, say): take the character before.
    if (
      line.height === 0 &&
      range.startContainer.nodeType === Node.TEXT_NODE &&
      range.startOffset > 0
    ) {
      const before = range.cloneRange();
      before.setStart(range.startContainer, range.startOffset - 1);
      line = before.getBoundingClientRect();
    }
    const toolbar = document
      .querySelector('[role="toolbar"][aria-label="Text formatting"]')!
      .parentElement!.getBoundingClientRect();
    const box = (r: DOMRect) => ({ top: r.top, bottom: r.bottom, left: r.left, right: r.right });
    return {
      line: box(line),
      toolbar: box(toolbar),
      appBar: document.querySelector('header')!.getBoundingClientRect().bottom,
    };
  });
}

function intersects(a: Box, b: Box): boolean {
  return a.top < b.bottom && b.top < a.bottom && a.left < b.right && b.left < a.right;
}

/** The toolbar clear of the caret's line and of the app bar, once Floating UI has placed it. */
async function expectClearOfCaret(page: Page, side: 'above' | 'below' | 'either') {
  await expect
    .poll(async () => {
      const { line, toolbar, appBar } = await caretAndToolbar(page);
      if (line.bottom - line.top < 8) return 'no caret line';
      if (intersects(line, toolbar)) return `covers the line: ${JSON.stringify({ line, toolbar })}`;
      if (toolbar.top < appBar - 1) return 'under the app bar';
      if (side === 'above' && toolbar.bottom > line.top) return 'not above';
      if (side === 'below' && toolbar.top < line.bottom)
        return `not below: ${JSON.stringify({ line, toolbar, appBar })}`;
      return 'clear';
    })
    .toBe('clear');
}

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe('the text toolbar and the insertion points on the canvas', () => {
  it.each(WIDTHS)(
    'the toolbar never covers the line being typed at $width px',
    async (viewport) => {
      const { page } = await session.open(viewport);
      await registerThroughUi(page, {
        name: 'Wren',
        email: uniqueEmail(`toolbar-${viewport.width}`),
      });
      await openDefaultTemplate(page);
      await block(page, 'Text block 4').click();
      const editor = page.getByTestId('editor-canvas').getByRole('textbox', { name: 'Text' });
      await editor.waitFor();
      await page.keyboard.press('ControlOrMeta+End');
      await page.keyboard.type(' And one more thing');
      await expectClearOfCaret(page, 'either');

      // With room above the line, the toolbar sits above it, near it.
      await page.evaluate(() => {
        const line = window.getSelection()!.getRangeAt(0).getBoundingClientRect();
        window.scrollBy(0, line.top - window.innerHeight / 2);
      });
      await page.keyboard.type(', typed');
      await expectClearOfCaret(page, 'above');
      const above = await caretAndToolbar(page);
      expect(above.line.top - above.toolbar.bottom).toBeLessThan(24);
      await page.keyboard.press('Enter');
      await page.keyboard.type('A new paragraph, still in view');
      await expectClearOfCaret(page, 'above');
      await page.screenshot({ path: screenshotPath(`editor-floating-toolbar-${viewport.width}`) });

      // The line just under the app bar: no room above, so below. (A short window, so the page
      // scrolls that far.)
      await page.setViewportSize({ width: viewport.width, height: 480 });
      await page.evaluate(() => {
        const line = window.getSelection()!.getRangeAt(0).getBoundingClientRect();
        const bar = document.querySelector('header')!.getBoundingClientRect().bottom;
        window.scrollBy(0, line.top - bar - 12);
      });
      await expect
        .poll(() => caretAndToolbar(page).then(({ line, appBar }) => line.top - appBar))
        .toBeLessThan(20);
      await page.keyboard.type(' and more');
      await expectClearOfCaret(page, 'below');
      await page.screenshot({
        path: screenshotPath(`editor-floating-toolbar-below-${viewport.width}`),
      });
      await page.setViewportSize(viewport);

      // A selection over two lines: the toolbar covers neither.
      await page.keyboard.press('Shift+ArrowUp');
      await expect
        .poll(async () => {
          const { toolbar } = await caretAndToolbar(page);
          const lines = await page.evaluate(() =>
            Array.from(window.getSelection()!.getRangeAt(0).getClientRects()).map((r) => ({
              top: r.top,
              bottom: r.bottom,
              left: r.left,
              right: r.right,
            })),
          );
          return lines.length > 0 && lines.every((line) => !intersects(line, toolbar));
        })
        .toBe(true);
      expect(await overflow(page)).toBeLessThanOrEqual(0);

      // Done with the words: the toolbar goes back above the canvas, disabled.
      await page.getByRole('heading', { name: 'Create template' }).click();
      await expect
        .poll(() =>
          page.getByRole('toolbar', { name: 'Text formatting' }).getAttribute('aria-disabled'),
        )
        .toBe('true');
    },
  );

  it.each(WIDTHS)(
    'insertion points show on hover and on Tab, and insert there, at $width px',
    async (viewport) => {
      const { page } = await session.open(viewport);
      await registerThroughUi(page, {
        name: 'Juno',
        email: uniqueEmail(`insert-${viewport.width}`),
      });
      await openDefaultTemplate(page);
      const canvas = page.getByTestId('editor-canvas');
      const frames = canvas.locator('[data-block-frame]');
      const count = await frames.count();
      // One before the first block, one after each.
      expect(await canvas.locator('[data-insertion-point]').count()).toBe(count + 1);

      const point = page.getByRole('button', { name: 'Add a block after Heading block 3' });
      const shown = () =>
        point.evaluate((button) =>
          Number(
            getComputedStyle(button.closest('[data-insertion-point]')!.firstElementChild!).opacity,
          ),
        );
      await page.mouse.move(0, 0);
      expect(await shown()).toBe(0);

      // The pointer on the seam between the heading and the next block.
      await block(page, 'Heading block 3').scrollIntoViewIfNeeded();
      const seam = await block(page, 'Heading block 3').boundingBox();
      const middle = await canvas.boundingBox();
      await page.mouse.move(middle!.x + middle!.width / 2, seam!.y + seam!.height);
      await expect.poll(shown).toBe(1);
      await page.mouse.move(0, 0);
      await expect.poll(shown).toBe(0);

      // From the keyboard: Tab from the heading reaches the point after it, which shows, ringed.
      await block(page, 'Heading block 3').focus();
      for (let i = 0; i < 8; i += 1) {
        await page.keyboard.press('Tab');
        const name = await page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
        if (name === 'Add a block after Heading block 3') break;
      }
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
        'Add a block after Heading block 3',
      );
      await expect.poll(shown).toBe(1);
      const ring = await point.evaluate((button) => {
        const style = getComputedStyle(button);
        return { style: style.outlineStyle, width: style.outlineWidth, colour: style.outlineColor };
      });
      expect(ring).toEqual({ style: 'solid', width: '2px', colour: 'rgb(79, 70, 229)' });
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      await page.screenshot({ path: screenshotPath(`editor-insertion-point-${viewport.width}`) });

      // Enter opens the picker; the chosen block lands right after the heading.
      await page.keyboard.press('Enter');
      const menu = page.getByRole('menu', { name: 'Block types' });
      await menu.waitFor();
      await page.keyboard.press('End');
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('Enter');
      await menu.waitFor({ state: 'detached' });
      const spacer = block(page, 'Spacer block 4');
      await expect.poll(() => spacer.getAttribute('aria-current')).toBe('true');
      expect(await frames.count()).toBe(count + 1);
    },
  );
});
