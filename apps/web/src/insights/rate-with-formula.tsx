// A rate with the formula behind it: shown on hover and keyboard focus, read by screen readers as
// the rate's description, so every percentage on the page says what it is of.
import { useId } from 'react';
import { RATE_FORMULAS } from '@thankly/api-contract';
import { formatRate } from './insights-format.ts';

export type RateName = keyof typeof RATE_FORMULAS;

export function RateWithFormula({
  rate,
  name,
  suffix = '',
}: {
  rate: number | null;
  name: RateName;
  /** Words after the number, such as " open rate". */
  suffix?: string;
}) {
  const id = useId();
  return (
    <span className="group relative inline-block">
      <span
        tabIndex={0}
        aria-describedby={id}
        className="focus-ring cursor-help rounded underline decoration-slate-400 decoration-dotted underline-offset-2"
      >
        {formatRate(rate)}
        {suffix}
      </span>
      <span
        id={id}
        role="tooltip"
        className="pointer-events-none invisible absolute bottom-full left-0 z-10 mb-1 w-56 rounded-lg bg-slate-900 px-2.5 py-1.5 text-xs font-normal text-white normal-case shadow-lg group-focus-within:visible group-hover:visible"
      >
        {RATE_FORMULAS[name]}
      </span>
    </span>
  );
}
