// The row under an order in Recent orders: its follow-up emails, and for the demo shop's orders the
// buttons that ship, deliver or refund it. Drawn only when there is one or the other.
import type { ActivityItem } from '@thankly/api-contract';
import { orderLabel } from './activity-state.tsx';
import { DemoEventButtons } from './demo-event-buttons.tsx';
import { OrderSteps } from './order-steps.tsx';

export function OrderJourneyRow({ item }: { item: ActivityItem }) {
  const isDemoWithEvents = item.marketplace === 'demo' && item.progress !== 'cancelled';
  if (item.steps.length === 0 && !isDemoWithEvents) return null;
  const label = orderLabel(item.orderNumber);
  return (
    <tr role="row" className="max-sm:block">
      <td role="cell" colSpan={5} className="pb-3 max-sm:block">
        <div className="flex flex-col gap-3 rounded-lg bg-slate-50 px-3 py-2 lg:flex-row lg:items-start lg:justify-between lg:gap-6">
          <OrderSteps steps={item.steps} orderLabel={label} />
          <DemoEventButtons item={item} orderLabel={label} />
        </div>
      </td>
    </tr>
  );
}
