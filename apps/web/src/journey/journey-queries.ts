// Reads and writes of the seller's journey, with its cache key in one place.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Journey, JourneyInput, JourneySuggestion } from '@thankly/api-contract';
import { retryServerErrors } from '../lib/api.ts';
import { callApi } from '../lib/call-api.ts';
import { brandKeys } from '../brand/brand-queries.ts';
import { refreshTemplates } from '../dashboard/templates/template-queries.ts';

export const journeyKeys = { journey: ['journey'] as const };

export function useJourney({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: journeyKeys.journey,
    queryFn: (): Promise<Journey> => callApi('GET /journey'),
    retry: retryServerErrors,
    enabled,
  });
}

export function useSaveJourney() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: JourneyInput): Promise<Journey> => callApi('PUT /journey', { body }),
    onSuccess: (journey) => queryClient.setQueryData(journeyKeys.journey, journey),
  });
}

/** A suggestion's step that has no starter design: only a changed gallery could cause it. */
export const SUGGESTION_STARTER_MISSING = 'This suggestion’s email is missing.';

/**
 * Makes a template for each step of a suggestion from its starter design, wearing the seller's
 * brand as the gallery's starters do; resolves to their ids, in the order of the steps.
 */
export function useAddSuggestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (suggestion: JourneySuggestion): Promise<string[]> => {
      const designs = await queryClient.fetchQuery({
        queryKey: brandKeys.gallery,
        queryFn: () => callApi('GET /templates/gallery').then((r) => r.designs),
        staleTime: 60_000,
      });
      const ids: string[] = [];
      for (const step of suggestion.steps) {
        const starter = designs.find((d) => d.id === step.starterId);
        if (!starter) throw new Error(SUGGESTION_STARTER_MISSING);
        const created = await callApi('POST /templates', {
          body: { name: step.name, subject: starter.subject, design: starter.design },
        });
        ids.push(created.id);
      }
      return ids;
    },
    onSettled: () => refreshTemplates(queryClient),
  });
}
