import type { ReactNode } from 'react';
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

/** The page to return to after login: only a same-site path, never another origin. */
export function returnPathFrom(state: unknown, fallback: string): string {
  const from = (state as LoginRedirectState | null)?.from;
  if (typeof from === 'string' && from.startsWith('/') && !from.startsWith('//')) return from;
  return fallback;
}
