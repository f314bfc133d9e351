// Global setup of the projects that drive a browser: without one, the run stops here with one line
// saying how to get it, instead of every browser test failing with Playwright's launch error.
import type { TestProject } from 'vitest/node';
import { CHROMIUM_ARGS, CHROMIUM_MISSING, findChromium } from './chromium.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The browser found here and its launch flags, for tests outside e2e (`inject('chromium')`). */
    chromium: { path: string; args: string[] };
  }
}

export default function requireChromium(project: TestProject): void {
  const found = findChromium();
  if (!found) {
    console.error(CHROMIUM_MISSING);
    process.exit(1);
  }
  project.provide('chromium', { path: found, args: CHROMIUM_ARGS });
}
