/**
 * The public site's scripts enhance prerendered HTML until, for a signed-in seller, the React app
 * takes the page over (site.ts). Everything they attach listens with `siteSignal`, and anything
 * they change in the DOM registers how to put it back, so React hydrates the HTML as prerendered.
 */
const controller = new AbortController();
const restorers: Array<() => void> = [];

export const siteSignal: AbortSignal = controller.signal;

/** `restore` puts the prerendered state back (menus closed, the form as it was served). */
export function onHandOver(restore: () => void): void {
  restorers.push(restore);
}

/** Detaches every enhancement and restores the prerendered DOM. */
export function detachSite(): void {
  for (const restore of restorers.splice(0)) restore();
  controller.abort();
}
