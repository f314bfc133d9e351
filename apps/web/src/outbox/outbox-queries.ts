// The local outbox's queries: whether mail is kept here at all (and the list), and one message.
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../lib/call-api.ts';
import { useSession } from '../lib/session.ts';

export const OUTBOX_KEY = ['outbox'] as const;

/** How often the open outbox looks for new mail: a confirmation link is written by a job. */
const LIVE_REFRESH_MS = 3000;

/**
 * The seller's kept mail; `enabled` false where mail really goes out. `live` (the outbox page)
 * looks again every few seconds, so mail that arrives while the seller waits shows up.
 */
export function useOutbox({ live = false }: { live?: boolean } = {}) {
  const session = useSession();
  return useQuery({
    queryKey: OUTBOX_KEY,
    queryFn: () => callApi('GET /outbox'),
    enabled: session.status === 'authenticated',
    staleTime: 10_000,
    refetchInterval: (query) =>
      live && query.state.data?.enabled !== false ? LIVE_REFRESH_MS : false,
  });
}

export function useOutboxMessage(id: string | null) {
  return useQuery({
    queryKey: [...OUTBOX_KEY, id],
    queryFn: () => callApi('GET /outbox/:id', { params: { id: id! } }),
    enabled: id !== null,
    staleTime: Infinity,
  });
}
