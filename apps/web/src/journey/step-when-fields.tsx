// When a step goes out: what starts its clock, how long after, and the hours it may arrive in.
import {
  DELAY_UNITS,
  JOURNEY_TRIGGERS,
  TRIGGER_LABELS,
  type DelayUnit,
} from '@thankly/api-contract';
import { Fieldset, SelectField, Switch, TextField } from '../components/ui/index.ts';
import type { StepDraft } from './journey-draft.ts';
import type { StepField } from './journey-validation.ts';
import { formatDelay, formatHour } from './step-summary.ts';

const TRIGGER_OPTIONS = JOURNEY_TRIGGERS.map((t) => ({ value: t, label: TRIGGER_LABELS[t] }));
const UNIT_LABELS: Record<DelayUnit, string> = { hours: 'Hours', days: 'Days' };
const UNIT_OPTIONS = DELAY_UNITS.map((unit) => ({ value: unit, label: UNIT_LABELS[unit] }));
const hourOptions = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => ({
    value: String(from + i),
    label: formatHour(from + i),
  }));
const START_HOURS = hourOptions(0, 23);
const END_HOURS = hourOptions(1, 24);

export function StepWhenFields({
  step,
  errors,
  onChange,
}: {
  step: StepDraft;
  errors: Partial<Record<StepField, string>>;
  onChange: (patch: Partial<StepDraft>) => void;
}) {
  const sendWindow = step.sendWindow;
  const delayWords = formatDelay(step.delayAmount, step.delayUnit);
  return (
    <Fieldset legend="When it goes">
      <div className="grid grid-cols-2 gap-4 sm:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)_minmax(0,1fr)]">
        <SelectField
          label="Starts counting"
          className="col-span-2 sm:col-span-1"
          value={step.trigger}
          options={TRIGGER_OPTIONS}
          onChange={(trigger) => onChange({ trigger })}
        />
        <TextField
          label="Wait"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          value={step.delayAmount}
          error={errors.delay}
          hint={delayWords === 'Right away' ? 'Right away' : undefined}
          onChange={(e) => onChange({ delayAmount: e.target.value })}
        />
        <SelectField
          label="Wait unit"
          value={step.delayUnit}
          options={UNIT_OPTIONS}
          onChange={(delayUnit) => onChange({ delayUnit })}
        />
      </div>
      <div className="pt-2">
        <Switch
          label="Only send between set hours"
          checked={sendWindow.enabled}
          onChange={(enabled) => onChange({ sendWindow: { ...sendWindow, enabled } })}
        />
      </div>
      {sendWindow.enabled ? (
        <div className="grid grid-cols-2 gap-4 sm:max-w-sm">
          <SelectField
            label="From"
            value={String(sendWindow.startHour)}
            options={START_HOURS}
            error={errors.sendWindow}
            onChange={(hour) =>
              onChange({ sendWindow: { ...sendWindow, startHour: Number(hour) } })
            }
          />
          <SelectField
            label="Until"
            value={String(sendWindow.endHour)}
            options={END_HOURS}
            onChange={(hour) => onChange({ sendWindow: { ...sendWindow, endHour: Number(hour) } })}
          />
        </div>
      ) : null}
    </Fieldset>
  );
}
