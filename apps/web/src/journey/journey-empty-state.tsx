// No follow-ups yet: what most shops add, each one click away.
import { Button } from '../components/ui/index.ts';
import { STEP_PRESETS, newStep, type StepPreset } from './journey-draft.ts';
import { summarizeStep } from './step-summary.ts';
import { KIND_LABELS } from './step-what-fields.tsx';

export function JourneyEmptyState({
  canAdd,
  onAdd,
}: {
  canAdd: boolean;
  onAdd: (preset: StepPreset) => void;
}) {
  return (
    <section
      aria-labelledby="journey-empty-heading"
      className="mt-6 ml-11 rounded-2xl border border-dashed border-slate-300 bg-white p-5 sm:ml-14 sm:p-6"
    >
      <h3 id="journey-empty-heading" className="text-base font-semibold text-slate-900">
        No follow-ups yet
      </h3>
      <p className="mt-1 text-sm text-slate-600">
        Buyers get your thank-you and nothing after it. Shops often add these:
      </p>
      <ul className="mt-4 space-y-3">
        {STEP_PRESETS.map((preset) => (
          <li
            key={preset.name}
            className="flex items-center justify-between gap-3 rounded-lg bg-slate-50 px-3 py-2"
          >
            <div className="min-w-0">
              <p className="text-sm font-medium text-slate-900">
                {preset.name}{' '}
                <span className="font-normal text-slate-600">· {KIND_LABELS[preset.kind]}</span>
              </p>
              <p className="text-xs text-slate-600">{summarizeStep(newStep(preset))}</p>
            </div>
            <Button
              variant="secondary"
              size="sm"
              disabled={!canAdd}
              aria-label={`Add "${preset.name}"`}
              onClick={() => onAdd(preset)}
            >
              Add
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
