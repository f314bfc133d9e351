// How far an order has come, as its marketplace last reported it.
import {
  ORDER_EVENTS,
  ORDER_EVENT_FACTS,
  type OrderEvent,
  type OrderProgress,
  type ProgressTone,
} from '@thankly/api-contract/catalog';
import { Badge } from '../../components/ui/index.ts';

export const PROGRESS_LABELS: Record<OrderProgress, { label: string; tone: ProgressTone }> = {
  ...(Object.fromEntries(ORDER_EVENTS.map((e) => [e, ORDER_EVENT_FACTS[e].progress])) as Record<
    OrderEvent,
    { label: string; tone: ProgressTone }
  >),
  cancelled: { label: 'Refunded or cancelled', tone: 'amber' },
};

export function OrderProgressBadge({ progress }: { progress: OrderProgress }) {
  const { label, tone } = PROGRESS_LABELS[progress];
  return <Badge tone={tone}>{label}</Badge>;
}
