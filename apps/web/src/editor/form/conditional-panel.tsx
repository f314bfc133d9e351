// Conditional sending (paid plans only): a date range in which this template goes out instead of
// the selected one.
import { useId } from 'react';
import type { TemplateFields } from './template-form.ts';

type Conditions = TemplateFields['sendConditions'];

export function ConditionalPanel({
  value,
  onChange,
  errorField,
  error,
}: {
  value: Conditions;
  onChange: (value: Conditions) => void;
  errorField: 'startDate' | 'endDate' | null;
  error: string | null;
}) {
  const id = useId();
  const noteId = `${id}-note`;
  const dateClass = (invalid: boolean) =>
    `focus-ring block w-full rounded-lg border px-3 py-2 text-sm shadow-sm disabled:bg-slate-100 disabled:text-slate-400 ${
      invalid ? 'border-red-500' : 'border-slate-300'
    }`;
  return (
    <fieldset className="rounded-xl border border-slate-200 bg-white p-4" aria-describedby={noteId}>
      <legend className="px-1 text-sm font-semibold text-slate-900">Conditional sending</legend>
      <div className="flex flex-wrap items-end gap-4">
        <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
          <input
            type="checkbox"
            checked={value.enabled}
            onChange={(e) => onChange({ ...value, enabled: e.target.checked })}
            className="h-4 w-4 accent-brand-600"
          />
          Enable
        </label>
        <div>
          <label
            htmlFor={`${id}-start`}
            className="mb-1 block text-xs font-semibold text-slate-700"
          >
            Start date
          </label>
          <input
            id={`${id}-start`}
            type="date"
            disabled={!value.enabled}
            value={value.startDate}
            aria-invalid={errorField === 'startDate' || undefined}
            onChange={(e) => onChange({ ...value, startDate: e.target.value })}
            className={dateClass(errorField === 'startDate')}
          />
        </div>
        <div>
          <label htmlFor={`${id}-end`} className="mb-1 block text-xs font-semibold text-slate-700">
            End date
          </label>
          <input
            id={`${id}-end`}
            type="date"
            disabled={!value.enabled}
            value={value.endDate}
            min={value.startDate || undefined}
            aria-invalid={errorField === 'endDate' || undefined}
            onChange={(e) => onChange({ ...value, endDate: e.target.value })}
            className={dateClass(errorField === 'endDate')}
          />
        </div>
      </div>
      {error && errorField ? <p className="mt-2 text-sm text-red-700">{error}</p> : null}
      <p id={noteId} className="mt-2 text-xs text-slate-600">
        Note: while enabled, this template can override your currently selected template on the days
        in this date range.
      </p>
    </fieldset>
  );
}
