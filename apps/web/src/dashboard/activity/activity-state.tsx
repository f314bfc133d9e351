// The State cell of Recent orders: what happened to an order's thank-you, and for an order whose
// buyer email cannot be sent (withheld, or a shop set to print), the card or message to do by hand.
import type { ActivityItem, OrderEmailState, ThankChannel } from '@thankly/api-contract';
import { Badge } from '../../components/ui/index.ts';
import { ByHandActions } from '../../thank-by-hand/by-hand-actions.tsx';
import { DeliveryProblemState } from '../../deliverability/delivery-problem.tsx';
import { useFormatSellerTime } from '../../lib/seller-time.ts';
import { ReachedBy } from '../../thank-by-hand/reached-by.tsx';

type Tone = 'green' | 'amber' | 'slate' | 'brand';

const STATE_LABELS: Record<OrderEmailState, { label: string; tone: Tone }> = {
  sent: { label: 'Sent', tone: 'green' },
  pending: { label: 'Pending', tone: 'brand' },
  skipped: { label: 'Skipped', tone: 'amber' },
  failed: { label: 'Failed', tone: 'slate' },
};

/** Thanked another way than by email; an emailed order keeps its Sent. */
const THANKED_LABELS: Partial<Record<ThankChannel, string>> = {
  card: 'Card printed',
  message: 'Message sent',
};

export const WAITING_BY_HAND = 'Waiting for a card or message';

/** Shopify's order names carry their own # (#1001). */
export function orderLabel(orderNumber: string): string {
  return orderNumber.startsWith('#') ? orderNumber : `#${orderNumber}`;
}

export function ActivityState({ item }: { item: ActivityItem }) {
  return (
    <>
      <StateBadge item={item} />
      <ReachedBy item={item} />
    </>
  );
}

function StateBadge({ item }: { item: ActivityItem }) {
  const formatTime = useFormatSellerTime();
  const thanked = item.thankedBy ? THANKED_LABELS[item.thankedBy] : undefined;
  if (thanked) {
    return (
      <>
        <Badge tone="green">{thanked}</Badge>
        {item.thankedAt ? (
          <time dateTime={item.thankedAt} className="mt-1 block text-xs text-slate-600">
            {formatTime(item.thankedAt)}
          </time>
        ) : null}
      </>
    );
  }
  if (item.deliveryProblem) return <DeliveryProblemState problem={item.deliveryProblem} />;
  const waiting = item.byHand !== null && item.thankedBy === null;
  const state = STATE_LABELS[item.state];
  return (
    <>
      <Badge tone={waiting ? 'amber' : state.tone}>{waiting ? WAITING_BY_HAND : state.label}</Badge>
      {item.reason ? (
        <span className="mt-1 block text-xs text-slate-600">{item.reason}</span>
      ) : null}
      {waiting ? (
        <ByHandActions orderId={item.id} orderNumber={orderLabel(item.orderNumber)} />
      ) : null}
    </>
  );
}
