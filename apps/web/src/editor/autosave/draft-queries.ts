// The editor's reads of a template's draft: the server's, and the copy kept on this device.
import { useQuery } from '@tanstack/react-query';
import type { TemplateDraft } from '@thankly/api-contract';
import { callApi } from '../../lib/call-api.ts';
import { localDraftsFor, type LocalDraft } from './local-drafts.ts';

export const draftKeys = {
  server: (key: string) => ['templates', 'draft', key] as const,
  local: (sellerId: string, key: string) => ['templates', 'local-draft', sellerId, key] as const,
};

export function useServerDraft(key: string, enabled: boolean) {
  return useQuery({
    queryKey: draftKeys.server(key),
    queryFn: (): Promise<TemplateDraft | null> =>
      callApi('GET /templates/:id/draft', { params: { id: key } }).then((r) => r.draft),
    enabled,
    staleTime: 0,
    gcTime: 0,
    retry: false,
    // Read once per opening: the editor owns the draft from then on.
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

export function useLocalDraft(sellerId: string | null, key: string) {
  return useQuery({
    queryKey: draftKeys.local(sellerId ?? '', key),
    queryFn: async (): Promise<LocalDraft | null> =>
      (await localDraftsFor(sellerId ?? '').get(key)) ?? null,
    enabled: sellerId !== null,
    staleTime: 0,
    gcTime: 0,
    retry: false,
    // Read once per opening: the editor owns the draft from then on.
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
