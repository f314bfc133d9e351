// The journey as one form: its clock, the timeline of steps, adding one, and Save.
import type { Journey, Shop, TemplateSummary } from '@thankly/api-contract';
import { Alert, Button, Timeline } from '../components/ui/index.ts';
import { usePlanName } from './use-plan-name.ts';
import { AddStepRow } from './add-step-row.tsx';
import { canAddStep } from './journey-draft.ts';
import { JourneyEmptyState } from './journey-empty-state.tsx';
import { StepCard } from './step-card.tsx';
import { ThankYouStep } from './thank-you-step.tsx';
import { TimeZoneField } from './time-zone-field.tsx';
import { useFocusAfterMove } from './use-focus-after-move.ts';
import { JOURNEY_SAVE_MESSAGES, useJourneyEditor } from './use-journey-editor.ts';

export interface JourneyFormProps {
  journey: Journey;
  templates: TemplateSummary[];
  shops: Shop[];
}

export function JourneyForm({ journey, templates, shops }: JourneyFormProps) {
  const { draft, errors, saveError, actions, formRef, submit, isDirty, saving, savedJourney } =
    useJourneyEditor(journey);
  const canAdd = canAddStep(journey.stepLimit, draft.steps.length);
  const planName = usePlanName();
  const move = useFocusAfterMove(actions.move);
  const savedSteps = new Map(savedJourney.steps.map((s) => [s.id, s]));
  return (
    <form ref={formRef} noValidate onSubmit={submit} className="max-w-3xl">
      <TimeZoneField
        value={draft.timeZone}
        error={errors.timeZone}
        onChange={actions.setTimeZone}
      />
      <h2 className="mt-10 text-lg font-semibold text-slate-900">Emails of each order</h2>
      <Timeline className="mt-4">
        <ThankYouStep templateName={journey.thankYouTemplateName} />
        {draft.steps.map((step, index) => (
          <StepCard
            key={step.key}
            step={step}
            number={index + 2}
            isFirst={index === 0}
            isLast={index === draft.steps.length - 1}
            errors={errors.steps[step.key] ?? {}}
            saved={step.id ? savedSteps.get(step.id) : undefined}
            templates={templates}
            shops={shops}
            onChange={(patch) => actions.change(step.key, patch)}
            onMove={(by) => move(step.key, by)}
            onRemove={() => actions.remove(step.key)}
          />
        ))}
      </Timeline>
      {draft.steps.length === 0 ? <JourneyEmptyState canAdd={canAdd} onAdd={actions.add} /> : null}
      <AddStepRow
        canAdd={canAdd}
        planName={planName}
        stepLimit={journey.stepLimit}
        followUps={draft.steps.length}
        onAdd={() => actions.add()}
      />
      <div className="mt-8 space-y-3 border-t border-slate-200 pt-5">
        {errors.general ? <Alert>{errors.general}</Alert> : null}
        {Object.keys(errors.steps).length > 0 ? (
          <Alert>{JOURNEY_SAVE_MESSAGES.fixErrors}</Alert>
        ) : null}
        {saveError ? <Alert>{saveError}</Alert> : null}
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={saving || !isDirty}>
            {saving ? 'Saving…' : 'Save journey'}
          </Button>
          <span role="status" className="text-sm text-slate-600">
            {saving ? '' : isDirty ? 'Unsaved changes' : 'All changes saved'}
          </span>
        </div>
      </div>
    </form>
  );
}
