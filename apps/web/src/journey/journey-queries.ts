// Reads and writes of the seller's journey, with its cache key in one place.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Journey, JourneyInput } from '@thankly/api-contract';
import { retryServerErrors } from '../lib/api.ts';
import { callApi } from '../lib/call-api.ts';

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
