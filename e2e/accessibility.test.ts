// axe-core in Chromium on the public pages and every main screen of the app, at 1280 and 390 px:
// no serious or critical finding. Each finding is reported with its rule and the elements it names.
import { describe, expect, it } from 'vitest';
import { registerThroughUi, uniqueEmail, useBrowserSession, waitForApp } from './helpers.ts';
import { seriousAxeFindings as seriousFindings } from './support/axe.ts';

const session = useBrowserSession();

const PUBLIC_PAGES = ['/', '/pricing', '/features', '/login', '/register', '/contact'];
const APP_SCREENS = [
  { path: '/thankly', ready: 'Your Thank-You Notes' },
  { path: '/thankly/create', ready: 'Create template' },
  { path: '/thankly/brand', ready: 'Brand kit' },
  { path: '/thankly/journey', ready: 'Journey' },
  { path: '/Account', ready: 'Account' },
];

describe('the axe harness', () => {
  it('reports a serious finding when there is one', async () => {
    const { page } = await session.open({ width: 1280, height: 900 });
    await page.goto('/');
    await waitForApp(page);
    await page.evaluate(() =>
      document.querySelector('main')!.append(document.createElement('button')),
    );
    expect((await seriousFindings(page)).map((finding) => finding.id)).toContain('button-name');
  });
});

describe.each([
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
])('accessibility at $width px', (viewport) => {
  it('public pages have no serious or critical axe findings', async () => {
    const { page } = await session.open(viewport);
    for (const path of PUBLIC_PAGES) {
      await page.goto(path);
      await waitForApp(page);
      expect(await seriousFindings(page), path).toEqual([]);
    }
  });

  it('the app screens have no serious or critical axe findings', async () => {
    const { page } = await session.open(viewport);
    await registerThroughUi(page, { name: 'Alkmini', email: uniqueEmail('axe') });
    for (const { path, ready } of APP_SCREENS) {
      await page.goto(path);
      await waitForApp(page);
      await page.getByRole('heading', { name: ready, level: 1 }).waitFor();
      expect(await seriousFindings(page), path).toEqual([]);
    }
  });
});
