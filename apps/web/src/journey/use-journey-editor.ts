// The journey editor's state: the draft the seller is editing, what is saved, the fields' messages,
// and Save, which checks the draft with the contract's schema first. A failed save keeps the draft
// as it is: nothing the seller typed is lost.
import { useState, type FormEvent } from 'react';
import type { Journey, JourneySuggestion } from '@thankly/api-contract';
import { messageFor } from '../lib/api.ts';
import { toast } from '../lib/toast.ts';
import { useFocusFirstInvalid } from '../lib/use-focus-first-invalid.ts';
import { useLeaveGuard } from '../editor/form/use-leave-guard.ts';
import {
  draftFromJourney,
  isJourneyChanged,
  moveStep,
  newStep,
  removeStep,
  stepsFromSuggestion,
  updateStep,
  type JourneyDraft,
  type StepDraft,
} from './journey-draft.ts';
import { useAddSuggestion, useSaveJourney } from './journey-queries.ts';
import {
  NO_ERRORS,
  clearStepErrors,
  validateJourney,
  type JourneyErrors,
  type StepField,
} from './journey-validation.ts';

export const JOURNEY_SAVE_MESSAGES = {
  saved: 'Journey saved.',
  saveFailed: 'Could not save your journey. Your changes are still here - try again.',
  fixErrors: 'Some steps need a fix before the journey can be saved.',
  addFailed: (name: string) => `Could not add “${name}”. Your journey is as it was - try again.`,
  added: (name: string) => `Added “${name}” with its emails.`,
} as const;

const SAVE_TOAST_KEY = 'save-journey';
const FIELDS_OF: Partial<Record<keyof StepDraft, StepField>> = {
  name: 'name',
  templateId: 'templateId',
  delayAmount: 'delay',
  delayUnit: 'delay',
  minTotal: 'minTotal',
  productContains: 'productContains',
  sendWindow: 'sendWindow',
};

export function useJourneyEditor(journey: Journey) {
  const save = useSaveJourney();
  const addSuggestion = useAddSuggestion();
  /** Why the last suggestion could not be added, shown beside the suggestions until the next. */
  const [suggestionError, setSuggestionError] = useState<string | null>(null);
  const [saved, setSaved] = useState<JourneyDraft>(() => draftFromJourney(journey));
  const [draft, setDraft] = useState<JourneyDraft>(saved);
  const [errors, setErrors] = useState<JourneyErrors>(NO_ERRORS);
  /** The server's refusal of the last Save, shown above Save until the next one. */
  const [saveError, setSaveError] = useState<string | null>(null);
  const [formRef, focusFirstInvalid] = useFocusFirstInvalid<HTMLFormElement>();
  const isDirty = isJourneyChanged(draft, saved);
  useLeaveGuard(isDirty && !save.isPending);

  function change(key: string, patch: Partial<StepDraft>) {
    setDraft((d) => updateStep(d, key, patch));
    const fields = Object.keys(patch).flatMap((f) => FIELDS_OF[f as keyof StepDraft] ?? []);
    setErrors((e) => ({ ...clearStepErrors(e, key, fields), general: undefined }));
  }

  const actions = {
    change,
    setTimeZone: (timeZone: string) => {
      setDraft((d) => ({ ...d, timeZone }));
      setErrors((e) => ({ ...e, timeZone: undefined }));
    },
    add: () => setDraft((d) => ({ ...d, steps: [...d.steps, newStep()] })),
    /** Makes the suggestion's templates, then adds its steps sending them (not saved yet). */
    addSuggestion: (suggestion: JourneySuggestion) => {
      setSuggestionError(null);
      addSuggestion.mutate(suggestion, {
        onSuccess: (templateIds) => {
          setDraft((d) => ({
            ...d,
            steps: [
              ...d.steps,
              ...stepsFromSuggestion(suggestion, templateIds, journey.marketplaces),
            ],
          }));
          toast.success(JOURNEY_SAVE_MESSAGES.added(suggestion.name));
        },
        onError: () => setSuggestionError(JOURNEY_SAVE_MESSAGES.addFailed(suggestion.name)),
      });
    },
    move: (key: string, by: -1 | 1) => setDraft((d) => moveStep(d, key, by)),
    remove: (key: string) => {
      setDraft((d) => removeStep(d, key));
      setErrors((e) => clearStepErrors(e, key, Object.values(FIELDS_OF)));
    },
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = validateJourney(draft);
    if (!checked.ok) {
      setErrors(checked.errors);
      focusFirstInvalid();
      return;
    }
    setErrors(NO_ERRORS);
    setSaveError(null);
    save.mutate(checked.input, {
      onSuccess: (reply) => {
        const next = draftFromJourney(reply);
        setSaved(next);
        setDraft(next);
        toast.success(JOURNEY_SAVE_MESSAGES.saved, { key: SAVE_TOAST_KEY });
      },
      onError: (error) => setSaveError(messageFor(error, JOURNEY_SAVE_MESSAGES.saveFailed)),
    });
  }

  return {
    draft,
    errors,
    saveError,
    formRef,
    actions,
    submit,
    isDirty,
    saving: save.isPending,
    /** The suggestion whose templates are being made; null when none is. */
    addingSuggestion: addSuggestion.isPending ? (addSuggestion.variables?.id ?? null) : null,
    suggestionError,
    /** The last reply: incentiveWarning of the steps as saved. */
    savedJourney: save.data ?? journey,
  };
}
