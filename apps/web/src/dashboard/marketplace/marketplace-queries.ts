import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { ActivityItem, SendingSettings, Shop, ShopsReply } from '@thankly/api-contract';
import { ASSUMED_CONNECTABLE } from '@thankly/api-contract/catalog';
import { retryServerErrors } from '../../lib/api.ts';
import { callApi } from '../../lib/call-api.ts';

export const marketplaceKeys = {
  shops: ['shops'] as const,
  activity: ['activity'] as const,
  settings: ['sending', 'settings'] as const,
};

/** A shop as the server just saved it, in place of the one the shops list holds. */
export function replaceShop(queryClient: QueryClient, saved: Shop): void {
  queryClient.setQueryData<ShopsReply>(marketplaceKeys.shops, (reply) =>
    reply ? { ...reply, shops: reply.shops.map((s) => (s.id === saved.id ? saved : s)) } : reply,
  );
}

const shopsQuery = {
  queryKey: marketplaceKeys.shops,
  queryFn: (): Promise<ShopsReply> => callApi('GET /shops'),
  retry: retryServerErrors,
};

export function useShops() {
  return useQuery({ ...shopsQuery, select: (reply: ShopsReply): Shop[] => reply.shops });
}

/** Which marketplaces this server can connect (Shopify needs the operator's app credentials). */
export function useConnectableMarketplaces() {
  return useQuery({
    ...shopsQuery,
    select: (reply: ShopsReply) => reply.available ?? ASSUMED_CONNECTABLE,
  });
}

/** A follow-up being sent right now (pending and due): its outcome is seconds away. */
export function isSendingNow(items: ActivityItem[] | undefined): boolean {
  return (items ?? []).some((item) =>
    item.steps.some((step) => step.state === 'pending' && !step.scheduled),
  );
}

/**
 * Until when Recent orders looks again every few seconds: an order the seller just placed or moved
 * on (the demo shop) is recorded by the server's worker a moment later, not in the reply.
 */
let lookingCloselyUntil = 0;
const LOOK_CLOSELY_FOR_MS = 30_000;

/** After an action whose outcome the server's worker records a moment later. */
export function lookAgainSoon(now = Date.now()): void {
  lookingCloselyUntil = now + LOOK_CLOSELY_FOR_MS;
}

export function useActivity() {
  return useQuery({
    queryKey: marketplaceKeys.activity,
    queryFn: () => callApi('GET /activity').then((r): ActivityItem[] => r.items),
    // Orders arrive in the background; keep the list current while the page is open, and look
    // again soon while a follow-up is on its way out or right after the seller acted.
    refetchInterval: (query) => {
      if (query.state.status === 'error') return false;
      const soon = isSendingNow(query.state.data) || Date.now() < lookingCloselyUntil;
      return soon ? 2_000 : 15_000;
    },
    retry: retryServerErrors,
  });
}

export function useSendingSettings() {
  return useQuery({
    queryKey: marketplaceKeys.settings,
    queryFn: (): Promise<SendingSettings> => callApi('GET /sending/settings'),
    retry: retryServerErrors,
  });
}

/**
 * Each shop's "last order" moves when an order arrives, which the server's worker records a moment
 * after the seller acted (or a marketplace sent it): when a new order reaches Recent orders, the
 * shops are read again.
 */
export function useShopsFollowNewOrders(): void {
  const queryClient = useQueryClient();
  const { data } = useActivity();
  // Undefined until Recent orders has loaded once; null while it holds no order.
  const newest = data === undefined ? undefined : (data[0]?.id ?? null);
  const seen = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (newest === undefined || newest === seen.current) return;
    const hadLoaded = seen.current !== undefined;
    seen.current = newest;
    if (hadLoaded) void queryClient.invalidateQueries({ queryKey: marketplaceKeys.shops });
  }, [newest, queryClient]);
}

/**
 * Today's usage counts the emails sent: when Recent orders shows another one sent, the counter
 * (dashboard and app bar) is read again rather than staying at its old figure until a reload.
 */
export function useUsageFollowsSends(statsKey: readonly unknown[]): void {
  const queryClient = useQueryClient();
  const { data } = useActivity();
  const sent = data
    ?.filter((item) => item.state === 'sent')
    .map((item) => item.id)
    .join(',');
  const seen = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (sent === undefined || sent === seen.current) return;
    const hadLoaded = seen.current !== undefined;
    seen.current = sent;
    if (hadLoaded) void queryClient.invalidateQueries({ queryKey: statsKey });
  }, [sent, queryClient, statsKey]);
}
