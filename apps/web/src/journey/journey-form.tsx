// The journey as one form: the timeline of steps and adding one; beside it (below on phones) the
// journey's clock and Save, kept in view while the seller scrolls a long journey.
import type { Journey, Shop, TemplateSummary } from '@thankly/api-contract';
import { Timeline } from '../components/ui/index.ts';
import { AddStepRow } from './add-step-row.tsx';
import { canAddStep, isSuggestionInUse } from './journey-draft.ts';
import { JourneySuggestions } from './journey-suggestions.tsx';
import { JourneySavePanel } from './journey-save-panel.tsx';
import { StepCard } from './step-card.tsx';
import { ThankYouStep } from './thank-you-step.tsx';
import { unreportedEventNote } from './unreported-event-note.ts';
import { useFocusAfterMove } from './use-focus-after-move.ts';
import { useJourneyEditor } from './use-journey-editor.ts';
import { usePlanName } from './use-plan-name.ts';

export interface JourneyFormProps {
  journey: Journey;
  templates: TemplateSummary[];
  shops: Shop[];
}

export function JourneyForm({ journey, templates, shops }: JourneyFormProps) {
  const {
    draft,
    errors,
    saveError,
    actions,
    formRef,
    submit,
    isDirty,
    saving,
    savedJourney,
    addingSuggestion,
    suggestionError,
  } = useJourneyEditor(journey);
  const canAdd = canAddStep(journey.stepLimit, draft.steps.length);
  const planName = usePlanName();
  const move = useFocusAfterMove(actions.move);
  const savedSteps = new Map(savedJourney.steps.map((s) => [s.id, s]));
  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={submit}
      className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_18rem] lg:items-start"
    >
      <section aria-labelledby="journey-steps-heading" className="min-w-0">
        <h2 id="journey-steps-heading" className="text-lg font-semibold text-slate-900">
          Emails of each order
        </h2>
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
              unreportedNote={unreportedEventNote(draft.steps, index, journey.marketplaces, shops)}
              onChange={(patch) => actions.change(step.key, patch)}
              onMove={(by) => move(step.key, by)}
              onRemove={() => actions.remove(step.key)}
            />
          ))}
        </Timeline>
        <JourneySuggestions
          isEmpty={draft.steps.length === 0}
          marketplaces={journey.marketplaces}
          inUse={(suggestion) => isSuggestionInUse(draft, suggestion)}
          fits={(suggestion) =>
            canAddStep(journey.stepLimit, draft.steps.length, suggestion.steps.length)
          }
          adding={addingSuggestion}
          error={suggestionError}
          onAdd={actions.addSuggestion}
        />
        <AddStepRow
          canAdd={canAdd}
          planName={planName}
          stepLimit={journey.stepLimit}
          followUps={draft.steps.length}
          onAdd={() => actions.add()}
        />
      </section>
      <JourneySavePanel
        timeZone={draft.timeZone}
        onTimeZoneChange={actions.setTimeZone}
        errors={errors}
        saveError={saveError}
        isDirty={isDirty}
        saving={saving}
      />
    </form>
  );
}
