// The public site's static pages (issue 19): prerendered HTML with a small script and islands,
// no React. Their menus, the contact form and the pricing switch work without it; a signed-in
// seller gets the React app on the same page; links into the app are ordinary page loads.
import { PLANS } from '@thankly/api-contract/catalog';
import { BLANK_STARTER_ID, EMPTY_BRAND, starterDesigns } from '@thankly/email';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DIST_DIR } from '../apps/web/scripts/route-sizes.ts';
import { readManifest } from '../apps/web/scripts/vite-manifest.ts';
import { yearlyPricesNote } from '../apps/web/src/lib/pricing-view.ts';
import { ROUTES } from '../apps/web/src/route-meta.ts';
import { islandModuleKey } from '../apps/web/src/site/islands.ts';
import { registerThroughUi, uniqueEmail, useBrowserSession, waitForApp } from './helpers.ts';
import { checkAtWidths } from './support/check-at-widths.ts';

const session = useBrowserSession();
const PHONE = { width: 390, height: 844 };

const NOT_FOUND_PATH = '/no-such-page';
const SITE_PATHS = [...ROUTES.filter((r) => r.site).map((r) => r.path), NOT_FOUND_PATH];

const MANIFEST = readManifest(DEFAULT_DIST_DIR);

/** A source's chunk, as the build's manifest names it. */
function builtFile(source: string): string {
  return `/${MANIFEST[source]!.file}`;
}

/** The React app's entry chunk. */
const APP_ENTRY = builtFile('index.html');

/**
 * Holds back the island's chunk until the returned function is called: what a visitor does before
 * a slow connection has brought it.
 */
async function holdIsland(page: Page, name: string): Promise<() => void> {
  const chunk = builtFile(islandModuleKey(name));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**${chunk}`, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Whether React has rendered into #root (React 19 marks its container). */
function reactOnPage(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const root = document.getElementById('root');
    return root !== null && Object.keys(root).some((key) => key.startsWith('__reactContainer'));
  });
}

/**
 * Every picture of the product in the page's main part, scrolled to so lazy ones load: each has
 * loaded, has alt text, and has its size set so the page does not jump. Returns their alt texts.
 */
async function productPictures(page: Page): Promise<string[]> {
  const pictures = page.locator('main img[src^="/site-images/"]');
  const alts: string[] = [];
  for (const picture of await pictures.all()) {
    await picture.scrollIntoViewIfNeeded();
    await picture.evaluate((img: HTMLImageElement) =>
      img.complete && img.naturalWidth > 0
        ? undefined
        : new Promise((resolve, reject) => {
            img.addEventListener('load', resolve, { once: true });
            img.addEventListener('error', () => reject(new Error(`${img.src} failed`)), {
              once: true,
            });
          }),
    );
    const shown = await picture.evaluate((img: HTMLImageElement) => ({
      naturalWidth: img.naturalWidth,
      width: img.getAttribute('width'),
      height: img.getAttribute('height'),
      alt: img.alt,
    }));
    expect(shown.naturalWidth).toBeGreaterThan(0);
    expect(Number(shown.width)).toBeGreaterThan(0);
    expect(Number(shown.height)).toBeGreaterThan(0);
    expect(shown.alt.length).toBeGreaterThan(10);
    alts.push(shown.alt);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  return alts;
}

/** Opens `path` as a visitor and collects the scripts it loads. */
async function openSitePage(path: string, viewport?: { width: number; height: number }) {
  const { page, allow } = await session.open(viewport);
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  const isSitePage = SITE_PATHS.includes(path) && path !== NOT_FOUND_PATH;
  // The 404 page comes with a 404 status, which the browser logs as a failed load of the page
  // itself (at its address as the browser encodes it); any other failed load is still an error.
  const address = encodeURI(path).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  if (!isSitePage) allow({ url: new RegExp(`${address}$`), status: 404 });
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(isSitePage ? 200 : 404);
  await waitForApp(page);
  return { page, scripts };
}

describe('public site pages without React', () => {
  it('load neither the app entry nor React on any site page or the 404 page', async () => {
    for (const path of SITE_PATHS) {
      const { page, scripts } = await openSitePage(path);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect(scripts, path).not.toContain(APP_ENTRY);
      expect(await reactOnPage(page), path).toBe(false);
      await page.context().close();
    }
  });

  it('shows the requested path on the 404 page, escaped', async () => {
    const { page } = await openSitePage('/no-such-<b>page</b>');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    const shown = await page.locator('main code').textContent();
    expect(shown).toBe('/no-such-%3Cb%3Epage%3C/b%3E');
    expect(await page.locator('main b').count()).toBe(0);
  });

  it('opens and closes the phone menu by click, keyboard, Escape and a click outside', async () => {
    const { page } = await openSitePage('/features', PHONE);
    const menu = page.getByRole('button', { name: 'Menu' });
    const nav = page.getByRole('navigation', { name: 'Mobile' });

    await menu.click();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    await nav.getByRole('link', { name: 'Pricing' }).waitFor();

    await nav.getByRole('link', { name: 'Pricing' }).focus();
    await page.keyboard.press('Escape');
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await nav.isHidden()).toBe(true);
    expect(await menu.evaluate((button) => button === document.activeElement)).toBe(true);

    await page.keyboard.press('Enter');
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    await page.getByRole('heading', { level: 1 }).click();
    expect(await menu.getAttribute('aria-expanded')).toBe('false');

    await menu.click();
    await nav.getByRole('link', { name: 'Pricing' }).click();
    await page.waitForURL('**/pricing');
    await page.getByRole('heading', { name: 'Simple pricing for every shop' }).waitFor();
    expect(await reactOnPage(page)).toBe(false);
  });

  it('opens the Learn & Inspire menu on hover and from the keyboard, and closes it', async () => {
    const { page } = await openSitePage('/');
    const learn = page.getByRole('button', { name: 'Learn & Inspire' });
    await learn.hover();
    expect(await learn.getAttribute('aria-expanded')).toBe('true');
    await page.getByRole('heading', { level: 1 }).hover();
    await page.waitForFunction(
      () =>
        document.querySelector('[data-site-menu="learn"] button')?.getAttribute('aria-expanded') ===
        'false',
    );

    await learn.focus();
    await page.keyboard.press('Enter');
    expect(await learn.getAttribute('aria-expanded')).toBe('true');
    await page.getByRole('link', { name: 'Learn & Inspire hub' }).focus();
    await page.keyboard.press('End');
    expect(
      await page
        .getByRole('link', { name: 'Messages vs Emails' })
        .first()
        .evaluate((a) => a === document.activeElement),
    ).toBe(true);
    await page.keyboard.press('Escape');
    expect(await learn.getAttribute('aria-expanded')).toBe('false');
    expect(await learn.evaluate((button) => button === document.activeElement)).toBe(true);
  });

  it('sends the contact form to the server and shows its states', async () => {
    const { page, scripts } = await openSitePage('/contact');
    expect(scripts).not.toContain(APP_ENTRY);
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByText('Please add your name.').waitFor();
    expect(
      await page.getByLabel('Name').evaluate((input) => input === document.activeElement),
    ).toBe(true);
    expect(await page.getByLabel('Name').getAttribute('aria-invalid')).toBe('true');

    const subject = `Islands ${Date.now()}`;
    await page.getByLabel('Name').fill('Elena');
    expect(await page.getByLabel('Name').getAttribute('aria-invalid')).toBeNull();
    await page.getByLabel('Email').fill('elena@example.com');
    await page.getByLabel('Message').fill(subject);
    await page.getByText(`${subject.length}/1000`).waitFor();
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByRole('heading', { name: 'Thanks!' }).waitFor();
    const mail = await session.app.mail.waitFor((m) => m.text.includes(subject));
    expect(mail.text).toContain('elena@example.com');

    await page.getByRole('button', { name: 'Send another message' }).click();
    expect(await page.getByLabel('Message').inputValue()).toBe('');
    await page.getByText('0/1000').waitFor();
  });

  it('switches the pricing page between monthly and yearly prices', async () => {
    const { page } = await openSitePage('/pricing');
    const yearly = page.getByRole('button', { name: 'Yearly' });
    const growth = page.locator('[data-plan="growth"]');
    const monthlyPrice = await growth.locator('[data-price]').textContent();
    await yearly.click();
    expect(await yearly.getAttribute('aria-pressed')).toBe('true');
    expect(await growth.locator('[data-price-suffix]').textContent()).toBe('/yr');
    await growth.getByText(/a month, billed yearly/).waitFor();
    expect(await growth.locator('[data-price]').textContent()).toBe(
      `$${PLANS.find((p) => p.id === 'growth')!.priceYearly}`,
    );
    await page.getByRole('table', { name: 'Plan comparison, prices per year' }).waitFor();
    await page.getByRole('button', { name: 'Monthly' }).click();
    expect(await growth.locator('[data-price]').textContent()).toBe(monthlyPrice);
    expect(await growth.getByText(/a month, billed yearly/).count()).toBe(0);
    await page.getByRole('table', { name: 'Plan comparison, prices per month' }).waitFor();
  });

  it('keeps a click and a form sent before an island has loaded, and acts on them once it has', async () => {
    const { page } = await session.open();
    const releasePricing = await holdIsland(page, 'pricing');
    await page.goto('/pricing');
    const yearly = page.getByRole('button', { name: 'Yearly' });
    await yearly.click();
    expect(await yearly.getAttribute('aria-pressed')).toBe('false');
    releasePricing();
    await expect.poll(() => yearly.getAttribute('aria-pressed')).toBe('true');
    expect(await page.locator('[data-plan="growth"] [data-price-suffix]').textContent()).toBe(
      '/yr',
    );

    const releaseContact = await holdIsland(page, 'contact');
    await page.goto('/contact');
    const subject = `Before the island ${Date.now()}`;
    await page.getByLabel('Name').fill('Ines');
    await page.getByLabel('Email').fill('ines@example.com');
    await page.getByLabel('Message').fill(subject);
    await page.getByRole('button', { name: 'Send message' }).click();
    // Not sent the browser's own way (a reload with the words in the address) while it waits.
    expect(new URL(page.url()).search).toBe('');
    releaseContact();
    await page.getByRole('heading', { name: 'Thanks!' }).waitFor();
    expect(new URL(page.url()).search).toBe('');
    const mail = await session.app.mail.waitFor((m) => m.text.includes(subject));
    expect(mail.text).toContain('ines@example.com');
  });

  it('goes from a public page to the log-in page of the app as a full page load', async () => {
    const { page } = await openSitePage('/');
    await page.getByRole('banner').getByRole('link', { name: 'Log in' }).click();
    await page.waitForURL('**/login');
    await waitForApp(page);
    await page.getByRole('heading', { name: 'Log in', level: 1 }).waitFor();
    expect(await reactOnPage(page)).toBe(true);
  });

  it('gives a signed-in seller the app on a public page: their header and logout', async () => {
    const { page } = await session.open();
    await registerThroughUi(page, { name: 'Island', email: uniqueEmail('islands') });
    await page.goto('/features');
    await waitForApp(page);
    const header = page.getByRole('banner');
    await header.getByRole('link', { name: 'App' }).waitFor();
    expect(await reactOnPage(page)).toBe(true);
    await header.getByRole('button', { name: 'Logout' }).click();
    await page.getByText('Successfully logged out. See you again soon!').waitFor();
    await header.getByRole('link', { name: 'Log in' }).waitFor();
  });
});

describe('the public site shows the product', () => {
  it('names Etsy, Shopify and WooCommerce and shows the product on home and Features', async () => {
    for (const [path, name] of [
      ['/', 'site-home'],
      ['/features', 'site-features'],
    ] as const) {
      const { page } = await openSitePage(path);
      const marketplaces = page.locator('[data-marketplaces] h3');
      expect(await marketplaces.allTextContents(), path).toEqual([
        'Etsy',
        'Shopify',
        'WooCommerce',
      ]);
      const main = (await page.locator('main').textContent()) ?? '';
      for (const marketplace of ['Etsy', 'Shopify', 'WooCommerce'])
        expect(main, path).toContain(marketplace);
      const alts = await productPictures(page);
      expect(alts.length, path).toBeGreaterThan(0);
      expect(
        alts.some((alt) => alt.includes('editor')),
        path,
      ).toBe(true);
      await checkAtWidths(page, name);
      await page.context().close();
    }
  });

  it('shows every starter design of the gallery, rendered, on Template inspiration', async () => {
    const { page } = await openSitePage('/template-inspiration');
    const starters = starterDesigns(EMPTY_BRAND).filter((s) => s.id !== BLANK_STARTER_ID);
    const gallery = page.locator('[data-starter-gallery]');
    expect(await gallery.locator('figcaption .font-semibold').allTextContents()).toEqual(
      starters.map((s) => s.name),
    );
    const alts = await productPictures(page);
    expect(alts).toHaveLength(starters.length);
    for (const starter of starters) expect(alts.join('\n')).toContain(starter.name);
    // The first row is in the first screen at desktop width: it loads with the page, at high
    // priority (as lazy pictures it was the page's last paint). The rows below wait for a scroll.
    await page.evaluate(() => window.scrollTo(0, 0));
    const images = await gallery.locator('img').evaluateAll((all: HTMLImageElement[]) =>
      all.map((img) => ({
        top: img.getBoundingClientRect().top,
        loading: img.getAttribute('loading'),
        priority: img.getAttribute('fetchpriority'),
      })),
    );
    const viewportHeight = page.viewportSize()!.height;
    for (const image of images) {
      const inFirstScreen = image.top < viewportHeight;
      expect(image).toEqual({
        top: image.top,
        loading: inFirstScreen ? 'eager' : 'lazy',
        priority: inFirstScreen ? 'high' : null,
      });
    }
    expect(images.filter((image) => image.loading === 'eager')).toHaveLength(2);
    await checkAtWidths(page, 'site-inspiration');
  });

  it('states the exact yearly price of each paid plan, from the plan catalogue', async () => {
    const { page } = await openSitePage('/pricing');
    const note = page.locator('[data-yearly-prices]');
    expect(await note.textContent()).toBe(yearlyPricesNote());
    for (const plan of PLANS.filter((p) => p.priceMonthly > 0))
      expect(await note.textContent()).toContain(`${plan.name} $${plan.priceYearly} a year`);
    expect(await page.getByText(/may include a discount/).count()).toBe(0);
    await checkAtWidths(page, 'site-pricing');
  });
});
