// The journey as the seller is editing it: every field as its control holds it (numbers as the
// text typed), each step with a key of its own so a card keeps its identity when it moves. Pure
// functions turn a saved journey into a draft, change it, and turn it back into the PUT body.
import { JOURNEY_LIMITS, followUpsAllowed, suggestedTiming } from '@thankly/api-contract';
import type {
  BuyerCondition,
  DelayUnit,
  Journey,
  JourneyInput,
  JourneyStep,
  JourneyStepKind,
  JourneySuggestion,
  JourneyTrigger,
} from '@thankly/api-contract';

export interface SendWindowDraft {
  enabled: boolean;
  startHour: number;
  endHour: number;
}

export interface StepDraft {
  /** Stable while the seller edits: the step's id once saved, a local one before. */
  key: string;
  /** Only a step kept from before has one, so its scheduled emails stay scheduled. */
  id?: string;
  name: string;
  kind: JourneyStepKind;
  /** '' until one is chosen. */
  templateId: string;
  trigger: JourneyTrigger;
  delayAmount: string;
  delayUnit: DelayUnit;
  buyer: BuyerCondition;
  /** '' for no minimum. */
  minTotal: string;
  productContains: string;
  /** '' for every shop. */
  shopId: string;
  sendWindow: SendWindowDraft;
}

export interface JourneyDraft {
  timeZone: string;
  steps: StepDraft[];
}

/** A window a seller turning it on most likely wants: waking hours. */
export const DEFAULT_SEND_WINDOW: SendWindowDraft = { enabled: false, startHour: 9, endHour: 20 };

let localKeys = 0;
function newKey(): string {
  localKeys += 1;
  return `new-step-${localKeys}`;
}

function draftFromStep(step: JourneyStep): StepDraft {
  return {
    key: step.id,
    id: step.id,
    name: step.name,
    kind: step.kind,
    // Null once its template was deleted: the seller chooses another before saving.
    templateId: step.templateId ?? '',
    trigger: step.trigger,
    delayAmount: String(step.delay.amount),
    delayUnit: step.delay.unit,
    buyer: step.conditions.buyer,
    minTotal: step.conditions.minTotal === null ? '' : String(step.conditions.minTotal),
    productContains: step.conditions.productContains ?? '',
    shopId: step.conditions.shopId ?? '',
    sendWindow: step.sendWindow
      ? { enabled: true, startHour: step.sendWindow.startHour, endHour: step.sendWindow.endHour }
      : DEFAULT_SEND_WINDOW,
  };
}

/**
 * The saved journey as a draft. A journey never saved with a zone of its own comes with the
 * seller's time zone (Account), so a new journey starts on the seller's one clock.
 */
export function draftFromJourney(journey: Journey): JourneyDraft {
  return {
    timeZone: journey.timeZone,
    steps: journey.steps.map(draftFromStep),
  };
}

/** The steps a suggestion adds, each sending the template made for it (in the same order). */
export function stepsFromSuggestion(
  suggestion: JourneySuggestion,
  templateIds: readonly string[],
  marketplaces: Journey['marketplaces'],
): StepDraft[] {
  return suggestion.steps.map((step, i) => {
    const { trigger, delay } = suggestedTiming(step, marketplaces);
    return newStep({
      name: step.name,
      kind: step.kind,
      trigger,
      delayAmount: String(delay.amount),
      delayUnit: delay.unit,
      templateId: templateIds[i] ?? '',
    });
  });
}

/** Whether the journey already holds a suggestion's steps (by their names). */
export function isSuggestionInUse(draft: JourneyDraft, suggestion: JourneySuggestion): boolean {
  const names = new Set(draft.steps.map((s) => s.name.trim()));
  return suggestion.steps.every((step) => names.has(step.name));
}

export function newStep(preset: Partial<StepDraft> = {}): StepDraft {
  return {
    key: newKey(),
    name: '',
    kind: 'follow-up',
    templateId: '',
    trigger: 'shipped',
    delayAmount: '0',
    delayUnit: 'hours',
    buyer: 'any',
    minTotal: '',
    productContains: '',
    shopId: '',
    sendWindow: DEFAULT_SEND_WINDOW,
    ...preset,
  };
}

export function updateStep(draft: JourneyDraft, key: string, patch: Partial<StepDraft>) {
  return { ...draft, steps: draft.steps.map((s) => (s.key === key ? { ...s, ...patch } : s)) };
}

export function removeStep(draft: JourneyDraft, key: string): JourneyDraft {
  return { ...draft, steps: draft.steps.filter((s) => s.key !== key) };
}

/** Swaps the step with its neighbour above (-1) or below (+1); at an end, nothing changes. */
export function moveStep(draft: JourneyDraft, key: string, by: -1 | 1): JourneyDraft {
  const from = draft.steps.findIndex((s) => s.key === key);
  const to = from + by;
  if (from < 0 || to < 0 || to >= draft.steps.length) return draft;
  const steps = [...draft.steps];
  [steps[from], steps[to]] = [steps[to]!, steps[from]!];
  return { ...draft, steps };
}

/** A number field as typed: blank or not a number stays NaN, which the schema refuses in words. */
function numberFrom(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text);
}

/** The PUT /journey body; checked with journeyInputSchema before it goes. */
export function journeyInput(draft: JourneyDraft): JourneyInput {
  return {
    timeZone: draft.timeZone,
    steps: draft.steps.map((step) => ({
      ...(step.id ? { id: step.id } : {}),
      name: step.name,
      kind: step.kind,
      templateId: step.templateId,
      trigger: step.trigger,
      delay: { amount: numberFrom(step.delayAmount), unit: step.delayUnit },
      conditions: {
        buyer: step.buyer,
        minTotal: step.minTotal.trim() === '' ? null : numberFrom(step.minTotal),
        productContains: step.productContains.trim() || null,
        shopId: step.shopId || null,
      },
      sendWindow: step.sendWindow.enabled
        ? { startHour: step.sendWindow.startHour, endHour: step.sendWindow.endHour }
        : null,
    })),
  };
}

/** Whether the draft would save anything different from `saved`. */
export function isJourneyChanged(draft: JourneyDraft, saved: JourneyDraft): boolean {
  return JSON.stringify(journeyInput(draft)) !== JSON.stringify(journeyInput(saved));
}

/**
 * Whether one more follow-up fits: the plan's emails per order count the thank-you (-1: no limit),
 * and the journey's own cap applies to every plan.
 */
export function canAddStep(stepLimit: number, followUps: number, adding = 1): boolean {
  return followUps + adding <= Math.min(JOURNEY_LIMITS.maxFollowUps, followUpsAllowed(stepLimit));
}
