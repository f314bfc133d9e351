// What the seller sees is what the buyer gets: the editor canvas and Preview HTML (the email as it
// is sent) place every block at the same height, within 4 px, at 1280 and at 390 px. Paragraph
// margins used to differ (about 57 px between text blocks on the canvas, 90 px in the email).
// Around the canvas, the margins have the email's width and colour: they used to be white on the
// canvas and beige in the email.
import { describe, expect, it } from 'vitest';
import type { Frame, Page } from 'playwright-core';
import {
  chooseStarter,
  registerThroughUi,
  screenshotPath,
  uniqueEmail,
  useBrowserSession,
} from './helpers.ts';

const session = useBrowserSession();

// A 600 x 200 PNG inline: the image block renders in both views once it has one, and nothing
// leaves the machine (the preview's sandboxed frame is not reached by the browser's routes).
const LOGO =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAlgAAADICAIAAAC7/QjhAAACeUlEQVR42u3VMQ0AAAgEsVfHin8B+MACO02q4JZL1wDAW5EAACMEACMEACMEACMEACMEACMEACMEACMEACMEACMEACMEACMEACMEACMEACMEACMEACMEACMEACMEACMEACMEACMEACMEACMEACMEACMEACMEACMEACMEACMEACMEACMEACMEACMEACMEACMEACMEACMEACMEACMEACMEACMEACMEACMEACMEACMEACMEACMEACMEACMEACMEwAhVAMAIAcAIAcAIAcAIAcAIAcAIAcAIAcAIAcAIAcAIAcAIAcAIAcAIAcAIAcAIAcAIAcAIAcAIAcAIAcAIAcAIAcAIAcAIAcAIAcAIAcAIAcAIAcAIAcAIAcAIAcAIAcAIAcAIAcAIAcAIAcAIAcAIAcAIAcAIAcAIAcAIAcAIAcAIAcAIAcAIAcAIAcAIAcAIAcAIAcAIAcAIATBCADBCADBCADBCADBCADBCADBCADBCADBCADBCADBCADBCADBCADBCADBCADBCADBCADBCADBCADBCADBCADBCADBCADBCADBCADBCADBCADBCADBCADBCADBCADBCADBCADBCADBCADBCADBCADBCADBCADBCADBCADBCADBCADBCADBCADBCADBCADBCADBCADBCADBCAIxQBQCMEACMEACMEACMEACMEACMEACMEACMEACMEACMEACMEACMEACMEACMEACMEACMEACMEACMEACMEACMEACMEACMEACMEACMEACMEACMEACMEACMEACMEACMEACMEACMEACMEACMEACMEACMEACMEACMEACMEACMEACMEACMEACMEAAuFjBtTA1qQBKLAAAAAElFTkSuQmCC';

interface Layout {
  canvasWidth: number;
  /** Each top-level block's top edge, from the top of the 600px canvas. */
  tops: number[];
}

function canvasLayout(page: Page): Promise<Layout> {
  return page.getByTestId('editor-canvas').evaluate((canvas) => {
    const origin = canvas.getBoundingClientRect();
    const blocks = Array.from(canvas.querySelectorAll<HTMLElement>('[data-block-id]')).filter(
      (block) => !block.parentElement?.closest('[data-block-id]'),
    );
    return {
      canvasWidth: origin.width,
      tops: blocks.map((block) => block.getBoundingClientRect().top - origin.top),
    };
  });
}

function emailLayout(frame: Frame): Promise<Layout> {
  return frame.evaluate(() => {
    const canvas = document.querySelector('div[style*="max-width:600px"] > table')!;
    const origin = canvas.getBoundingClientRect();
    const rows = Array.from(canvas.querySelectorAll(':scope > tbody > tr'));
    return {
      canvasWidth: origin.width,
      tops: rows.map((row) => row.getBoundingClientRect().top - origin.top),
    };
  });
}

interface Margins {
  top: number;
  bottom: number;
  left: number;
  right: number;
  /** The colour seen in the top-left corner, the left margin and just above the canvas. */
  colours: string[];
}

async function canvasMargins(page: Page): Promise<Margins> {
  // The frame's top a little below the sticky app bar, so the points looked at are on screen.
  await page.getByTestId('preview-frame').evaluate((frame) => {
    window.scrollBy(0, frame.getBoundingClientRect().top - 160);
  });
  await page.mouse.move(0, 0);
  return page.getByTestId('preview-frame').evaluate((frame) => {
    // The colour painted at (x, y): the first background up from the element there.
    const at = (x: number, y: number) => {
      for (let el = document.elementFromPoint(x, y); el; el = el.parentElement) {
        const colour = getComputedStyle(el).backgroundColor;
        if (colour !== 'rgba(0, 0, 0, 0)' && colour !== 'transparent') return colour;
      }
      return 'none';
    };
    const box = frame.getBoundingClientRect();
    const backdrop = frame
      .querySelector('[data-testid="editor-backdrop"]')!
      .getBoundingClientRect();
    const canvas = frame.querySelector('[data-testid="editor-canvas"]')!.getBoundingClientRect();
    return {
      top: canvas.top - box.top,
      bottom: backdrop.bottom - canvas.bottom,
      left: canvas.left - box.left,
      right: box.right - canvas.right,
      colours: [
        at(box.left + 2, box.top + 2),
        at(box.left + 2, canvas.top + 40),
        at(canvas.left + 4, canvas.top - 4),
      ],
    };
  });
}

function emailMargins(frame: Frame): Promise<Margins> {
  return frame.evaluate(() => {
    // The colour painted at (x, y): the first background up from the element there.
    const at = (x: number, y: number) => {
      for (let el = document.elementFromPoint(x, y); el; el = el.parentElement) {
        const colour = getComputedStyle(el).backgroundColor;
        if (colour !== 'rgba(0, 0, 0, 0)' && colour !== 'transparent') return colour;
      }
      return 'none';
    };
    const canvas = document
      .querySelector('div[style*="max-width:600px"] > table')!
      .getBoundingClientRect();
    const backdrop = document.querySelector('body > table')!.getBoundingClientRect();
    const width = document.documentElement.clientWidth;
    return {
      top: canvas.top,
      bottom: backdrop.bottom - canvas.bottom,
      left: canvas.left,
      right: width - canvas.right,
      colours: [at(2, 2), at(2, canvas.top + 40), at(canvas.left + 4, canvas.top - 4)],
    };
  });
}

async function previewFrame(page: Page): Promise<Frame> {
  const handle = await page.getByTitle('Email preview').elementHandle();
  const frame = await handle!.contentFrame();
  await frame!.waitForSelector('div[style*="max-width:600px"] > table');
  await frame!.waitForFunction(() =>
    Array.from(document.images).every((image) => image.naturalWidth > 0),
  );
  return frame!;
}

describe('the editor canvas and the email agree', () => {
  it.each([
    { width: 1280, device: 'Desktop' },
    { width: 390, device: 'Mobile' },
  ])(
    'places every block of the default template at the same height at $width px',
    async ({ width, device }) => {
      const { page } = await session.open({ width, height: 900 });
      await registerThroughUi(page, { name: 'Mira', email: uniqueEmail('wysiwyg') });
      await page.goto('/thankly/create');
      await page.getByRole('heading', { name: 'Create template' }).waitFor();
      await page.getByRole('button', { name: device, exact: true }).click();
      await page.getByRole('group', { name: 'Image block 1', exact: true }).click();
      const showInspector = page.getByRole('button', { name: 'Show inspector' });
      if (await showInspector.isVisible()) await showInspector.click();
      await page.getByLabel('Image URL').fill(LOGO);
      await page.waitForFunction(
        (src) =>
          (document.querySelector<HTMLImageElement>(`img[src="${src}"]`)?.naturalWidth ?? 0) > 0,
        LOGO,
      );
      // The default template: a logo, a heading and text blocks of several paragraphs, where the
      // margins differed most.
      const onCanvas = await canvasLayout(page);
      await page
        .getByTestId('editor-canvas')
        .screenshot({ path: screenshotPath(`canvas-vs-email-canvas-${width}`) });

      // On a phone the inspector is a sheet over the lower half: close it, as a seller would.
      const closeSheet = page.getByRole('region', { name: 'Inspector' }).getByRole('button', {
        name: 'Close',
      });
      if (await closeSheet.isVisible()) await closeSheet.click();
      await page.getByRole('button', { name: 'Preview HTML' }).click();
      const frame = await previewFrame(page);
      const inEmail = await emailLayout(frame);
      await page
        .getByTitle('Email preview')
        .screenshot({ path: screenshotPath(`canvas-vs-email-email-${width}`) });

      // The same width for the words to wrap in, or the comparison means nothing.
      expect(Math.abs(onCanvas.canvasWidth - inEmail.canvasWidth)).toBeLessThanOrEqual(1);
      expect(onCanvas.tops.length).toBeGreaterThanOrEqual(5);
      expect(inEmail.tops).toHaveLength(onCanvas.tops.length);
      onCanvas.tops.forEach((top, index) => {
        expect(
          Math.abs(top - inEmail.tops[index]!),
          `block ${index + 1}: canvas ${top}px, email ${inEmail.tops[index]}px`,
        ).toBeLessThanOrEqual(4);
      });
    },
  );
});

describe('the margins around the canvas are the email’s', () => {
  it.each([
    { width: 1280, device: 'Desktop' },
    { width: 390, device: 'Mobile' },
  ])(
    'shows the classic design’s beige backdrop, as wide and as tall, at $width px',
    async ({ width, device }) => {
      const { page } = await session.open({ width, height: 900 });
      await registerThroughUi(page, { name: 'Lena', email: uniqueEmail('wysiwyg-margins') });
      await page.getByRole('button', { name: 'Create your first template' }).first().click();
      await chooseStarter(page, 'classic');
      await page.getByRole('button', { name: device, exact: true }).click();
      const onCanvas = await canvasMargins(page);
      await page
        .getByTestId('preview-frame')
        .screenshot({ path: screenshotPath(`canvas-margins-${width}`) });

      await page.getByRole('button', { name: 'Preview HTML' }).click();
      const frame = await previewFrame(page);
      const inEmail = await emailMargins(frame);

      // The classic design's backdrop, #f4f1ec, all round, in both.
      const BEIGE = 'rgb(244, 241, 236)';
      expect(inEmail.colours).toEqual([BEIGE, BEIGE, BEIGE]);
      expect(onCanvas.colours).toEqual(inEmail.colours);
      // Its vertical margin (40 px) above and below the canvas, and the same room at each side.
      expect(inEmail.top).toBeCloseTo(40, 0);
      for (const side of ['top', 'bottom', 'left', 'right'] as const) {
        expect(
          Math.abs(onCanvas[side] - inEmail[side]),
          `${side}: canvas ${onCanvas[side]}px, email ${inEmail[side]}px`,
        ).toBeLessThanOrEqual(1);
      }
    },
  );
});
