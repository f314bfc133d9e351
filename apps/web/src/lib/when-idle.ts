// Work that helps later but must not compete with the page the seller is looking at (prefetching the
// next screen's code) waits until the browser is idle.

/** How long the browser may put the work off while it stays busy. */
const IDLE_TIMEOUT_MS = 3000;

/** Runs `work` once the browser is idle; returns a function that cancels it if it has not run. */
export function whenIdle(work: () => void): () => void {
  if (typeof window === 'undefined') return () => {};
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(work, { timeout: IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(handle);
  }
  // Safari has no requestIdleCallback: after the current burst of work is the closest match.
  const timer = window.setTimeout(work, 200);
  return () => window.clearTimeout(timer);
}
