// How far an order has come, as its marketplace last reported it.
import type { OrderProgress } from '@thankly/api-contract';
import { Badge } from '../../components/ui/index.ts';

export const PROGRESS_LABELS: Record<
  OrderProgress,
  { label: string; tone: 'slate' | 'brand' | 'green' | 'amber' }
> = {
  paid: { label: 'Paid', tone: 'slate' },
  shipped: { label: 'Shipped', tone: 'brand' },
  delivered: { label: 'Delivered', tone: 'green' },
  cancelled: { label: 'Refunded or cancelled', tone: 'amber' },
};

export function OrderProgressBadge({ progress }: { progress: OrderProgress }) {
  const { label, tone } = PROGRESS_LABELS[progress];
  return <Badge tone={tone}>{label}</Badge>;
}
