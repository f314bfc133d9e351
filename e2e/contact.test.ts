import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshotPath, waitForApp, type WatchedPage, useBrowserSession } from './helpers.ts';

const session = useBrowserSession();
let current: WatchedPage | null = null;

async function openContact(): Promise<Page> {
  current = await session.open();
  await current.page.goto('/contact');
  await waitForApp(current.page);
  return current.page;
}

async function fill(page: Page) {
  await page.getByLabel('Name').fill('Elena');
  await page.getByLabel('Email').fill('elena@example.com');
  await page.getByLabel('Message').fill('How do I add my logo?');
}

describe('contact form in a real browser', () => {
  it('validates, shows Sending… and Thanks!, and resets for another message', async () => {
    const page = await openContact();
    await page.getByText('0/1000').waitFor();
    await page.getByText(/Mon–Fri 9–5 EET/).waitFor();

    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByText('Please add your name.').waitFor();
    await page.getByText('An email is required.').waitFor();
    await page.getByText('A short message helps us respond faster.').waitFor();
    // The first invalid field takes the focus.
    expect(await page.getByLabel('Name').evaluate((el) => el === document.activeElement)).toBe(
      true,
    );
    const viewport = page.viewportSize()!;
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: screenshotPath(`contact-refused-${width}`) });
    }
    await page.setViewportSize(viewport);

    await page.getByLabel('Email').fill('elena@');
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByText('Please enter a valid email.').waitFor();

    await fill(page);
    await page.getByText('21/1000').waitFor();
    // Hold the request so the submitting state can be seen.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/contact', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Send message' }).click();
    const sending = page.getByRole('button', { name: 'Sending…' });
    await sending.waitFor();
    expect(await sending.isDisabled()).toBe(true);
    release();
    await page.getByRole('heading', { name: 'Thanks!' }).waitFor();

    await page.getByRole('button', { name: 'Send another message' }).click();
    expect(await page.getByLabel('Name').inputValue()).toBe('');
    expect(await page.getByLabel('Message').inputValue()).toBe('');
    await page.getByText('0/1000').waitFor();
  });

  it('tells the visitor when the server refuses', async () => {
    const page = await openContact();
    current!.allow({ url: /\/api\/contact$/, status: 500 });
    await page.route('**/api/contact', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Boom"}' }),
    );
    await fill(page);
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByText('Something went wrong. Please try again.').waitFor();
    expect(await page.getByLabel('Name').inputValue()).toBe('Elena');
  });

  it('tells the visitor when the network is down', async () => {
    const page = await openContact();
    await page.route('**/api/contact', (route) => route.abort('internetdisconnected'));
    await fill(page);
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByText('Network error. Please try again.').waitFor();
  });
});
