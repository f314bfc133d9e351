// Automatic sending on or off: the switch the seller pauses sending with.
import { useId } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Me } from '@thankly/api-contract';
import { messageFor } from '../lib/api.ts';
import { callApi } from '../lib/call-api.ts';
import { toast } from '../lib/toast.ts';
import { Card, Switch } from '../components/ui/index.ts';
import { ACCOUNT_KEY } from './account-query.ts';
import { HeldOrders, LATEST_PAUSE_KEY } from './held-orders.tsx';

export const PAUSE_FAILED = 'Unable to update pause state';

/** Asked before pausing: what the pause does to orders, which resuming does not undo on its own. */
export const PAUSE_CONFIRM =
  'Pause sending? Orders paid while sending is paused get no thank-you email. When you turn sending back on, you can choose to thank those buyers.';

/**
 * Optimistic: the switch moves at once and moves back if the server refuses. `setPaused` asks
 * first before pausing; resuming needs no warning.
 */
export function usePauseMutation() {
  const client = useQueryClient();
  const mutation = useMutation({
    mutationFn: (isPaused: boolean) => callApi('PATCH /me/pause', { body: { isPaused } }),
    onMutate: async (isPaused) => {
      await client.cancelQueries({ queryKey: ACCOUNT_KEY });
      const previous = client.getQueryData<Me>(ACCOUNT_KEY);
      if (previous) client.setQueryData<Me>(ACCOUNT_KEY, { ...previous, isPaused });
      return { previous };
    },
    onError: (error, _isPaused, context) => {
      if (context?.previous) client.setQueryData<Me>(ACCOUNT_KEY, context.previous);
      toast.error(messageFor(error, PAUSE_FAILED), { key: 'pause' });
    },
    onSuccess: (reply, isPaused) => {
      const confirmed = typeof reply?.isPaused === 'boolean' ? reply.isPaused : isPaused;
      client.setQueryData<Me>(ACCOUNT_KEY, (old) => (old ? { ...old, isPaused: confirmed } : old));
      toast.success(confirmed ? 'Sending paused' : 'Sending resumed', { key: 'pause' });
      // What the pause held back is counted once it ends.
      void client.invalidateQueries({ queryKey: LATEST_PAUSE_KEY });
    },
  });
  function setPaused(isPaused: boolean) {
    if (isPaused && !window.confirm(PAUSE_CONFIRM)) return;
    mutation.mutate(isPaused);
  }
  return { setPaused, isPending: mutation.isPending };
}

export function SendingCard({ isPaused }: { isPaused: boolean }) {
  const pause = usePauseMutation();
  const labelId = useId();
  const active = !isPaused;
  return (
    <Card aria-labelledby="sending-heading">
      <h2 id="sending-heading" className="text-lg font-semibold">
        Sending status
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Orders paid while sending is paused get no thank-you email. When you turn sending back on,
        you can choose to thank those buyers.
      </p>
      <div className="mt-4 flex items-center justify-between gap-4">
        <span id={labelId} className="text-sm font-medium">
          Automatic sending
        </span>
        <div className="flex items-center gap-3">
          <span className="text-sm font-semibold" aria-hidden="true">
            {active ? 'Active' : 'Paused'}
          </span>
          <Switch
            checked={active}
            labelledBy={labelId}
            disabled={pause.isPending}
            onChange={(on) => pause.setPaused(!on)}
          />
        </div>
      </div>
      <HeldOrders isPaused={isPaused} />
    </Card>
  );
}
