import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { User } from '@thankly/api-contract';
import { ApiError } from './api.ts';
import { callApi } from './call-api.ts';

export const SESSION_KEY = ['session'] as const;

/** The session user, or null for a visitor. Any 401 means "nobody is logged in". */
export async function fetchSessionUser(): Promise<User | null> {
  try {
    const { user } = await callApi('GET /auth/me');
    return user;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export type SessionState =
  | { status: 'loading'; user: null }
  | { status: 'authenticated'; user: User }
  | { status: 'anonymous'; user: null };

export function useSession(): SessionState {
  const query = useQuery({
    queryKey: SESSION_KEY,
    queryFn: fetchSessionUser,
    staleTime: 60_000,
    retry: (count, error) => !(error instanceof ApiError) && count < 2,
  });
  if (query.isPending) return { status: 'loading', user: null };
  // A failed session check (server down) is treated like a visitor: public pages still work.
  if (!query.data) return { status: 'anonymous', user: null };
  return { status: 'authenticated', user: query.data };
}

export function useSetSessionUser() {
  const client = useQueryClient();
  return (user: User | null) => client.setQueryData(SESSION_KEY, user);
}

/**
 * Resolves once no query is fetching (or after `timeoutMs`): a page's loads that are still on their
 * way then get their answers before the session ends, instead of failing as 401s after it.
 */
export function whenQueriesIdle(client: QueryClient, timeoutMs = 3000): Promise<void> {
  return new Promise((resolve) => {
    if (client.isFetching() === 0) return resolve();
    const finish = () => {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    };
    const timer = setTimeout(finish, timeoutMs);
    const unsubscribe = client.getQueryCache().subscribe(() => {
      if (client.isFetching() === 0) finish();
    });
  });
}

/**
 * Logs out once the page's loads in flight have landed: the server call, then `onDone` (navigate away from any protected page first, so its
 * guard does not bounce to /login), then the session is cleared whatever the server answered.
 */
export function useLogout(onDone: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await whenQueriesIdle(client);
      return callApi('POST /auth/logout');
    },
    onSettled: () => {
      onDone();
      client.setQueryData(SESSION_KEY, null);
      client.removeQueries({ predicate: (q) => q.queryKey[0] !== SESSION_KEY[0] });
    },
  });
}
