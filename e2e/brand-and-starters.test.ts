// Issue 15 in a real browser: the seller sets a brand kit on the Brand page, New template offers the
// starter designs wearing it (live thumbnails from the same renderer), a chosen design opens in the
// editor and saves unchanged; Apply brand recolours an existing template as one undoable step.
// axe on the Brand page and the picker; screenshots of both at 1280 and 390 px.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { registerThroughUi, screenshotPath, uniqueEmail, useBrowserSession } from './helpers.ts';
import { seriousAxeFindings } from './support/axe.ts';
import { dismissToasts } from './support/check-at-widths.ts';

const session = useBrowserSession();

// Served by the browser's own route: nothing leaves the machine.
const LOGO = 'https://cdn.shop.test/olive-logo.svg';
const logoUrl = () => LOGO;
const LOGO_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="480" height="160" viewBox="0 0 480 160"><rect width="480" height="160" rx="24" fill="#0f766e"/><text x="240" y="100" font-size="56" text-anchor="middle" fill="#fff" font-family="Georgia">Olive</text></svg>';

async function serveLogo(page: Page) {
  // On the context, not the page: the page's routes miss some requests of srcdoc frames.
  await page.context().route(LOGO, (route) =>
    route.fulfill({
      status: 200,
      contentType: 'image/svg+xml',
      // As an image host answers: any page (and the previews' sandboxed frames) may show it.
      headers: { 'Cross-Origin-Resource-Policy': 'cross-origin', 'Cache-Control': 'no-store' },
      body: LOGO_SVG,
    }),
  );
}
const PRIMARY = '#0f766e';

/** A screenshot of the page as a seller opens it: from the top, without the toasts of earlier steps. */
async function screenshotPage(page: Page, name: string, fullPage = true) {
  await dismissToasts(page, name);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: screenshotPath(name), fullPage });
}

/**
 * Waits until every email preview frame shows its logo. A sandboxed frame runs in its own process,
 * and Playwright starts intercepting its requests a moment after its first ones: a logo asked for
 * before that is asked for again, as a reload would, so the stand-in logo route serves it.
 */
async function expectPreviewLogosLoaded(page: Page) {
  for (const frame of page.frames().filter((f) => f.url() === 'about:srcdoc')) {
    await expect
      .poll(() =>
        frame.evaluate(() => {
          const images = Array.from(document.images);
          for (const img of images)
            if (img.complete && img.naturalWidth === 0) img.setAttribute('src', img.src);
          return images.some((img) => img.complete && img.naturalWidth > 0);
        }),
      )
      .toBe(true);
  }
}

async function noSidewaysScroll(page: Page) {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
}

async function setBrand(page: Page) {
  await page.getByRole('navigation', { name: 'App' }).getByRole('link', { name: 'Brand' }).click();
  await page.getByRole('heading', { name: 'Brand kit', level: 1 }).waitFor();
  await page.getByLabel('Logo address', { exact: true }).fill(logoUrl());
  await page.getByLabel('Primary colour', { exact: true }).fill(PRIMARY);
  await page.getByLabel('Background colour', { exact: true }).fill('#f0fdfa');
  await page.getByLabel('Text colour', { exact: true }).fill('#134e4a');
  await page.getByLabel('Font').selectOption({ label: 'Lora' });
  await page.getByLabel('Sign-off').fill('With love from the workshop,\nMaria');
  await page.getByRole('button', { name: 'Save brand' }).click();
  await page.getByText('Brand saved', { exact: false }).waitFor();
  await page.getByText('All changes saved').waitFor();
}

/** The background colours of the button in the editor's canvas (the first with a colour). */
function canvasButtonColor(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const block = document.querySelector(
      '[data-testid="editor-canvas"] [data-block-type="button"]',
    );
    for (const el of [block, ...Array.from(block?.querySelectorAll('*') ?? [])]) {
      if (!el) continue;
      const color = getComputedStyle(el).backgroundColor;
      if (color && color !== 'rgba(0, 0, 0, 0)' && color !== 'transparent') return color;
    }
    return null;
  });
}

describe('brand kit and starter designs', () => {
  it('a brand set once dresses every starter design; a chosen one opens in the editor and saves unchanged', async () => {
    const { page } = await session.open({ width: 1280, height: 900 });
    await serveLogo(page);
    await registerThroughUi(page, { name: 'Maria', email: uniqueEmail('brand') });

    // Before a brand exists, the picker points to the Brand page.
    await page.getByRole('button', { name: 'New template' }).click();
    const firstPicker = page.getByRole('dialog', { name: 'Start a new template' });
    await firstPicker.getByRole('link', { name: 'Set up your brand first' }).click();
    await page.getByRole('heading', { name: 'Brand kit', level: 1 }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);

    await page.goto('/thankly');
    await page.getByRole('heading', { name: 'Your Thank-You Notes' }).waitFor();
    await setBrand(page);
    // The sample email wears the brand.
    const sample = page.frameLocator('iframe[title="Sample email with your brand"]');
    await sample.locator(`img[src="${logoUrl()}"]`).waitFor();
    expect(await page.getByRole('status').filter({ hasText: 'Hard to read' }).count()).toBe(0);
    await noSidewaysScroll(page);
    expect(await seriousAxeFindings(page)).toEqual([]);
    await expectPreviewLogosLoaded(page);
    await screenshotPage(page, 'brand-page-1280');

    // New template: the picker, its tiles wearing the brand colour.
    await page
      .getByRole('navigation', { name: 'App' })
      .getByRole('link', { name: 'Templates' })
      .click();
    await page.getByRole('button', { name: 'New template' }).click();
    const picker = page.getByRole('dialog', { name: 'Start a new template' });
    const tiles = picker
      .getByRole('list', { name: 'Starter designs', exact: true })
      .getByRole('listitem');
    await tiles.first().waitFor();
    expect(await tiles.count()).toBeGreaterThanOrEqual(7);
    expect(await picker.getByRole('link', { name: 'Set up your brand first' }).count()).toBe(0);
    await expect
      .poll(() => picker.locator('iframe[title^="Preview of"]').count())
      .toBeGreaterThanOrEqual(7);
    const thumbnails = await picker
      .locator('iframe[title^="Preview of"]')
      .evaluateAll((frames) => frames.map((f) => f.getAttribute('srcdoc') ?? ''));
    const starters = thumbnails.filter((_, i) => i > 0); // Blank is first
    expect(starters.length).toBeGreaterThanOrEqual(6);
    for (const html of starters) expect(html.toLowerCase()).toContain(PRIMARY);
    expect(await picker.locator('[data-starter="blank"]').count()).toBe(1);
    // The first tile has the focus; the arrow keys move it.
    const firstTile = picker.locator('[data-starter-tile]').first();
    await expect.poll(() => firstTile.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('ArrowRight');
    await expect
      .poll(() =>
        picker
          .locator('[data-starter-tile]')
          .nth(1)
          .evaluate((el) => el === document.activeElement),
      )
      .toBe(true);
    // Each thumbnail shows the logo.
    await expectPreviewLogosLoaded(page);
    expect(await seriousAxeFindings(page)).toEqual([]);
    await screenshotPage(page, 'starter-picker-1280', false);

    // Escape closes; open again and choose the coupon design.
    await page.keyboard.press('Escape');
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.getByRole('button', { name: 'New template' }).click();
    const coupon = picker.locator('[data-starter="coupon"]');
    const couponName = (await coupon.locator('[data-starter-tile]').textContent())?.trim() ?? '';
    expect(couponName).not.toBe('');
    const gallery = await page.evaluate(() =>
      fetch('/api/templates/gallery').then(
        (r) => r.json() as Promise<{ designs: { id: string; subject: string; design: unknown }[] }>,
      ),
    );
    const couponDesign = gallery.designs.find((d) => d.id === 'coupon');
    expect(couponDesign).toBeTruthy();
    await coupon.locator('[data-starter-tile]').focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Create template' }).waitFor();
    expect(await page.getByLabel('Template Name').inputValue()).toBe(couponName);
    expect(await page.getByLabel('Email Subject').inputValue()).toBe(couponDesign!.subject);
    await page.getByTestId('editor-canvas').locator('[data-block-type="button"]').first().waitFor();
    expect(await canvasButtonColor(page)).toBe('rgb(15, 118, 110)');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    // Saving keeps the editor open, now at the saved template's own address.
    await page.waitForURL(/\/thankly\/create\?id=[^&]+$/);
    await page.getByRole('heading', { name: 'Edit template' }).waitFor();
    const savedId = new URL(page.url()).searchParams.get('id')!;

    // The saved template is the starter design, unchanged.
    const saved = await page.evaluate(
      (id) =>
        fetch(`/api/templates/${id}`).then((r) => r.json()) as Promise<{
          name: string;
          design: unknown;
        }>,
      savedId,
    );
    expect(saved.name).toBe(couponName);
    // Unchanged, apart from the logo's size, which the editor measures as the picture loads (so
    // Outlook gets its real proportions).
    const logoOf = (design: unknown) =>
      (design as { blocks: { id: string; naturalWidth?: number | null }[] }).blocks.find(
        (b) => b.id === 'logo',
      );
    expect(logoOf(couponDesign!.design)?.naturalWidth).toBeNull();
    expect(logoOf(saved.design)?.naturalWidth).toBeGreaterThan(0);
    const unmeasured = (design: unknown) =>
      JSON.parse(JSON.stringify(design), (key, value: unknown) =>
        key === 'naturalWidth' || key === 'naturalHeight' ? undefined : value,
      ) as unknown;
    expect(unmeasured(saved.design)).toEqual(unmeasured(couponDesign!.design));
  });

  it('Apply brand recolours an existing template in one step, and Undo takes it back', async () => {
    const { page } = await session.open({ width: 1280, height: 900 });
    await serveLogo(page);
    await registerThroughUi(page, { name: 'Nikos', email: uniqueEmail('apply-brand') });
    // A template from before the brand: the default one, with its indigo coupon button.
    await page.goto('/thankly/create');
    await page.getByRole('heading', { name: 'Create template' }).waitFor();
    await page.getByLabel('Template Name').fill('Before the brand');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    // Saving keeps the editor open, now at the saved template's own address.
    await page.waitForURL(/\/thankly\/create\?id=[^&]+$/);
    await page.getByRole('heading', { name: 'Edit template' }).waitFor();
    const id = new URL(page.url()).searchParams.get('id')!;
    await setBrand(page);

    await page.goto(`/thankly/create?id=${id}`);
    await page.getByRole('heading', { name: 'Edit template' }).waitFor();
    const before = await canvasButtonColor(page);
    expect(before).not.toBe('rgb(15, 118, 110)');
    await page.getByRole('tab', { name: 'Style' }).click();
    await page.getByRole('button', { name: 'Apply brand' }).click();
    await page.getByText('Brand applied').waitFor();
    await expect.poll(() => canvasButtonColor(page)).toBe('rgb(15, 118, 110)');
    await page.getByText('Changes not yet live').waitFor();
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => canvasButtonColor(page)).toBe(before);
    // One step: nothing more to undo from the brand, and Redo brings it back.
    expect(await page.getByRole('button', { name: 'Undo' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Redo' }).click();
    await expect.poll(() => canvasButtonColor(page)).toBe('rgb(15, 118, 110)');
  });

  it('the Brand page and the picker at 390 px: one column, no sideways scroll, no axe findings', async () => {
    const { page } = await session.open({ width: 390, height: 844 });
    await serveLogo(page);
    await registerThroughUi(page, { name: 'Eleni', email: uniqueEmail('brand-phone') });
    await page.goto('/thankly/brand');
    await page.getByRole('heading', { name: 'Brand kit', level: 1 }).waitFor();
    await page.getByLabel('Logo address', { exact: true }).fill(logoUrl());
    await page.getByLabel('Primary colour', { exact: true }).fill(PRIMARY);
    await page.getByLabel('Text colour', { exact: true }).fill('#99f6e4');
    await page.getByLabel('Background colour', { exact: true }).fill('#ffffff');
    await page.getByText('Hard to read', { exact: false }).waitFor();
    // The preview sits below the form on phones.
    const form = await page.getByRole('region', { name: 'Your brand' }).boundingBox();
    const preview = await page.getByRole('region', { name: 'Preview' }).boundingBox();
    expect(preview!.y).toBeGreaterThan(form!.y + form!.height - 1);
    await noSidewaysScroll(page);
    expect(await seriousAxeFindings(page)).toEqual([]);
    await page
      .frameLocator('iframe[title="Sample email with your brand"]')
      .getByText('Thank you, Alex!')
      .waitFor();
    await expectPreviewLogosLoaded(page);
    await screenshotPage(page, 'brand-page-390');
    // A full-page capture leaves the sandboxed frame below the first screen unpainted; the
    // preview card on its own, scrolled into view, shows it.
    await page.getByRole('region', { name: 'Preview' }).evaluate((card) => {
      card.scrollIntoView();
      window.scrollBy(0, -80); // below the sticky app bar
    });
    await page.screenshot({ path: screenshotPath('brand-page-preview-390') });
    await page.getByLabel('Text colour', { exact: true }).fill('#134e4a');
    await page.getByRole('button', { name: 'Save brand' }).click();
    await page.getByText('All changes saved').waitFor();

    await page.goto('/thankly');
    await page.getByRole('heading', { name: 'Your Thank-You Notes' }).waitFor();
    await page.getByRole('button', { name: 'New template' }).click();
    const picker = page.getByRole('dialog', { name: 'Start a new template' });
    const tiles = picker.locator('[data-starter]');
    await tiles.first().waitFor();
    const boxes = await tiles.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().x));
    expect(new Set(boxes.map(Math.round)).size).toBe(1);
    await noSidewaysScroll(page);
    expect(await seriousAxeFindings(page)).toEqual([]);
    await expectPreviewLogosLoaded(page);
    await screenshotPage(page, 'starter-picker-390', false);
  });
});
