// Under each order of Recent orders: how its buyer was thanked, channel by channel, from Thankly's
// own records (the email sent, Etsy's purchase message live when they paid, the printed card and
// whether it is packed, the pasted message), or "Not yet"; and for an order thanked by hand, its
// "Packed with its card" box (a native checkbox: Tab and Space).
import type { ActivityItem, Reach } from '@thankly/api-contract';
import { REACH_CHANNEL_LABELS } from '@thankly/api-contract';
import { errorText, useMarkPacked } from './by-hand-queries.ts';

export const REACHED_TEXTS = {
  heading: 'Thanked by',
  notYet: 'Not yet',
  packed: 'packed',
  notPacked: 'not packed yet',
  packedBox: 'Packed with its card',
  failed: 'The packed mark could not be saved. Try again.',
} as const;

function label(reach: Reach, packed: boolean): string {
  const name = REACH_CHANNEL_LABELS[reach.channel];
  if (reach.channel !== 'card') return name;
  return `${name}, ${packed ? REACHED_TEXTS.packed : REACHED_TEXTS.notPacked}`;
}

export function ReachedBy({ item }: { item: ActivityItem }) {
  const packed = item.packedAt !== null;
  return (
    <div data-reached-by="" className="mt-1.5 text-xs text-slate-600">
      <span className="font-semibold text-slate-700">{REACHED_TEXTS.heading}: </span>
      {item.reachedBy.length === 0 ? (
        <span data-reach="none" className="font-medium text-amber-800">
          {REACHED_TEXTS.notYet}
        </span>
      ) : (
        item.reachedBy.map((reach, index) => (
          <span key={reach.channel} data-reach={reach.channel}>
            {index > 0 ? ' · ' : null}
            <span
              className={
                reach.channel === 'card' && !packed
                  ? 'font-medium text-amber-800'
                  : 'font-medium text-green-800'
              }
            >
              {label(reach, packed)}
            </span>
          </span>
        ))
      )}
      {item.byHand !== null && item.state !== 'sent' ? <PackedBox item={item} /> : null}
    </div>
  );
}

function PackedBox({ item }: { item: ActivityItem }) {
  const mark = useMarkPacked();
  const packed = item.packedAt !== null;
  return (
    <>
      <label className="mt-1.5 flex w-fit cursor-pointer items-center gap-2 rounded text-xs font-medium text-slate-800 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600">
        <input
          type="checkbox"
          checked={packed}
          disabled={mark.isPending}
          onChange={(e) => mark.mutate({ orderIds: [item.id], packed: e.target.checked })}
          className="h-4 w-4 shrink-0 accent-brand-600"
        />
        {REACHED_TEXTS.packedBox}
        <span className="sr-only"> (order {item.orderNumber})</span>
      </label>
      {mark.isError ? (
        <span role="alert" className="mt-1 block text-xs text-red-700">
          {errorText(mark.error, REACHED_TEXTS.failed)}
        </span>
      ) : null}
    </>
  );
}
