// The demo shop's stand-ins for a buyer paying: an order with the buyer's email, or one without it
// (as Etsy sends most), which waits for a printed card or a message.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Shop } from '@thankly/api-contract';
import { Button } from '../../components/ui/index.ts';
import { messageFor } from '../../lib/api.ts';
import { callApi } from '../../lib/call-api.ts';
import { toast } from '../../lib/toast.ts';
import { byHandKeys } from '../../thank-by-hand/by-hand-queries.ts';
import { lookAgainSoon, marketplaceKeys } from './marketplace-queries.ts';

export const DEMO_ORDER_MESSAGES = {
  simulated: 'Demo order placed - watch the activity list below.',
  simulatedWithoutEmail:
    'Demo order without the buyer’s email placed - it waits for a card or message below.',
  failed: 'Could not simulate an order. Try again later.',
} as const;

export function DemoOrderButtons({ shop }: { shop: Shop }) {
  const queryClient = useQueryClient();
  const simulate = useMutation({
    mutationFn: (withoutBuyerEmail: boolean) =>
      callApi('POST /shops/:id/demo-order', {
        params: { id: shop.id },
        body: withoutBuyerEmail ? { withoutBuyerEmail: true } : undefined,
      }),
    onSuccess: (_reply, withoutBuyerEmail) => {
      toast.success(
        withoutBuyerEmail
          ? DEMO_ORDER_MESSAGES.simulatedWithoutEmail
          : DEMO_ORDER_MESSAGES.simulated,
      );
      lookAgainSoon();
      void queryClient.invalidateQueries({ queryKey: marketplaceKeys.activity });
      void queryClient.invalidateQueries({ queryKey: byHandKeys.summary });
    },
    onError: (error) => toast.error(messageFor(error, DEMO_ORDER_MESSAGES.failed)),
  });
  const placing = (withoutBuyerEmail: boolean) =>
    simulate.isPending && simulate.variables === withoutBuyerEmail;
  return (
    <>
      <Button
        variant="secondary"
        className="px-3 py-1.5"
        disabled={simulate.isPending}
        onClick={() => simulate.mutate(false)}
      >
        {placing(false) ? 'Placing order…' : 'Simulate a paid order'}
      </Button>
      <Button
        variant="secondary"
        className="px-3 py-1.5"
        disabled={simulate.isPending}
        onClick={() => simulate.mutate(true)}
      >
        {placing(true) ? 'Placing order…' : 'Simulate order without email'}
      </Button>
    </>
  );
}
