// What most shops add, each one click away and each with written emails in the seller's brand. The
// list stays after a suggestion is added: one already in the journey says so, and can be added again.
import {
  JOURNEY_SUGGESTIONS,
  type Journey,
  type JourneySuggestion,
  suggestedTiming,
} from '@thankly/api-contract';
import { Alert, Badge, Button } from '../components/ui/index.ts';
import { newStep } from './journey-draft.ts';
import { summarizeStep } from './step-summary.ts';

export const SUGGESTION_TEXTS = {
  emptyHeading: 'No follow-ups yet',
  emptyLead:
    'Buyers get your thank-you and nothing after it. Shops often add these, each with its emails written and ready to edit:',
  heading: 'Suggestions',
  lead: 'Each comes with its emails written in your brand, ready to edit.',
  inUse: 'Already in your journey',
  adding: 'Adding…',
  noRoom: (steps: number) =>
    `This adds ${steps} steps, more than your journey has room for. Remove a step to add it.`,
} as const;

/** When a suggested step goes for this seller, as the step's own line will say it. */
function timingLine(
  step: JourneySuggestion['steps'][number],
  marketplaces: Journey['marketplaces'],
): string {
  const { trigger, delay } = suggestedTiming(step, marketplaces);
  return summarizeStep({
    ...EXAMPLE_STEP,
    trigger,
    delayAmount: String(delay.amount),
    delayUnit: delay.unit,
  });
}

const EXAMPLE_STEP = newStep();

function SuggestionRow({
  suggestion,
  marketplaces,
  inUse,
  fits,
  adding,
  busy,
  onAdd,
}: {
  suggestion: JourneySuggestion;
  marketplaces: Journey['marketplaces'];
  inUse: boolean;
  fits: boolean;
  adding: boolean;
  busy: boolean;
  onAdd: () => void;
}) {
  const noRoomId = `suggestion-${suggestion.id}-no-room`;
  const showNoRoom = !fits && suggestion.steps.length > 1;
  return (
    <li className="rounded-lg bg-slate-50 px-3 py-3" data-testid={`suggestion-${suggestion.id}`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1 basis-48">
          <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900">
            {suggestion.name}
            {inUse ? <Badge tone="green">{SUGGESTION_TEXTS.inUse}</Badge> : null}
          </p>
          <p className="mt-0.5 text-xs text-slate-600">{suggestion.description}</p>
        </div>
        <Button
          variant="secondary"
          size="sm"
          disabled={!fits || busy}
          aria-describedby={showNoRoom ? noRoomId : undefined}
          aria-label={
            adding
              ? `Adding "${suggestion.name}"`
              : inUse
                ? `Add again "${suggestion.name}"`
                : `Add "${suggestion.name}"`
          }
          onClick={onAdd}
        >
          {adding ? SUGGESTION_TEXTS.adding : inUse ? 'Add again' : 'Add'}
        </Button>
      </div>
      <ul className="mt-2 space-y-1">
        {suggestion.steps.map((step) => (
          <li key={step.name} className="text-xs text-slate-700">
            <span className="font-medium text-slate-900">{step.name}</span>
            {' · '}
            {timingLine(step, marketplaces)}
          </li>
        ))}
      </ul>
      {showNoRoom ? (
        <p id={noRoomId} className="mt-2 text-xs text-slate-600">
          {SUGGESTION_TEXTS.noRoom(suggestion.steps.length)}
        </p>
      ) : null}
    </li>
  );
}

export function JourneySuggestions({
  isEmpty,
  marketplaces,
  inUse,
  fits,
  adding,
  error,
  onAdd,
}: {
  /** No follow-ups yet: the list is the page's invitation to start. */
  isEmpty: boolean;
  /** The seller's marketplaces and the order events each reports. */
  marketplaces: Journey['marketplaces'];
  inUse: (suggestion: JourneySuggestion) => boolean;
  /** Whether the suggestion's steps fit the plan and the journey. */
  fits: (suggestion: JourneySuggestion) => boolean;
  /** The id of the suggestion being added; null when none is. */
  adding: string | null;
  error: string | null;
  onAdd: (suggestion: JourneySuggestion) => void;
}) {
  return (
    <section
      aria-labelledby="journey-suggestions-heading"
      className={`mt-6 ml-11 rounded-2xl bg-white p-5 sm:ml-14 sm:p-6 ${
        isEmpty ? 'border border-dashed border-slate-300' : 'border border-slate-200'
      }`}
    >
      <h3 id="journey-suggestions-heading" className="text-base font-semibold text-slate-900">
        {isEmpty ? SUGGESTION_TEXTS.emptyHeading : SUGGESTION_TEXTS.heading}
      </h3>
      <p className="mt-1 text-sm text-slate-600">
        {isEmpty ? SUGGESTION_TEXTS.emptyLead : SUGGESTION_TEXTS.lead}
      </p>
      {error ? (
        <div className="mt-4">
          <Alert>{error}</Alert>
        </div>
      ) : null}
      <ul className="mt-4 space-y-3">
        {JOURNEY_SUGGESTIONS.map((suggestion) => (
          <SuggestionRow
            key={suggestion.id}
            suggestion={suggestion}
            marketplaces={marketplaces}
            inUse={inUse(suggestion)}
            fits={fits(suggestion)}
            adding={adding === suggestion.id}
            busy={adding !== null}
            onAdd={() => onAdd(suggestion)}
          />
        ))}
      </ul>
    </section>
  );
}
