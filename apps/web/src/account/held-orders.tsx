// Orders a pause held back: after resuming, how many, and the one way to thank them on purpose.
// Nothing is sent for them unless the seller presses the button.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messageFor } from '../lib/api.ts';
import { callApi } from '../lib/call-api.ts';
import { toast } from '../lib/toast.ts';
import { Button } from '../components/ui/index.ts';
import { marketplaceKeys } from '../dashboard/marketplace/marketplace-queries.ts';

export const LATEST_PAUSE_KEY = ['account', 'latest-pause'] as const;

export const HELD_ORDERS_TEXT = {
  held: (count: number) =>
    count === 1
      ? '1 order arrived while sending was paused. Its buyer got no thank-you email.'
      : `${count} orders arrived while sending was paused. Their buyers got no thank-you email.`,
  action: (count: number) =>
    count === 1 ? 'Thank this buyer now' : `Thank these ${count} buyers now`,
  queued: (count: number) =>
    count === 1
      ? 'Your thank-you is on its way to 1 buyer.'
      : `Your thank-yous are on their way to ${count} buyers.`,
  failed: 'Those thank-yous could not be queued. Please try again in a moment.',
} as const;

export function useLatestPause() {
  return useQuery({
    queryKey: LATEST_PAUSE_KEY,
    queryFn: () => callApi('GET /me/pauses/latest'),
  });
}

/** Shown once sending is back on and a pause held orders back; nothing otherwise. */
export function HeldOrders({ isPaused }: { isPaused: boolean }) {
  const client = useQueryClient();
  const latest = useLatestPause();
  const thank = useMutation({
    mutationFn: (id: string) => callApi('POST /pauses/:id/thank', { params: { id } }),
    onSuccess: ({ queued }) => {
      toast.success(HELD_ORDERS_TEXT.queued(queued), { key: 'held-orders' });
      void client.invalidateQueries({ queryKey: LATEST_PAUSE_KEY });
      void client.invalidateQueries({ queryKey: marketplaceKeys.activity });
    },
    onError: (error) =>
      toast.error(messageFor(error, HELD_ORDERS_TEXT.failed), { key: 'held-orders' }),
  });
  const pause = latest.data?.pause;
  if (isPaused || !pause || pause.heldOrders === 0) return null;
  return (
    <div
      role="status"
      className="mt-4 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
    >
      <p>{HELD_ORDERS_TEXT.held(pause.heldOrders)}</p>
      <Button
        size="sm"
        variant="secondary"
        disabled={thank.isPending}
        onClick={() => thank.mutate(pause.id)}
      >
        {HELD_ORDERS_TEXT.action(pause.heldOrders)}
      </Button>
    </div>
  );
}
