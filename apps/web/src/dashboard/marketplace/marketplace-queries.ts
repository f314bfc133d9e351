import { useQuery } from '@tanstack/react-query';
import type { ActivityItem, SendingSettings, Shop, ShopsReply } from '@thankly/api-contract';
import { api, retryServerErrors } from '../../lib/api.ts';

export const marketplaceKeys = {
  shops: ['shops'] as const,
  activity: ['activity'] as const,
  settings: ['sending', 'settings'] as const,
};

const shopsQuery = {
  queryKey: marketplaceKeys.shops,
  queryFn: () => api.get<ShopsReply>('/shops'),
  retry: retryServerErrors,
};

export function useShops() {
  return useQuery({ ...shopsQuery, select: (reply: ShopsReply): Shop[] => reply.shops });
}

/** Which marketplaces this server can connect (Shopify needs the operator's app credentials). */
export function useConnectableMarketplaces() {
  return useQuery({
    ...shopsQuery,
    select: (reply: ShopsReply) =>
      reply.available ?? { etsy: false, shopify: false, woocommerce: true },
  });
}

export function useActivity() {
  return useQuery({
    queryKey: marketplaceKeys.activity,
    queryFn: () => api.get<{ items: ActivityItem[] }>('/activity').then((r) => r.items),
    // Orders arrive in the background; keep the list current while the page is open.
    refetchInterval: (query) => (query.state.status === 'error' ? false : 15_000),
    retry: retryServerErrors,
  });
}

export function useSendingSettings() {
  return useQuery({
    queryKey: marketplaceKeys.settings,
    queryFn: () => api.get<SendingSettings>('/sending/settings'),
    retry: retryServerErrors,
  });
}
