import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { ARTIFACTS_DIR, launchBrowser } from './support/browser.ts';
import { type RunningApp, startApp } from './support/start-app.ts';

export interface AllowedHttpError {
  /** Matched against the failing resource's URL. */
  url: RegExp;
  status: number;
}

/** Expected error answers a test allows; anything else the page logs is collected. */
const ALWAYS_ALLOWED: AllowedHttpError[] = [];

export interface WatchedPage {
  page: Page;
  context: BrowserContext;
  /** Console errors and uncaught exceptions so far, minus the allowed HTTP errors. */
  errors: string[];
  allow(error: AllowedHttpError): void;
  /**
   * Runs `outage` (a test taking the server down on purpose) and drops the page's failed loads it
   * caused: a request in flight when the server died is reset, one sent while it was down is refused.
   */
  duringServerOutage(outage: () => Promise<void>): Promise<void>;
}

const SERVER_GONE =
  /^Failed to load resource: net::ERR_(CONNECTION_RESET|CONNECTION_REFUSED|EMPTY_RESPONSE)$/;

export async function openPage(
  browser: Browser,
  baseURL: string,
  viewport = { width: 1280, height: 900 },
  /** The browser's own time zone (IANA); the machine's when not given. */
  timezoneId?: string,
  extraHTTPHeaders?: Record<string, string>,
): Promise<WatchedPage> {
  const context = await browser.newContext({ baseURL, viewport, timezoneId, extraHTTPHeaders });
  const page = await context.newPage();
  const allowed = [...ALWAYS_ALLOWED];
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    // A request a test aborted on purpose (network down); the page must handle it, not hide it.
    if (text === 'Failed to load resource: net::ERR_INTERNET_DISCONNECTED') return;
    // Email previews link web fonts; this machine has no network to fetch them from.
    if (text === 'Failed to load resource: net::ERR_NAME_NOT_RESOLVED') return;
    const http = /Failed to load resource: the server responded with a status of (\d+)/.exec(text);
    if (http) {
      const status = Number(http[1]);
      const url = message.location().url;
      if (allowed.some((a) => a.status === status && a.url.test(url))) return;
      errors.push(`${text} (${url})`);
      return;
    }
    errors.push(text);
  });
  return {
    page,
    context,
    errors,
    allow: (error) => allowed.push(error),
    async duringServerOutage(outage) {
      const before = errors.length;
      await outage();
      const caused = errors.splice(before);
      errors.push(...caused.filter((error) => !SERVER_GONE.test(error)));
    },
  };
}

/** A different address every call, so tests never collide on "email taken". */
export function uniqueEmail(label: string): string {
  return `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

export function screenshotPath(name: string): string {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  return join(ARTIFACTS_DIR, `${name}.png`);
}

/** Waits until the page's JavaScript has taken over the prerendered HTML. */
export async function waitForApp(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  await page.waitForLoadState('networkidle');
}

export const PASSWORD = 'Thanks4All';

/** Registers through the real form and lands on the dashboard. */
export async function registerThroughUi(
  page: Page,
  { name, email, password = PASSWORD }: { name: string; email: string; password?: string },
): Promise<void> {
  await page.goto('/register');
  await waitForApp(page);
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByRole('heading', { name: 'Your Thank-You Notes' }).waitFor();
}

/**
 * Follows the confirmation link mailed at registration, in this browser, as the seller would:
 * an unconfirmed account sends no test emails and no buyer emails.
 */
export async function confirmEmailThroughMail(
  page: Page,
  app: RunningApp,
  email: string,
): Promise<void> {
  const mail = await app.mail.waitFor(
    (m) => m.to.includes(email) && /\/verify-email\?token=/.test(m.text),
    20_000,
  );
  const link = /https?:\/\/\S+\/verify-email\?token=[0-9a-f]{64}/.exec(mail.text)?.[0];
  if (!link) throw new Error(`No confirmation link in: ${mail.text}`);
  await page.goto(link);
  await page.getByRole('heading', { name: 'Email address confirmed' }).waitFor();
}

/** Registers through the real form, confirms the address through the mailed link, and returns to the dashboard. */
export async function registerConfirmedThroughUi(
  page: Page,
  app: RunningApp,
  seller: { name: string; email: string; password?: string },
): Promise<void> {
  await registerThroughUi(page, seller);
  await confirmEmailThroughMail(page, app, seller.email);
  await page.getByRole('link', { name: 'Go to your templates' }).click();
  await page.getByRole('heading', { name: 'Your Thank-You Notes' }).waitFor();
}

export interface BrowserSession {
  readonly app: RunningApp;
  readonly browser: Browser;
  /** A fresh page in its own context; after the test, its console must have stayed clean. */
  open(viewport?: { width: number; height: number }, timezoneId?: string): Promise<WatchedPage>;
}

// Pages link web fonts and email previews remote images; this machine has no network for them.
const OFFLINE = /net::ERR_(NAME_NOT_RESOLVED|INTERNET_DISCONNECTED|CONNECTION_REFUSED)/;

/**
 * One Chromium per test worker, shared by the files the worker runs one after another (the e2e
 * project shares modules per worker): a launch per file cost one to two seconds of CPU each time.
 * Every test still gets a context of its own, so no cookie or storage crosses from one file to the
 * next. Playwright ends the browser when the worker exits; one that crashed is launched again.
 */
let workerBrowser: Promise<Browser> | undefined;
function sharedBrowser(): Promise<Browser> {
  workerBrowser ??= launchBrowser().then((browser) => {
    browser.once('disconnected', () => (workerBrowser = undefined));
    return browser;
  });
  return workerBrowser;
}

/**
 * One app per test worker too, for the files that need no settings of their own: a server, its
 * start and its database for each file made the browser tests take 957 CPU-s instead of 778 (same
 * machine, alone). The files stay apart as sellers do on one server: every test registers its own
 * seller, mail is found by its recipient, and each file reaches the app from a client address of
 * its own (X-Forwarded-For, trusted from loopback as from a proxy), so per-client rate limits count
 * each file as they did on a server of its own.
 */
let workerApp: Promise<RunningApp> | undefined;
function sharedApp(): Promise<RunningApp> {
  if (!workerApp) {
    const starting = startApp({ TRUST_PROXY: 'loopback' });
    workerApp = starting;
    // vitest ends a worker with SIGTERM and kills it half a second later, too soon for the server's
    // graceful stop: the server and its data go at once, rather than outlive the run.
    starting.then(
      (app) => process.once('exit', () => app.kill()),
      () => undefined,
    );
    process.once('SIGTERM', () => process.exit(0));
  }
  return workerApp;
}

/** Distinct client addresses for the files one worker runs against its shared app. */
let filesOnSharedApp = 0;

export interface SessionOptions {
  /**
   * Settings of an app for this file alone, read when it starts, so they may name a simulator an
   * earlier beforeAll started.
   */
  env?: () => Record<string, string>;
  /** An app for this file alone even without settings: for a test that crashes and restarts it. */
  ownApp?: boolean;
}

/**
 * A running app (the worker's, or the file's own), the worker's browser, and a watched page per
 * test.
 */
export function useBrowserSession({ env, ownApp = false }: SessionOptions = {}): BrowserSession {
  const shared = !env && !ownApp;
  const headers = shared ? { 'x-forwarded-for': `10.0.${++filesOnSharedApp}.1` } : undefined;
  let app: RunningApp | undefined;
  let browser: Browser | undefined;
  let current: WatchedPage | undefined;
  beforeAll(async () => {
    [app, browser] = await Promise.all([shared ? sharedApp() : startApp(env?.()), sharedBrowser()]);
  });
  afterAll(async () => {
    // Contexts a test opened by itself and left open would otherwise outlive the file.
    await Promise.all(browser?.contexts().map((context) => context.close()) ?? []);
    if (!shared) await app?.stop();
  });
  afterEach(async () => {
    const errors = (current?.errors ?? []).filter((e) => !OFFLINE.test(e));
    await current?.context.close();
    current = undefined;
    expect(errors).toEqual([]);
  });
  return {
    get app() {
      if (!app) throw new Error('The app is not running yet.');
      return app;
    },
    get browser() {
      if (!browser) throw new Error('The browser is not running yet.');
      return browser;
    },
    async open(viewport, timezoneId) {
      current = await openPage(this.browser, this.app.url, viewport, timezoneId, headers);
      return current;
    },
  };
}

/**
 * A new template on the default design (spec section 3), at the address the setup checklist links
 * to. The dashboard's New template button opens the starter designs instead: see chooseStarter.
 */
export async function openDefaultTemplate(page: Page): Promise<void> {
  await page.goto('/thankly/create');
  await page.getByRole('heading', { name: 'Create template' }).waitFor();
}

/** In the picker that New template opens, chooses the starter design `id` (e.g. 'classic'). */
export async function chooseStarter(page: Page, id: string): Promise<void> {
  const picker = page.getByRole('dialog', { name: 'Start a new template' });
  await picker.locator(`[data-starter="${id}"] [data-starter-tile]`).click();
  await page.getByRole('heading', { name: 'Create template' }).waitFor();
}

/**
 * Starter -> Growth through the labelled demo checkout that stands in for Stripe (billing.test.ts
 * walks it step by step), back in the app once it says the new plan.
 */
export async function upgradeToGrowth(page: Page): Promise<void> {
  await page.goto('/Account');
  await waitForApp(page);
  await page.getByRole('button', { name: 'Choose Growth' }).click();
  await page.waitForURL(/\/billing\/demo-checkout\?session=/);
  await page.getByRole('button', { name: 'Pay $9 / month' }).click();
  await page.waitForURL(/\/billing\/success/);
  await waitForApp(page);
  await page.getByText('You are now on the', { exact: false }).waitFor();
}

/** A JSON call from the page, as the app makes it (same origin, the seller's session cookie). */
export function callFromPage<T>(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(
        path,
        method === 'GET'
          ? {}
          : {
              method,
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify(body ?? {}),
            },
      );
      if (!response.ok)
        throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
      return response.json();
    },
    { method, path, body },
  ) as Promise<T>;
}
