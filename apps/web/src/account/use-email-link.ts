import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { User } from '@thankly/api-contract';
import { messageFor } from '../lib/api.ts';
import { callApi } from '../lib/call-api.ts';
import { useSetSessionUser } from '../lib/session.ts';
import { useHydrated } from '../lib/use-hydrated.ts';

export const LINK_FAILED = 'This link is invalid or has expired.';

export type EmailLinkState =
  { status: 'working' } | { status: 'done'; user: User } | { status: 'failed'; message: string };

/**
 * Follows a mailed link once: sends its token to `path` and puts the updated user in the session
 * (the banner and header read it). A page rendered twice in development still posts once.
 */
export function useEmailLink(path: '/auth/verify-email' | '/auth/confirm-email'): EmailLinkState {
  const hydrated = useHydrated();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const setSessionUser = useSetSessionUser();
  const [state, setState] = useState<EmailLinkState>({ status: 'working' });
  const started = useRef(false);

  useEffect(() => {
    if (!hydrated || !token || started.current) return;
    started.current = true;
    callApi(`POST ${path}`, { body: { token } })
      .then(({ user }) => {
        setSessionUser(user);
        setState({ status: 'done', user });
      })
      .catch((error: unknown) =>
        setState({ status: 'failed', message: messageFor(error, LINK_FAILED) }),
      );
  }, [hydrated, path, setSessionUser, token]);

  if (hydrated && !token) return { status: 'failed', message: LINK_FAILED };
  return state;
}
