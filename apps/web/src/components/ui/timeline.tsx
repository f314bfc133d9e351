// A vertical timeline: an ordered list whose items hang from a rail on the left, each with a
// marker, joined by a rail that stops at the last one. `regular` numbers the steps of a journey (a brand circle per step, a card beside it);
// `compact` is a dot per email under an order in Recent orders.
import type { ReactNode } from 'react';

const looks = {
  regular: {
    item: 'group relative pb-6 pl-11 last:pb-0 sm:pl-14',
    rail: 'absolute top-9 group-last:hidden bottom-0 left-4 w-px bg-slate-200 sm:left-[1.1875rem]',
    marker:
      'absolute top-0 left-0 grid h-8 w-8 place-items-center rounded-full text-sm font-semibold sm:h-10 sm:w-10',
  },
  compact: {
    item: 'group relative pb-2 pl-5 last:pb-0',
    rail: 'absolute top-4 group-last:hidden bottom-0 left-[0.3125rem] w-px bg-slate-200',
    marker: 'absolute top-1.5 left-0 h-2.5 w-2.5 rounded-full',
  },
} as const;

const tones = {
  brand: 'bg-brand-600 text-white',
  slate: 'bg-slate-300 text-slate-800',
  green: 'bg-emerald-600 text-white',
  amber: 'bg-amber-500 text-slate-900',
} as const;

export type TimelineTone = keyof typeof tones;

export function Timeline({
  children,
  className = '',
  label,
}: {
  children: ReactNode;
  className?: string;
  /** The list's accessible name, where no heading names it. */
  label?: string;
}) {
  return (
    <ol aria-label={label} className={className}>
      {children}
    </ol>
  );
}

export function TimelineItem({
  marker,
  tone = 'brand',
  size = 'regular',
  children,
}: {
  /** What the marker shows (a step number); compact markers are dots. */
  marker?: ReactNode;
  tone?: TimelineTone;
  size?: keyof typeof looks;
  children: ReactNode;
}) {
  const look = looks[size];
  return (
    <li className={look.item}>
      <span aria-hidden="true" className={look.rail} />
      <span aria-hidden="true" className={`${look.marker} ${tones[tone]}`}>
        {size === 'regular' ? marker : null}
      </span>
      {children}
    </li>
  );
}
