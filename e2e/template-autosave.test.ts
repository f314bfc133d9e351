// Autosave (issue 38 point 1) in a real browser against the real server process: every change is a
// draft on the server within 2 s, a crash of the server mid-edit loses nothing, an edit made offline
// arrives once when the connection is back, and buyers get only what the seller published.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { checkAtWidths } from './support/check-at-widths.ts';
import { AUTOSAVE_DELAY_MS, RETRY_MS } from '../apps/web/src/editor/autosave/autosaver.ts';
import {
  callFromPage,
  openDefaultTemplate,
  registerThroughUi,
  screenshotPath,
  uniqueEmail,
  useBrowserSession,
} from './helpers.ts';

const session = useBrowserSession({ ownApp: true });

const status = (page: Page) => page.getByTestId('autosave-status');
const subject = (page: Page) => page.getByLabel('Email Subject');

async function headerShot(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: screenshotPath(`autosave-${name}-${width}`) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

interface Draft {
  draft: { revision: number; content: { subject: string } } | null;
}

async function publishedTemplate(page: Page) {
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('Template created!').waitFor();
  await page.waitForURL(/\/thankly\/create\?id=/);
  return new URL(page.url()).searchParams.get('id')!;
}

describe('template autosave', () => {
  it('keeps every change as a draft through a server crash, and buyers get only what is published', async () => {
    const watched = await session.open();
    const { page } = watched;
    page.on('dialog', (dialog) => void dialog.accept());
    await registerThroughUi(page, { name: 'Iris', email: uniqueEmail('autosave') });
    await page.getByText('No templates yet. Create your first!').waitFor();
    await openDefaultTemplate(page);
    await status(page).getByText('Saved').waitFor();

    // A template never published keeps its draft under "new" (not a template yet).
    await subject(page).fill('Started, [customer-first-name]');
    await expect.poll(() => status(page).textContent()).toBe('Saving…');
    await headerShot(page, 'saving');
    await status(page).getByText('Saved').waitFor({ timeout: 5000 });
    await headerShot(page, 'saved');
    const unfinished = await callFromPage<Draft>(page, 'GET', '/api/templates/new/draft');
    expect(unfinished.draft?.content.subject).toBe('Started, [customer-first-name]');
    expect(
      (await callFromPage<{ templates: unknown[] }>(page, 'GET', '/api/templates/')).templates,
    ).toEqual([]);

    // Published: the template exists, the "new" draft is gone.
    const id = await publishedTemplate(page);
    expect((await callFromPage<Draft>(page, 'GET', '/api/templates/new/draft')).draft).toBeNull();

    // Edits after publishing are a draft of that template.
    await subject(page).fill('Draft one, [customer-first-name]');
    await status(page).getByText('Saved').waitFor({ timeout: 5000 });
    const saved = await callFromPage<Draft>(page, 'GET', `/api/templates/${id}/draft`);
    expect(saved.draft?.content.subject).toBe('Draft one, [customer-first-name]');

    // The server crashes a moment after the next change, before autosave's save reached it. The
    // save is held in the browser until the server is dead: on a busy machine the kill can take
    // longer than autosave's one-second pause, and a save that got through first would leave
    // nothing for the crash to lose.
    let serverDead!: () => void;
    const dead = new Promise<void>((resolve) => (serverDead = resolve));
    const draftAddress = `**/api/templates/${id}/draft`;
    await page.route(draftAddress, async (route) => {
      if (route.request().method() === 'PUT') await dead;
      await route.continue();
    });
    await subject(page).fill('Typed as the server died');
    await watched.duringServerOutage(async () => {
      await session.app.crashAndRestart({
        whileDown: async () => {
          serverDead();
          // The held save fails at once; the status says so within autosave's retry interval.
          await status(page)
            .getByText('Offline: kept on this device')
            .waitFor({ timeout: AUTOSAVE_DELAY_MS + RETRY_MS + 5000 });
          await headerShot(page, 'offline');
        },
      });
      // Back up: the copy kept on this device goes to the server on the next try.
      await status(page).getByText('Saved').waitFor({ timeout: 10_000 });
    });
    await page.unroute(draftAddress);

    // Reopened: nothing lost, and the editor says it is a draft.
    await page.reload();
    await page.getByRole('heading', { name: 'Edit template' }).waitFor();
    expect(await subject(page).inputValue()).toBe('Typed as the server died');
    await page.getByText('You’re editing a draft.', { exact: false }).waitFor();

    // What sending reads is still the published template; the dashboard says a draft is waiting.
    const published = await callFromPage<{ subject: string }>(page, 'GET', `/api/templates/${id}`);
    expect(published.subject).toBe('Started, [customer-first-name]');
    await page.getByRole('link', { name: '← Back' }).click();
    await page.getByText('Draft changes not yet live').waitFor();
    await checkAtWidths(page, 'autosave-dashboard-draft');

    // Discarding goes back to the published version.
    await page.goto(`/thankly/create?id=${id}`);
    await page.getByRole('button', { name: 'Discard draft' }).click();
    await expect.poll(() => subject(page).inputValue()).toBe('Started, [customer-first-name]');
    expect((await callFromPage<Draft>(page, 'GET', `/api/templates/${id}/draft`)).draft).toBeNull();

    // Publishing a draft is what changes the email.
    await subject(page).fill('Live now, [customer-first-name]');
    await status(page).getByText('Saved').waitFor({ timeout: 5000 });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Template updated sucessfully!').waitFor();
    expect(
      (await callFromPage<{ subject: string }>(page, 'GET', `/api/templates/${id}`)).subject,
    ).toBe('Live now, [customer-first-name]');
    expect((await callFromPage<Draft>(page, 'GET', `/api/templates/${id}/draft`)).draft).toBeNull();
    // A crashed server's lock on its data directory goes stale only after 10 s: the restart waits.
  }, 150_000);

  it('keeps edits made offline on this device and sends them once when back online', async () => {
    const { page, context } = await session.open();
    await registerThroughUi(page, { name: 'Otto', email: uniqueEmail('offline') });
    await page.getByText('No templates yet. Create your first!').waitFor();
    await openDefaultTemplate(page);
    await subject(page).fill('Online first');
    const id = await publishedTemplate(page);
    await subject(page).fill('Before going offline');
    await status(page).getByText('Saved').waitFor({ timeout: 5000 });
    const before = await callFromPage<Draft>(page, 'GET', `/api/templates/${id}/draft`);

    const draftSaves: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PUT' && request.url().endsWith(`/api/templates/${id}/draft`))
        draftSaves.push(request.postData() ?? '');
    });
    await context.setOffline(true);
    await subject(page).fill('Written offline');
    await status(page).getByText('Offline: kept on this device').waitFor({ timeout: 5000 });
    await subject(page).fill('Written offline, then more');
    // Still offline after the next save would have run: kept here, nothing sent.
    await page.waitForTimeout(2500);
    expect(await status(page).textContent()).toBe('Offline: kept on this device');

    await context.setOffline(false);
    await status(page).getByText('Saved').waitFor({ timeout: 10_000 });
    await page.waitForTimeout(1500);
    expect(draftSaves).toHaveLength(1);
    expect(JSON.parse(draftSaves[0]!)).toMatchObject({
      baseRevision: before.draft!.revision,
      content: { subject: 'Written offline, then more' },
    });
    const after = await callFromPage<Draft>(page, 'GET', `/api/templates/${id}/draft`);
    expect(after.draft).toMatchObject({
      revision: before.draft!.revision + 1,
      content: { subject: 'Written offline, then more' },
    });
    // The buyers' template did not change.
    expect(
      (await callFromPage<{ subject: string }>(page, 'GET', `/api/templates/${id}`)).subject,
    ).toBe('Online first');
  });
});
