// The demo shop's stand-ins for a marketplace's order events, offered by how far the order is:
// a paid order can ship, a shipped one be delivered, and any but a cancelled one be refunded.
import type { ActivityItem, DemoOrderEvent, OrderProgress } from '@thankly/api-contract';
import { Button } from '../../components/ui/index.ts';
import { useDemoOrderEvent } from './use-order-journey-actions.ts';

const NEXT_EVENTS: Record<OrderProgress, DemoOrderEvent[]> = {
  paid: ['shipped', 'refunded'],
  shipped: ['delivered', 'refunded'],
  delivered: ['refunded'],
  cancelled: [],
};

const EVENT_LABELS: Record<DemoOrderEvent, { idle: string; busy: string }> = {
  shipped: { idle: 'Mark shipped', busy: 'Marking shipped…' },
  delivered: { idle: 'Mark delivered', busy: 'Marking delivered…' },
  refunded: { idle: 'Refund', busy: 'Refunding…' },
};

export function DemoEventButtons({ item, orderLabel }: { item: ActivityItem; orderLabel: string }) {
  const demoEvent = useDemoOrderEvent(item.id, orderLabel);
  const events = NEXT_EVENTS[item.progress];
  if (item.marketplace !== 'demo' || events.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <span className="text-xs text-slate-500">Demo shop:</span>
      {events.map((event) => {
        const busy = demoEvent.isPending && demoEvent.variables === event;
        const label = busy ? EVENT_LABELS[event].busy : EVENT_LABELS[event].idle;
        return (
          <Button
            key={event}
            variant="secondary"
            size="sm"
            disabled={demoEvent.isPending}
            aria-label={`${label} for order ${orderLabel}`}
            onClick={() => demoEvent.mutate(event)}
          >
            {label}
          </Button>
        );
      })}
    </div>
  );
}
