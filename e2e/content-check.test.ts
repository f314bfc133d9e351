// The editor's deliverability check against the real server: the default template, composed as a
// buyer gets it and scored by the real SpamAssassin where it is installed, comes back all clear.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import {
  openDefaultTemplate,
  registerConfirmedThroughUi,
  screenshotPath,
  uniqueEmail,
  useBrowserSession,
} from './helpers.ts';
import { seriousAxeFindings } from './support/axe.ts';

const session = useBrowserSession();

function spamAssassinInstalled(): boolean {
  try {
    execFileSync('spamassassin', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe('the deliverability check', () => {
  it('checks the default template from the editor and finds nothing to fix', async () => {
    const { page } = await session.open();
    await registerConfirmedThroughUi(page, session.app, {
      name: 'Dora',
      email: uniqueEmail('content-check'),
    });
    await openDefaultTemplate(page);

    const opener = page.getByRole('button', { name: 'Check deliverability' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Deliverability check' });
    await dialog.getByText('All clear: nothing to fix.').waitFor({ timeout: 30_000 });

    const findings = dialog.getByRole('list', { name: 'Findings' }).getByRole('listitem');
    expect(await findings.count()).toBe(6);
    const score = await dialog
      .getByText('Spam score')
      .locator('xpath=following-sibling::dd[1]')
      .innerText();
    if (spamAssassinInstalled() || process.env.CI === 'true') {
      expect(Number.parseFloat(score)).toBeLessThan(2);
      expect(await dialog.getByText('Passed: SpamAssassin scores this email').count()).toBe(1);
    } else {
      expect(score).toContain('Not checked');
    }
    expect(await seriousAxeFindings(page)).toEqual([]);
    await page.screenshot({ path: screenshotPath('content-check-1280') });

    await page.setViewportSize({ width: 390, height: 844 });
    // Nothing sticks out of the dialog on a phone.
    expect(
      await dialog.evaluate((panel) => panel.getBoundingClientRect().right),
    ).toBeLessThanOrEqual(390);
    await page.screenshot({ path: screenshotPath('content-check-390') });

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await opener.evaluate((button) => button === document.activeElement)).toBe(true);
    // The header's buttons wrap rather than push the page sideways on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await page
      .locator('main header')
      .first()
      .screenshot({ path: screenshotPath('content-check-390-header') });
  });
});
