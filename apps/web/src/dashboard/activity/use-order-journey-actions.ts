// What a seller can do to an order's follow-ups from Recent orders: cancel one still scheduled,
// and, for the demo shop's orders, move the order on as a marketplace would report it. Both
// refresh the list after, since the server decides what each change schedules, sends or stops.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DemoOrderEvent } from '@thankly/api-contract';
import { ApiError, messageFor } from '../../lib/api.ts';
import { callApi } from '../../lib/call-api.ts';
import { toast } from '../../lib/toast.ts';
import { lookAgainSoon, marketplaceKeys } from '../marketplace/marketplace-queries.ts';

export const ORDER_JOURNEY_MESSAGES = {
  cancelled: 'Email cancelled - it will not be sent.',
  cancelFailed: 'Could not cancel this email. Try again later.',
  confirmCancel: (stepName: string, order: string) =>
    `Cancel "${stepName}" for order ${order}? It will not be sent.`,
  demoEventDone: {
    shipped: (order: string) => `Order ${order} marked as shipped.`,
    delivered: (order: string) => `Order ${order} marked as delivered.`,
    refunded: (order: string) => `Order ${order} refunded - its follow-up emails stop.`,
  } satisfies Record<DemoOrderEvent, (order: string) => string>,
  demoEventFailed: 'Could not update the demo order. Try again later.',
};

/** The server's own words for an email it cannot cancel (gone, or no longer scheduled). */
function cancelErrorText(error: unknown): string {
  if (
    error instanceof ApiError &&
    error.serverMessage &&
    (error.status === 404 || error.status === 409)
  )
    return error.serverMessage;
  return messageFor(error, ORDER_JOURNEY_MESSAGES.cancelFailed);
}

function useRefreshActivity() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: marketplaceKeys.activity });
}

export function useCancelScheduledEmail() {
  const refresh = useRefreshActivity();
  return useMutation({
    mutationFn: (stepId: string) =>
      callApi('POST /activity/:id/cancel', { params: { id: stepId } }),
    onSuccess: () => toast.success(ORDER_JOURNEY_MESSAGES.cancelled),
    onError: (error) => toast.error(cancelErrorText(error)),
    onSettled: refresh,
  });
}

export function useDemoOrderEvent(orderId: string, orderLabel: string) {
  const refresh = useRefreshActivity();
  return useMutation({
    mutationFn: (event: DemoOrderEvent) =>
      callApi('POST /orders/:id/demo-event', { params: { id: orderId }, body: { event } }),
    onSuccess: (_reply, event) => {
      toast.success(ORDER_JOURNEY_MESSAGES.demoEventDone[event](orderLabel));
      lookAgainSoon();
    },
    onError: (error) => toast.error(messageFor(error, ORDER_JOURNEY_MESSAGES.demoEventFailed)),
    onSettled: refresh,
  });
}
