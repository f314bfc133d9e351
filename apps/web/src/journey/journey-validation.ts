// The draft checked with the contract's own schema before it is sent, so the seller reads the same
// words the server would answer with, each beside the field it is about.
import { journeyInputSchema, type JourneyInput } from '@thankly/api-contract';
import { journeyInput, type JourneyDraft } from './journey-draft.ts';

/** The fields of a step that can be refused, as the cards show them. */
export type StepField =
  'name' | 'templateId' | 'delay' | 'minTotal' | 'productContains' | 'sendWindow';

export interface JourneyErrors {
  timeZone?: string;
  /** A refusal no field shows (the number of steps): said above Save. */
  general?: string;
  /** By step key. */
  steps: Record<string, Partial<Record<StepField, string>>>;
}

export const NO_ERRORS: JourneyErrors = { steps: {} };

export function hasErrors(errors: JourneyErrors): boolean {
  return (
    Boolean(errors.timeZone) || Boolean(errors.general) || Object.keys(errors.steps).length > 0
  );
}

/** ['steps', 2, 'conditions', 'minTotal'] -> 'minTotal'; ['steps', 0, 'delay', 'amount'] -> 'delay'. */
function stepFieldOf(path: readonly PropertyKey[]): StepField | null {
  const [first, second] = path.slice(2);
  if (first === 'conditions') {
    return second === 'minTotal' || second === 'productContains' ? second : null;
  }
  if (first === 'name' || first === 'templateId' || first === 'delay' || first === 'sendWindow')
    return first;
  return null;
}

/** The PUT body when the draft is valid; otherwise each refused field with the schema's message. */
export function validateJourney(
  draft: JourneyDraft,
): { ok: true; input: JourneyInput } | { ok: false; errors: JourneyErrors } {
  const input = journeyInput(draft);
  const parsed = journeyInputSchema.safeParse(input);
  if (parsed.success) return { ok: true, input };
  const errors: JourneyErrors = { steps: {} };
  for (const issue of parsed.error.issues) {
    if (issue.path[0] === 'timeZone') {
      errors.timeZone ??= issue.message;
      continue;
    }
    const index = issue.path[1];
    const step = typeof index === 'number' ? draft.steps[index] : undefined;
    const field = stepFieldOf(issue.path);
    if (!step || !field) {
      errors.general ??= issue.message;
      continue;
    }
    const own = (errors.steps[step.key] ??= {});
    own[field] ??= issue.message;
  }
  return { ok: false, errors };
}

/** A field's message goes once the seller edits that field. */
export function clearStepErrors(
  errors: JourneyErrors,
  key: string,
  fields: readonly StepField[],
): JourneyErrors {
  const own = errors.steps[key];
  if (!own) return errors;
  const rest = { ...own };
  for (const field of fields) delete rest[field];
  const steps = { ...errors.steps };
  if (Object.keys(rest).length === 0) delete steps[key];
  else steps[key] = rest;
  return { ...errors, steps };
}
