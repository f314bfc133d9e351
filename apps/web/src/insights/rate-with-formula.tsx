// A rate with the formula behind it: shown on hover and keyboard focus, read by screen readers as
// the rate's description, so every percentage on the page says what it is of.
import { useId } from 'react';
import { RATE_FORMULAS } from '@thankly/api-contract';
import { formatRate } from './insights-format.ts';

export type RateName = keyof typeof RATE_FORMULAS;

/** Beside a rate of fewer than MIN_DELIVERED_FOR_RATE delivered emails. */
export const TOO_FEW_NOTE = 'too few to tell';

export function RateWithFormula({
  rate,
  name,
  suffix = '',
  tooFewToTell = false,
}: {
  rate: number | null;
  name: RateName;
  /** Words after the number, such as " open rate". */
  suffix?: string;
  /** Fewer emails delivered than a rate can stand on: said beside it. */
  tooFewToTell?: boolean;
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
      {tooFewToTell ? <span> · {TOO_FEW_NOTE}</span> : null}
      <span
        id={id}
        role="tooltip"
        className="pointer-events-none absolute bottom-full left-0 z-10 mb-1 hidden w-56 max-w-[75vw] rounded-lg bg-slate-900 px-2.5 py-1.5 text-xs font-normal text-white normal-case shadow-lg group-focus-within:block group-hover:block"
      >
        {RATE_FORMULAS[name]}
      </span>
    </span>
  );
}
