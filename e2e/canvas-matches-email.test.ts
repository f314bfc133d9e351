// What the seller sees is what the buyer gets: the editor canvas and Preview HTML (the email as it
// is sent) place every block at the same height, within 4 px, at 1280 and at 390 px. Paragraph
// margins used to differ (about 57 px between text blocks on the canvas, 90 px in the email).
import { describe, expect, it } from 'vitest';
import type { Frame, Page } from 'playwright-core';
import { registerThroughUi, screenshotPath, uniqueEmail, useBrowserSession } from './helpers.ts';

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
