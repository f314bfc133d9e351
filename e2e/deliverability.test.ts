// A Growth seller's own sending domain in a real browser, on the real server, with a DNS server of
// the test's own on loopback: add the domain, read and copy its records, press Verify with nothing
// published (every record missing, each with its explanation), publish them as a DNS host would,
// verify again. The help page opens from the section; the dashboard shows delivery health.
// Screenshots at 1280 and 390 px of each; axe on each.
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalDns, startLocalDns } from '../apps/server/test/support/local-dns.ts';
import {
  registerThroughUi,
  screenshotPath,
  uniqueEmail,
  upgradeToGrowth,
  useBrowserSession,
  waitForApp,
} from './helpers.ts';
import { seriousAxeFindings } from './support/axe.ts';
import { dismissToasts } from './support/check-at-widths.ts';

// Started before the app, which reads DNS_SERVERS when it starts (hooks run in this order).
let dns: LocalDns | undefined;
beforeAll(async () => {
  dns = await startLocalDns();
});
afterAll(async () => {
  await dns?.close();
});

const session = useBrowserSession({ env: () => ({ DNS_SERVERS: dns!.server }) });

const DOMAIN = 'juniper-clay.example';
const WIDTHS = [1280, 390] as const;

/**
 * Both widths of one part of a screen, cut from the whole page scrolled to the top, so the app's
 * sticky bar is not drawn over it; toasts are dismissed first.
 */
async function screenshotAtWidths(page: Page, target: Locator, name: string): Promise<void> {
  await dismissToasts(page, name);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.evaluate(() => window.scrollTo(0, 0));
    // Nothing may push the page sideways, however long a record's value (docs/design.md).
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth),
      `${name} at ${width}px`,
    ).toBeLessThanOrEqual(width);
    const box = await target.boundingBox();
    if (!box) throw new Error(`${name} is not on screen`);
    await page.screenshot({
      path: screenshotPath(`deliverability-${name}-${width}`),
      fullPage: true,
      clip: box,
    });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function expectNoSeriousFindings(page: Page, label: string): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    expect(await seriousAxeFindings(page), `${label} at ${width}px`).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe('sending domain in a real browser', () => {
  it('a Growth seller adds a domain, verifies it with nothing published, then with the records', async () => {
    const { page, context } = await session.open();
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await registerThroughUi(page, { name: 'Daphne', email: uniqueEmail('deliverability') });

    // On Starter the section explains where mail goes from, and offers the upgrade.
    await page.goto('/Account');
    await waitForApp(page);
    const section = page.getByRole('region', { name: 'Sending domain' });
    await section.getByText('On Growth and Business you can send from your own domain').waitFor();
    await screenshotAtWidths(page, section, 'account-starter');

    await upgradeToGrowth(page);
    await page.goto('/Account');
    await waitForApp(page);

    // The form checks the domain before anything is sent.
    await section.getByRole('button', { name: 'Add domain' }).click();
    await section.getByText('Enter your domain, for example yourshop.com.').waitFor();
    await section.getByLabel('Your domain').fill(`https://${DOMAIN}/`);
    await section.getByRole('button', { name: 'Add domain' }).click();

    const card = section.getByRole('article', { name: DOMAIN });
    await card.waitFor();
    await card.getByText('Pending', { exact: true }).waitFor();
    const table = card.getByRole('table', { name: `DNS records for ${DOMAIN}` });
    const dkimRow = table.getByRole('row').filter({ hasText: 'DKIM signature' });
    // The name in both forms, short (most DNS hosts add the domain) then full, then the value.
    const dkimShort = (await dkimRow.locator('code').first().textContent())!;
    const dkimName = (await dkimRow.locator('code').nth(1).textContent())!;
    const dkimValue = (await dkimRow.locator('code').nth(2).textContent())!;
    expect(dkimShort).toMatch(/^thankly-[0-9a-f]+\._domainkey$/);
    expect(dkimName).toMatch(new RegExp(`^thankly-[0-9a-f]+\\._domainkey\\.${DOMAIN}$`));
    expect(dkimValue).toMatch(/^v=DKIM1; k=rsa; p=[A-Za-z0-9+/=]+$/);
    await dkimRow.getByRole('button', { name: 'Copy DKIM signature value' }).click();
    await dkimRow.getByText('Copied').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(dkimValue);

    // Nothing published yet: every record is reported missing, each with what to do.
    await card.getByRole('button', { name: 'Verify' }).click();
    await card.getByText(/required records are not found yet/).waitFor();
    const statuses = table.getByText('Not found', { exact: true });
    expect(await statuses.count()).toBe((await table.getByRole('row').count()) - 1);
    await card.getByText(/^Last checked/).waitFor();
    await screenshotAtWidths(page, section, 'account-missing');
    await expectNoSeriousFindings(page, 'Account with a pending domain');

    // Published as a seller would, copied from the table: the domain verifies.
    const rows = await table.getByRole('row').all();
    for (const row of rows.slice(1)) {
      const codes = row.locator('code');
      const type = (await row.getByRole('cell').nth(1).textContent())!.replace('Type', '').trim();
      dns!.publish(
        (await codes.nth(1).textContent())!,
        type as 'TXT' | 'CNAME',
        (await codes.nth(2).textContent())!,
      );
    }
    await card.getByRole('button', { name: 'Verify' }).click();
    await card
      .getByText(`All required records found: buyer emails now go from hello@${DOMAIN}.`)
      .waitFor();
    await card.getByText('Verified', { exact: true }).waitFor();
    await screenshotAtWidths(page, section, 'account-verified');

    // A link domain on the verified domain: added, not found, published, verified.
    const links = card.getByRole('region', { name: 'Link domain' });
    const linkHost = `links.${DOMAIN}`;
    await links.getByLabel('Link domain').fill('bad name');
    await links.getByRole('button', { name: 'Add link domain' }).click();
    await links
      .getByText('Use letters, digits and - (for example links or email-links)', { exact: false })
      .waitFor();
    await links.getByLabel('Link domain').fill('links');
    await links.getByRole('button', { name: 'Add link domain' }).click();
    const linkTable = links.getByRole('table', {
      name: `DNS record for the link domain ${linkHost}`,
    });
    await linkTable.waitFor();
    await links.getByText('Pending', { exact: true }).waitFor();
    await links.getByText('Links use Thankly’s address until it is verified').waitFor();
    await links.getByRole('button', { name: `Verify link domain ${linkHost}` }).click();
    await links.getByText('The CNAME record is not found yet', { exact: false }).waitFor();
    await linkTable.getByText('Not found', { exact: true }).waitFor();
    await screenshotAtWidths(page, section, 'link-pending');
    const linkCodes = linkTable.getByRole('row').nth(1).locator('code');
    expect(await linkCodes.nth(1).textContent()).toBe(linkHost);
    dns!.publish(linkHost, 'CNAME', (await linkCodes.nth(2).textContent())!);
    await links.getByRole('button', { name: `Verify link domain ${linkHost}` }).click();
    await links.getByText(`Found: the links in your emails now use ${linkHost}.`).first().waitFor();
    await links.getByText('Links in your emails use it').waitFor();
    await screenshotAtWidths(page, links, 'link-verified');
    await expectNoSeriousFindings(page, 'Account with a link domain');

    // The help page opens from the section.
    await section.getByRole('link', { name: 'What do these records mean?' }).click();
    await page.waitForURL('**/help/sending-domain');
    await page
      .getByRole('heading', { name: 'Your sending domain’s DNS records', level: 1 })
      .waitFor();
    expect(await page.title()).toBe('Your sending domain’s DNS records, in plain words | Thankly');
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({
        path: screenshotPath(`deliverability-help-${width}`),
        fullPage: true,
      });
    }
    await expectNoSeriousFindings(page, 'Help page');

    // The dashboard's delivery health: nothing sent yet, too few to judge.
    await page.goto('/thankly');
    await waitForApp(page);
    const health = page.getByRole('region', { name: 'Delivery health' });
    await health.getByText('Too few emails to judge yet', { exact: false }).waitFor();
    await health.getByText('0 of 0 emails bounced · limit 5%').waitFor();
    await screenshotAtWidths(page, health, 'health');
    await expectNoSeriousFindings(page, 'Dashboard');
  }, 240_000);

  it('the help page is public and prerendered for a visitor who is not signed in', async () => {
    const { page } = await session.open();
    const response = await page.goto('/help/sending-domain');
    expect(response?.status()).toBe(200);
    const html = (await response?.text()) ?? '';
    expect(html).toContain('What each record does');
    expect(html).toContain(
      '<title>Your sending domain’s DNS records, in plain words | Thankly</title>',
    );
    await waitForApp(page);
    await page.getByRole('heading', { name: 'How long it takes' }).waitFor();
  });
});
