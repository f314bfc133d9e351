import type { ReactNode } from 'react';
import { OAUTH_CALLBACK_PATHS } from '@thankly/api-contract/catalog';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../lib/session.ts';

export const LOADING_TEXT = 'Loading…';

/** Where login sends the seller back to; set by the guard when it redirects. */
export interface LoginRedirectState {
  from?: string;
}

/**
 * Guards a logged-in page: 'Loading…' while the session is determined, then either the page or a
 * redirect to /login that remembers the requested page (path, query and hash).
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (session.status === 'loading') {
    return (
      <p role="status" className="mx-auto max-w-6xl px-4 py-16 text-center text-slate-600 sm:px-6">
        {LOADING_TEXT}
      </p>
    );
  }
  if (session.status === 'anonymous') {
    const state: LoginRedirectState = {
      from: `${location.pathname}${location.search}${location.hash}`,
    };
    return <Navigate to="/login" replace state={state} />;
  }
  return <>{children}</>;
}

/** A path on this site: one leading slash, never `//host` or `/\\host` (another origin). */
function isSitePath(path: unknown): path is string {
  return typeof path === 'string' && /^\/(?![/\\])/.test(path);
}

/**
 * The page to return to after login: the guard's remembered page, else `?next=` (set by the
 * server when a marketplace callback needs the seller signed in), only ever a same-site path.
 */
export function returnPathFrom(state: unknown, fallback: string, search = ''): string {
  const from = (state as LoginRedirectState | null)?.from;
  if (isSitePath(from)) return from;
  const next = new URLSearchParams(search).get('next');
  if (isSitePath(next)) return next;
  return fallback;
}

/** A marketplace's connect callback, which the server (not the app's router) finishes. */
export function isServerCallback(path: string): boolean {
  return OAUTH_CALLBACK_PATHS.some((callback) => path.startsWith(`${callback}?`));
}
