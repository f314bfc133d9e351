// New blocks follow the brand, and a brand change restyles saved templates (issue 34, point 2), in
// a real browser: a Button added to a Blank template after the brand is set is brand-coloured on
// the canvas; a new brand colour brings the offer "Restyle your template with the new brand?";
// accepting restyles the template (a colour the seller chose by hand stays) and Undo restores it
// exactly. Screenshots of the Brand page with the offer and of the editor at 1280 and 390 px.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  BLANK_STARTER_ID,
  brandNewBlock,
  createBlock,
  designSchema,
  type Block,
} from '@thankly/email';
import {
  callFromPage,
  chooseStarter,
  registerThroughUi,
  screenshotPath,
  uniqueEmail,
  useBrowserSession,
} from './helpers.ts';
import { seriousAxeFindings } from './support/axe.ts';
import { dismissToasts } from './support/check-at-widths.ts';

const session = useBrowserSession();

const GREEN = '#2f6b4f';
const GREEN_RGB = 'rgb(47, 107, 79)';
const PURPLE = '#7c3aed';
const PURPLE_RGB = 'rgb(124, 58, 237)';
const RED = '#b91c1c';
const RED_RGB = 'rgb(185, 28, 28)';

interface SavedTemplate {
  design: { blocks: Array<{ id: string; type: string; buttonColor?: string }> };
  html: string;
}

/** The fill of each button on the editor's canvas, top to bottom. */
function canvasButtonColors(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(
      document.querySelectorAll('[data-testid="editor-canvas"] [data-block-type="button"]'),
    ).map((block) => {
      for (const el of [block, ...Array.from(block.querySelectorAll('*'))]) {
        const color = getComputedStyle(el).backgroundColor;
        if (color && color !== 'rgba(0, 0, 0, 0)' && color !== 'transparent') return color;
      }
      return '';
    }),
  );
}

async function screenshot(page: Page, name: string) {
  await dismissToasts(page, name);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: screenshotPath(name), fullPage: true });
}

async function saveBrandColour(page: Page, colour: string) {
  await page.goto('/thankly/brand');
  await page.getByRole('heading', { name: 'Brand kit', level: 1 }).waitFor();
  await page.getByLabel('Primary colour', { exact: true }).fill(colour);
  await page.getByRole('button', { name: 'Save brand' }).click();
  await page.getByText('All changes saved').waitFor();
}

const buttonsOf = (template: SavedTemplate) =>
  template.design.blocks.filter((b) => b.type === 'button').map((b) => b.buttonColor);

describe('new blocks and saved templates follow the brand', () => {
  it('a Button added after the brand is set wears it; a brand change restyles the template, and Undo restores it', async () => {
    const { page } = await session.open({ width: 1280, height: 900 });
    await registerThroughUi(page, { name: 'Sofia', email: uniqueEmail('restyle') });
    await saveBrandColour(page, GREEN);
    // No template yet: nothing to restyle, no offer.
    expect(await page.locator('[data-restyle-offer]').count()).toBe(0);

    // A Blank template; a Button added on the canvas is brand-coloured, not indigo.
    await page.goto('/thankly');
    await page.getByRole('button', { name: 'New template' }).click();
    await chooseStarter(page, BLANK_STARTER_ID);
    const canvas = page.getByTestId('editor-canvas');
    const words = canvas.locator('[data-block-type="text"]').first();
    await words.hover();
    await page
      .getByRole('button', { name: /^Add a block after Text/ })
      .first()
      .click();
    await page.getByRole('menuitem', { name: 'Button' }).click();
    await expect.poll(() => canvasButtonColors(page)).toEqual([GREEN_RGB]);

    // A second button the seller colours red by hand.
    await canvas.locator('[data-block-type="button"]').first().hover();
    await page
      .getByRole('button', { name: /^Add a block after Button/ })
      .first()
      .click();
    await page.getByRole('menuitem', { name: 'Button' }).click();
    await expect.poll(() => canvasButtonColors(page)).toEqual([GREEN_RGB, GREEN_RGB]);
    await page.getByLabel('Button color', { exact: true }).fill(RED);
    await expect.poll(() => canvasButtonColors(page)).toEqual([GREEN_RGB, RED_RGB]);
    await page.getByLabel('Template Name').fill('Blank with buttons');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL(/\/thankly\/create\?id=[^&]+$/);
    const id = new URL(page.url()).searchParams.get('id')!;
    const before = await callFromPage<SavedTemplate>(page, 'GET', `/api/templates/${id}`);
    expect(buttonsOf(before)).toEqual([GREEN, RED]);

    // A new brand colour: the Brand page offers to restyle the saved template.
    await saveBrandColour(page, PURPLE);
    const offer = page.getByRole('heading', { name: 'Restyle your template with the new brand?' });
    await offer.waitFor();
    expect(await seriousAxeFindings(page)).toEqual([]);
    await screenshot(page, 'brand-restyle-offer-1280');
    await page.getByRole('button', { name: 'Restyle 1 template' }).click();
    await page.getByText('1 template restyled with your brand.').waitFor();
    const restyled = await callFromPage<SavedTemplate>(page, 'GET', `/api/templates/${id}`);
    expect(buttonsOf(restyled)).toEqual([PURPLE, RED]);
    await screenshot(page, 'brand-restyle-done-1280');

    // One Undo puts the template back exactly as it was saved.
    await page.getByRole('button', { name: 'Undo' }).click();
    await page.getByText('Your templates are back as they were.').waitFor();
    const undone = await callFromPage<SavedTemplate>(page, 'GET', `/api/templates/${id}`);
    expect(undone.design).toEqual(before.design);
    expect(undone.html).toBe(before.html);

    // Restyle again and see it in the editor: the brand's purple, the seller's red kept.
    await saveBrandColour(page, '#6d28d9');
    await page.getByRole('button', { name: 'Restyle 1 template' }).click();
    await page.getByText('1 template restyled with your brand.').waitFor();
    await page.goto(`/thankly/create?id=${id}`);
    await page.getByRole('heading', { name: 'Edit template' }).waitFor();
    await expect.poll(() => canvasButtonColors(page)).toEqual(['rgb(109, 40, 217)', RED_RGB]);
    await screenshot(page, 'brand-restyle-editor-1280');
  });

  it('at 390 px: the offer fits the phone, and the restyled template shows in the editor', async () => {
    const { page } = await session.open({ width: 390, height: 844 });
    await registerThroughUi(page, { name: 'Eleni', email: uniqueEmail('restyle-phone') });
    await saveBrandColour(page, GREEN);
    // A template made from the Blank starter with a Button added as the editor adds one.
    const brand = (await callFromPage<{ brand: Parameters<typeof brandNewBlock>[1] }>(
      page,
      'GET',
      '/api/brand',
    ))!.brand;
    const gallery = await callFromPage<{ designs: Array<{ id: string; design: unknown }> }>(
      page,
      'GET',
      '/api/templates/gallery',
    );
    const blank = designSchema.parse(
      gallery.designs.find((d) => d.id === BLANK_STARTER_ID)!.design,
    );
    const button = brandNewBlock(createBlock('button', 'shop'), brand, blank.global) as Block;
    const created = await callFromPage<{ id: string }>(page, 'POST', '/api/templates', {
      name: 'Phone template',
      subject: 'Thank you',
      design: { ...blank, blocks: [...blank.blocks, button] },
    });

    await saveBrandColour(page, PURPLE);
    await page
      .getByRole('heading', { name: 'Restyle your template with the new brand?' })
      .waitFor();
    await page.locator('[data-restyle-offer]').scrollIntoViewIfNeeded();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    expect(await seriousAxeFindings(page)).toEqual([]);
    await screenshot(page, 'brand-restyle-offer-390');
    await page.getByRole('button', { name: 'Restyle 1 template' }).click();
    await page.getByText('1 template restyled with your brand.').waitFor();

    await page.goto(`/thankly/create?id=${created.id}`);
    await page.getByRole('heading', { name: 'Edit template' }).waitFor();
    await expect.poll(() => canvasButtonColors(page)).toEqual([PURPLE_RGB]);
    await screenshot(page, 'brand-restyle-editor-390');
  });
});
