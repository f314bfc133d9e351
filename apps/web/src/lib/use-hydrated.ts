import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while the server prerenders and while the browser hydrates that HTML, true afterwards (and
 * from the start in a page rendered only in the browser). Anything that depends on the query string
 * or the session waits for it, so the hydrated tree matches the prerendered HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
