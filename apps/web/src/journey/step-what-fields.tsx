// What a step sends: its name, its kind (a review request is held to the marketplaces' rule of no
// reward for a review) and its template.
import {
  JOURNEY_LIMITS,
  JOURNEY_STEP_KINDS,
  type JourneyStep,
  type JourneyStepKind,
  type TemplateSummary,
} from '@thankly/api-contract';
import { Fieldset, SelectField, TextField } from '../components/ui/index.ts';
import type { StepDraft } from './journey-draft.ts';
import type { StepField } from './journey-validation.ts';

export const KIND_LABELS: Record<JourneyStepKind, string> = {
  'follow-up': 'Follow-up',
  'review-request': 'Review request',
};

const KIND_OPTIONS = JOURNEY_STEP_KINDS.map((kind) => ({ value: kind, label: KIND_LABELS[kind] }));

export function StepWhatFields({
  step,
  errors,
  saved,
  templates,
  onChange,
}: {
  step: StepDraft;
  errors: Partial<Record<StepField, string>>;
  saved: JourneyStep | undefined;
  templates: TemplateSummary[];
  onChange: (patch: Partial<StepDraft>) => void;
}) {
  const templateOptions = [
    { value: '', label: templates.length ? 'Choose a template' : 'No templates yet' },
    ...templates.map((t) => ({ value: t.id, label: t.name || 'Untitled template' })),
  ];
  return (
    <Fieldset legend="What it sends">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Step name"
          value={step.name}
          maxLength={JOURNEY_LIMITS.nameMax}
          error={errors.name}
          placeholder="On its way"
          onChange={(e) => onChange({ name: e.target.value })}
        />
        <SelectField
          label="Kind"
          value={step.kind}
          options={KIND_OPTIONS}
          onChange={(kind) => onChange({ kind })}
        />
        <SelectField
          label="Template"
          className="sm:col-span-2"
          value={step.templateId}
          options={templateOptions}
          error={errors.templateId}
          hint={
            saved && saved.templateId === null && step.templateId === ''
              ? 'Its template was deleted: choose another.'
              : undefined
          }
          onChange={(templateId) => onChange({ templateId })}
        />
      </div>
    </Fieldset>
  );
}
