/**
 * The script of the public site's prerendered pages (home, features, pricing, guides, help, 404):
 * no React. It makes the header menus work, mounts the islands a page asks for, and records the
 * page view. A signed-in seller gets the React app instead, which hydrates the same HTML and
 * brings the signed-in header, the address banner and logout, as on every app page.
 */
import '../index.css';
import { requestRaw } from '../lib/api.ts';
import { sendPageView } from '../lib/page-view.ts';
import { enhanceHeaderMenus } from './header-menus.ts';
import { ISLAND_ATTRIBUTE, ISLAND_LOADERS, type Island } from './islands.ts';
import { detachSite } from './lifecycle.ts';

/** Resolves once the page has painted its first frame (a hidden tab paints when shown). */
function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

/**
 * Loads and mounts an island. A click or a form's submission inside it while its code is on the
 * way waits, and is done again once it has mounted, so a quick visitor loses nothing and a form is
 * never sent the browser's own way.
 */
async function mountIsland(root: HTMLElement, load: () => Promise<Island>): Promise<void> {
  const held: Event[] = [];
  const hold = (event: Event) => {
    event.preventDefault();
    event.stopImmediatePropagation();
    held.push(event);
  };
  root.addEventListener('click', hold, { capture: true });
  root.addEventListener('submit', hold, { capture: true });
  try {
    (await load()).mount(root);
  } finally {
    root.removeEventListener('click', hold, { capture: true });
    root.removeEventListener('submit', hold, { capture: true });
  }
  for (const event of held) {
    if (event instanceof SubmitEvent && event.target instanceof HTMLFormElement)
      event.target.requestSubmit(event.submitter);
    else if (event.target instanceof HTMLElement) event.target.click();
  }
}

async function mountIslands(): Promise<void> {
  const roots = document.querySelectorAll<HTMLElement>(`[${ISLAND_ATTRIBUTE}]`);
  await Promise.all(
    Array.from(roots, async (root) => {
      const load = ISLAND_LOADERS[root.getAttribute(ISLAND_ATTRIBUTE) ?? ''];
      if (load) await mountIsland(root, load);
    }),
  );
}

/** Whether someone is signed in; a failed check counts as a visitor, as in the app. */
async function signedIn(): Promise<boolean> {
  try {
    const res = await requestRaw('GET', '/auth/me');
    return res.ok && Boolean((res.body as { user?: unknown } | null)?.user);
  } catch {
    return false;
  }
}

async function start(): Promise<void> {
  // Nothing here is needed to show the page: it waits, so that the first paint need not.
  await afterFirstPaint();
  enhanceHeaderMenus();
  const [, seller] = await Promise.all([mountIslands(), signedIn()]);
  if (seller) {
    // The app sends the page view and marks the page interactive once it has hydrated.
    detachSite();
    await import('../entry-client.tsx');
    return;
  }
  sendPageView(window.location.pathname);
  // The same hook the app sets for browser tests and monitoring: the page is interactive now.
  document.documentElement.dataset.hydrated = 'true';
}

void start();
