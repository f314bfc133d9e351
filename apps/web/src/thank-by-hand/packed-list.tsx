// After printing: each order of the batch with its "Packed" box, ticked as its card goes into the
// parcel (and unticked if that was a slip), or all of them at once. Native checkboxes: Tab and Space.
import { useId } from 'react';
import type { PrintCard } from '@thankly/api-contract';
import { Alert, Button } from '../components/ui/index.ts';
import { orderLabel } from '../dashboard/activity/activity-state.tsx';
import { errorText, useMarkPacked } from './by-hand-queries.ts';
import { cardsText } from './mark-printed.tsx';

export const PACKED_TEXTS = {
  heading: 'Packed with its card?',
  lead: 'Tick each order as its card goes into the parcel. What is not ticked still needs a card.',
  failed: 'The packed mark could not be saved. Try again.',
  allPacked: 'Every order here is packed with its card.',
} as const;

export function PackedList({ cards }: { cards: readonly PrintCard[] }) {
  const headingId = useId();
  const mark = useMarkPacked();
  const unpacked = cards.filter((card) => card.packedAt === null);
  return (
    <section
      aria-labelledby={headingId}
      className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {PACKED_TEXTS.heading}
      </h2>
      <p className="text-sm text-slate-700">{PACKED_TEXTS.lead}</p>
      {mark.isError ? <Alert>{errorText(mark.error, PACKED_TEXTS.failed)}</Alert> : null}
      <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200">
        {cards.map((card) => (
          <li key={card.orderId}>
            <label className="flex cursor-pointer items-center gap-3 px-4 py-2.5 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600">
              <input
                type="checkbox"
                checked={card.packedAt !== null}
                disabled={mark.isPending}
                onChange={(e) =>
                  mark.mutate({ orderIds: [card.orderId], packed: e.target.checked })
                }
                className="h-4 w-4 shrink-0 accent-brand-600"
              />
              <span className="font-medium text-slate-900">
                Order {orderLabel(card.orderNumber)}
              </span>
              <span className="min-w-0 flex-1 truncate text-slate-600">
                {card.buyerName ?? 'Buyer'} · {card.shopName}
              </span>
              {card.packedAt ? (
                <span className="text-xs font-semibold text-green-700">Packed</span>
              ) : null}
            </label>
          </li>
        ))}
      </ul>
      {unpacked.length > 0 ? (
        <Button
          variant="secondary"
          disabled={mark.isPending}
          onClick={() =>
            mark.mutate({ orderIds: unpacked.map((card) => card.orderId), packed: true })
          }
        >
          {unpacked.length === cards.length
            ? `Mark all ${cardsText(unpacked.length)} packed`
            : `Mark the other ${cardsText(unpacked.length)} packed`}
        </Button>
      ) : (
        <p role="status" className="text-sm font-medium text-green-800">
          {PACKED_TEXTS.allPacked}
        </p>
      )}
    </section>
  );
}
