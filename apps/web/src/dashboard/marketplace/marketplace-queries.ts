import { useQuery } from '@tanstack/react-query';
import type { ActivityItem, SendingSettings, Shop } from '@thankly/api-contract';
import { ApiError, api } from '../../lib/api.ts';

/** A 4xx (e.g. not connected yet, not there yet) will not change by asking again. */
const retryServerErrors = (count: number, error: unknown) =>
  !(error instanceof ApiError && error.status < 500) && count < 1;

export const marketplaceKeys = {
  shops: ['shops'] as const,
  activity: ['activity'] as const,
  settings: ['sending', 'settings'] as const,
};

export function useShops() {
  return useQuery({
    queryKey: marketplaceKeys.shops,
    queryFn: () => api.get<{ shops: Shop[] }>('/shops').then((r) => r.shops),
    retry: retryServerErrors,
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
