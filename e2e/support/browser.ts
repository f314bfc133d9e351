import { type Browser, chromium } from 'playwright-core';

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

/** Where screenshots go: kept by CI as artifacts, never committed. */
export const ARTIFACTS_DIR = new URL('../artifacts/', import.meta.url).pathname;
