// The local outbox's queries: whether mail is kept here at all (and the list), and one message.
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../lib/call-api.ts';
import { useSession } from '../lib/session.ts';

export const OUTBOX_KEY = ['outbox'] as const;

/** The seller's kept mail; `enabled` false where mail really goes out. Refreshed while open. */
export function useOutbox() {
  const session = useSession();
  return useQuery({
    queryKey: OUTBOX_KEY,
    queryFn: () => callApi('GET /outbox'),
    enabled: session.status === 'authenticated',
    staleTime: 10_000,
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
