import { type Browser, type Page, chromium } from 'playwright-core';

/** Debian's Chromium, headless, with everything that would reach the closed network turned off. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * Collects console errors and uncaught page errors; a test asserts the list is empty at the end.
 * Failed loads of outside resources (web fonts, remote images) are not the page's fault here,
 * where no network exists, and are left out.
 */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    if (
      /Failed to load resource: net::ERR_(NAME_NOT_RESOLVED|INTERNET_DISCONNECTED|CONNECTION_REFUSED)/.test(
        text,
      )
    )
      return;
    errors.push(text);
  });
  return errors;
}

/** Where screenshots go: kept by CI as artifacts, never committed. */
export const ARTIFACTS_DIR = new URL('../artifacts/', import.meta.url).pathname;
