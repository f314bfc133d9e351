import type { BillingInterval } from '@thankly/api-contract/catalog';
import { intervalButtonClass, yearlyPricesNote } from '../lib/pricing-view.ts';

/** Monthly/Yearly switch: two pressed-state buttons, with each paid plan's exact yearly price. */
export function IntervalToggle({
  value,
  onChange,
}: {
  value: BillingInterval;
  onChange: (interval: BillingInterval) => void;
}) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <div
        role="group"
        aria-label="Billing interval"
        className="inline-flex rounded-lg border border-slate-300 bg-white p-1"
      >
        {(
          [
            ['month', 'Monthly'],
            ['year', 'Yearly'],
          ] as const
        ).map(([interval, label]) => (
          <button
            key={interval}
            type="button"
            aria-pressed={value === interval}
            onClick={() => onChange(interval)}
            data-interval={interval}
            className={intervalButtonClass(value === interval)}
          >
            {label}
          </button>
        ))}
      </div>
      <p className="text-sm text-slate-600" data-yearly-prices>
        {yearlyPricesNote()}
      </p>
    </div>
  );
}
