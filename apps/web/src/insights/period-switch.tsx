import { INSIGHT_PERIODS, type InsightPeriod } from '@thankly/api-contract';
import { intervalButtonClass } from '../lib/pricing-view.ts';

/** 7 / 30 / 90 days: pressed-state buttons like the billing interval switch, so Tab and Enter work. */
export function PeriodSwitch({
  value,
  onChange,
}: {
  value: InsightPeriod;
  onChange: (period: InsightPeriod) => void;
}) {
  return (
    <div
      role="group"
      aria-label="Period"
      className="inline-flex rounded-lg border border-slate-300 bg-white p-1"
    >
      {INSIGHT_PERIODS.map((period) => (
        <button
          key={period}
          type="button"
          aria-pressed={value === period}
          onClick={() => onChange(period)}
          className={intervalButtonClass(value === period)}
        >
          {period} days
        </button>
      ))}
    </div>
  );
}
