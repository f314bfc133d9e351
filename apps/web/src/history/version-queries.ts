// Reads and changes of a template's versions, through the API contract.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../lib/call-api.ts';

export const versionKeys = {
  list: (templateId: string) => ['templates', templateId, 'versions'] as const,
  one: (templateId: string, versionId: string) =>
    ['templates', templateId, 'versions', versionId] as const,
};

export function useVersions(templateId: string) {
  return useQuery({
    queryKey: versionKeys.list(templateId),
    queryFn: () => callApi('GET /templates/:id/versions', { params: { id: templateId } }),
  });
}

export function useVersion(templateId: string, versionId: string) {
  return useQuery({
    queryKey: versionKeys.one(templateId, versionId),
    queryFn: () =>
      callApi('GET /templates/:id/versions/:versionId', {
        params: { id: templateId, versionId },
      }),
    // A version never changes; only whether it is live does, which the list refreshes.
    staleTime: 60_000,
  });
}

/** Restores a version, or undoes a restore; either way the list and the template are read again. */
export function useVersionChange(templateId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, versionId }: { action: 'restore' | 'undo'; versionId: string }) =>
      action === 'restore'
        ? callApi('POST /templates/:id/versions/:versionId/restore', {
            params: { id: templateId, versionId },
          })
        : callApi('POST /templates/:id/versions/:versionId/undo-restore', {
            params: { id: templateId, versionId },
          }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['templates'] }),
  });
}
