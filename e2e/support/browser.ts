import { type Browser, chromium } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from './chromium.ts';

/** Chromium, headless, with everything that would reach the closed network turned off. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
}

/** Where screenshots go: kept by CI as artifacts, never committed. */
export const ARTIFACTS_DIR = new URL('../artifacts/', import.meta.url).pathname;
