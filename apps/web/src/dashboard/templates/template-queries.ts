// The dashboard's and editor's reads of the templates API, with their cache keys in one place.
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { hasPaidFeatures } from '@thankly/api-contract/catalog';
import type {
  DailyStats,
  EffectiveTemplate,
  EmptyTokensReply,
  Template,
  TemplateSummary,
} from '@thankly/api-contract';
import { ApiError } from '../../lib/api.ts';
import { callApi } from '../../lib/call-api.ts';
import { useSession } from '../../lib/session.ts';

export const templateKeys = {
  list: ['templates', 'list'] as const,
  one: (id: string) => ['templates', 'one', id] as const,
  selected: ['templates', 'selected'] as const,
  effective: ['templates', 'effective'] as const,
  stats: ['stats', 'daily'] as const,
  emptyTokens: (id: string) => ['templates', 'empty-tokens', id] as const,
};

export function useTemplates() {
  return useQuery({
    queryKey: templateKeys.list,
    queryFn: () => callApi('GET /templates/').then((r): TemplateSummary[] => r.templates),
  });
}

export function useTemplate(id: string | null) {
  return useQuery({
    queryKey: templateKeys.one(id ?? ''),
    queryFn: (): Promise<Template> => callApi('GET /templates/:id', { params: { id: id ?? '' } }),
    enabled: id !== null,
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 1,
    staleTime: 0,
  });
}

/** Spec section 7: a failed read of the selection counts as "none selected". */
export function useSelectedTemplateId() {
  return useQuery({
    queryKey: templateKeys.selected,
    queryFn: () =>
      callApi('GET /templates/selectors/selected')
        .then((r) => r.selectedTemplateId)
        .catch(() => null),
  });
}

/** The tokens of a template that real orders will leave empty for this seller; none while loading. */
export function useEmptyTokens(id: string | null) {
  return useQuery({
    queryKey: templateKeys.emptyTokens(id ?? ''),
    queryFn: () =>
      callApi('GET /templates/:id/empty-tokens', { params: { id: id ?? '' } }).then(
        (r: EmptyTokensReply) => r.emptyTokens,
      ),
    enabled: id !== null,
  });
}

export function useEffectiveTemplate() {
  return useQuery({
    queryKey: templateKeys.effective,
    queryFn: (): Promise<EffectiveTemplate> => callApi('GET /templates/effective'),
  });
}

export function useDailyStats() {
  return useQuery({
    queryKey: templateKeys.stats,
    queryFn: (): Promise<DailyStats> => callApi('GET /stats/daily'),
  });
}

/** Spec section 4: paid (conditional) features; null while the numbers are loading. */
export function usePaidFeatures(): boolean | null {
  const session = useSession();
  const stats = useDailyStats();
  if (session.status !== 'authenticated') return null;
  if (session.user.plan === 'growth' || session.user.plan === 'business') return true;
  if (stats.isPending) return null;
  return hasPaidFeatures({
    planId: session.user.plan,
    dailyLimit: stats.data?.dailyLimit ?? 0,
    tempLimit: stats.data?.tempLimit ?? 0,
  });
}

/** After a change to templates or the selection, everything derived from them is refetched. */
export function refreshTemplates(client: QueryClient) {
  return client.invalidateQueries({ queryKey: ['templates'] });
}
