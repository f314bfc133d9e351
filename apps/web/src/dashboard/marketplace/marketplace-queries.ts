import { useQuery } from '@tanstack/react-query';
import type { ActivityItem, SendingSettings, Shop, ShopsReply } from '@thankly/api-contract';
import { retryServerErrors } from '../../lib/api.ts';
import { callApi } from '../../lib/call-api.ts';

export const marketplaceKeys = {
  shops: ['shops'] as const,
  activity: ['activity'] as const,
  settings: ['sending', 'settings'] as const,
};

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
    select: (reply: ShopsReply) =>
      reply.available ?? { etsy: false, shopify: false, woocommerce: true },
  });
}

export function useActivity() {
  return useQuery({
    queryKey: marketplaceKeys.activity,
    queryFn: () => callApi('GET /activity').then((r): ActivityItem[] => r.items),
    // Orders arrive in the background; keep the list current while the page is open.
    refetchInterval: (query) => (query.state.status === 'error' ? false : 15_000),
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
