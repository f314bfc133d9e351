// Reads and writes for thanking buyers by hand (printed cards, marketplace messages), with their
// cache keys in one place. Marking a buyer thanked changes Recent orders, the dashboard's callout
// and (a printed card) today's usage, so all three are refreshed after every mark.
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  ByHandSummary,
  CardBatch,
  CardBatchKind,
  CardPrintSettings,
  CardsPrinted,
  Packed,
  MarketplaceMessage,
  MessageSent,
} from '@thankly/api-contract';
import { ApiError } from '../lib/api.ts';
import { callApi } from '../lib/call-api.ts';
import { marketplaceKeys } from '../dashboard/marketplace/marketplace-queries.ts';
import { templateKeys } from '../dashboard/templates/template-queries.ts';

export const byHandKeys = {
  summary: ['by-hand', 'summary'] as const,
  /** One batch of cards: the orders chosen by id, else to ship today or all waiting. */
  cards: (ids: string, batch: CardBatchKind = 'waiting') => ['cards', batch, ids] as const,
  allCards: ['cards'] as const,
  settings: ['cards', 'settings'] as const,
  message: (orderId: string) => ['orders', orderId, 'message'] as const,
};

/** A 4xx will not change by asking again. */
const retryServerErrors = (count: number, error: unknown) =>
  !(error instanceof ApiError && error.status < 500) && count < 1;

/**
 * The server's own words for a refusal it understood (a full day, an order thanked already, one
 * that is not the seller's); otherwise the screen's fallback.
 */
export function errorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status < 500 && error.serverMessage) {
    return error.serverMessage;
  }
  return fallback;
}

export function refreshThanked(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: marketplaceKeys.activity }),
    queryClient.invalidateQueries({ queryKey: byHandKeys.summary }),
    // Printed cards count against today's limit: the usage meter moves with them.
    queryClient.invalidateQueries({ queryKey: templateKeys.stats }),
  ]);
}

export function useByHandSummary() {
  return useQuery({
    queryKey: byHandKeys.summary,
    queryFn: (): Promise<ByHandSummary> => callApi('GET /by-hand/summary'),
    // Orders arrive in the background, as on Recent orders.
    refetchInterval: (query) => (query.state.status === 'error' ? false : 15_000),
    retry: retryServerErrors,
  });
}

/** `ids`: comma-separated order ids (a reprint or a chosen set); '' for the `batch` of orders. */
export function useCardBatch(ids: string, batch: CardBatchKind = 'waiting') {
  return useQuery({
    queryKey: byHandKeys.cards(ids, batch),
    queryFn: (): Promise<CardBatch> =>
      callApi('GET /cards', { query: { ids: ids || undefined, batch: ids ? undefined : batch } }),
    retry: retryServerErrors,
  });
}

/** The seller's card size, fold, bleed and processing days, the same on every device. */
export function useCardSettings() {
  return useQuery({
    queryKey: byHandKeys.settings,
    queryFn: (): Promise<CardPrintSettings> => callApi('GET /cards/settings'),
    retry: retryServerErrors,
  });
}

/** Saved as chosen; the screen follows at once and a refusal puts the saved choice back. */
export function useSaveCardSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: byHandKeys.settings,
    mutationFn: (settings: CardPrintSettings): Promise<CardPrintSettings> =>
      callApi('PUT /cards/settings', { body: settings }),
    onMutate: async (settings) => {
      await queryClient.cancelQueries({ queryKey: byHandKeys.settings });
      const before = queryClient.getQueryData<CardPrintSettings>(byHandKeys.settings);
      queryClient.setQueryData(byHandKeys.settings, settings);
      return { before };
    },
    onError: (_error, _settings, context) => {
      if (context?.before) queryClient.setQueryData(byHandKeys.settings, context.before);
    },
    // The screen already shows what was sent. Writing each reply back would let a slower, earlier
    // reply undo a later choice (fold, then bleed, clicked quickly), so only the last one settles.
    onSuccess: () => {
      if (queryClient.isMutating({ mutationKey: byHandKeys.settings }) > 1) return;
      // Processing days move ship-by days: the batches are read again.
      void queryClient.invalidateQueries({
        queryKey: byHandKeys.allCards,
        predicate: (query) => query.queryKey[1] !== 'settings',
      });
    },
  });
}

/** Packed with its card, or not: from the list of orders and after printing. */
export function useMarkPacked() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderIds, packed }: { orderIds: string[]; packed: boolean }): Promise<Packed> =>
      callApi('POST /cards/packed', { body: { orderIds, packed } }),
    onSuccess: (reply) => {
      // Every batch on screen shows the mark at once, and keeps its cards (to print again).
      queryClient.setQueriesData<CardBatch>(
        { queryKey: byHandKeys.allCards, predicate: (q) => q.queryKey[1] !== 'settings' },
        (batch) =>
          batch?.cards
            ? {
                ...batch,
                cards: batch.cards.map((card) =>
                  reply.orderIds.includes(card.orderId)
                    ? {
                        ...card,
                        packedAt: reply.packedAt,
                        cardPrintedAt: card.cardPrintedAt ?? reply.packedAt,
                      }
                    : card,
                ),
              }
            : batch,
      );
      void refreshThanked(queryClient);
    },
  });
}

export function useMarkCardsPrinted(ids: string, batch: CardBatchKind = 'waiting') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderIds: string[]): Promise<CardsPrinted> =>
      callApi('POST /cards/printed', { body: { orderIds } }),
    onSuccess: (_reply, orderIds) => {
      // The batch on screen stays as it is (the seller may print it again), now as a reprint.
      const printedAt = new Date().toISOString();
      queryClient.setQueryData<CardBatch>(byHandKeys.cards(ids, batch), (current) =>
        current
          ? {
              ...current,
              cards: current.cards.map((card) =>
                orderIds.includes(card.orderId) && card.cardPrintedAt === null
                  ? { ...card, cardPrintedAt: printedAt }
                  : card,
              ),
            }
          : current,
      );
      void refreshThanked(queryClient);
    },
  });
}

export function useMarketplaceMessage(orderId: string) {
  return useQuery({
    queryKey: byHandKeys.message(orderId),
    queryFn: (): Promise<MarketplaceMessage> =>
      callApi('GET /orders/:id/message', { params: { id: orderId } }),
    retry: retryServerErrors,
  });
}

export function useMarkMessageSent(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<MessageSent> =>
      callApi('POST /orders/:id/message-sent', { params: { id: orderId } }),
    onSuccess: () => void refreshThanked(queryClient),
  });
}
