// The insights numbers and the tracking setting, as the server answers them. The page asks for whole
// calendar days in the seller's time zone, the clock the server counts on, so "last 7 days" means
// the same on both sides.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  INSIGHT_PERIODS,
  type InsightPeriod,
  type InsightsQuery,
  type InsightsReply,
  type InsightsSettings,
  type InsightsSettingsUpdate,
} from '@thankly/api-contract';
import { retryServerErrors } from '../lib/api.ts';
import { callApi } from '../lib/call-api.ts';

export const DEFAULT_PERIOD: InsightPeriod = 30;

export const insightsKeys = {
  all: ['insights'] as const,
  period: (range: InsightsQuery) => ['insights', 'numbers', range.from, range.to] as const,
  settings: ['insights', 'settings'] as const,
};

/** A period from the URL (?days=7); anything else is the default, never an error. */
export function parsePeriod(value: string | null): InsightPeriod {
  const days = Number(value);
  return INSIGHT_PERIODS.find((p) => p === days) ?? DEFAULT_PERIOD;
}

/** The last `period` days on the seller's calendar, today included. */
export function periodRange(
  period: InsightPeriod,
  timeZone: string,
  now = new Date(),
): InsightsQuery {
  const to = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
  const start = new Date(`${to}T00:00:00Z`);
  start.setUTCDate(start.getUTCDate() - (period - 1));
  return { from: start.toISOString().slice(0, 10), to };
}

function rangeQuery({ from, to }: InsightsQuery): string {
  return new URLSearchParams({ from, to }).toString();
}

/** The CSV of the same numbers; a plain link, so the browser downloads it with the session cookie. */
export function exportHref(range: InsightsQuery): string {
  return `/api/insights/export.csv?${rangeQuery(range)}`;
}

export function useInsights(range: InsightsQuery) {
  return useQuery({
    queryKey: insightsKeys.period(range),
    queryFn: (): Promise<InsightsReply> => callApi('GET /insights', { query: range }),
    retry: retryServerErrors,
    // Switching periods keeps the last numbers on screen (dimmed) instead of a flash of skeletons.
    placeholderData: (previous) => previous,
  });
}

export function useInsightsSettings() {
  return useQuery({
    queryKey: insightsKeys.settings,
    queryFn: (): Promise<InsightsSettings> => callApi('GET /insights/settings'),
    retry: retryServerErrors,
  });
}

export function useSaveInsightsSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: InsightsSettingsUpdate) =>
      callApi('PUT /insights/settings', { body: settings }),
    onSuccess: (saved) => {
      client.setQueryData(insightsKeys.settings, saved);
      // The page's "tracking is off" note and its redemptions come with the numbers.
      void client.invalidateQueries({ queryKey: insightsKeys.all, refetchType: 'none' });
    },
  });
}
