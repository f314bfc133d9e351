// Global setup of the projects that drive a browser: without one, the run stops here with one line
// saying how to get it, instead of every browser test failing with Playwright's launch error.
import { CHROMIUM_MISSING, findChromium } from './chromium.ts';

export default function requireChromium(): void {
  const found = findChromium();
  if (!found) {
    console.error(CHROMIUM_MISSING);
    process.exit(1);
  }
  // The test workers start after global setup and inherit the choice.
  process.env.CHROMIUM_PATH = found;
}
