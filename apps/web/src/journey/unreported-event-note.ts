// Which steps some of the seller's marketplaces can never fire: the server says which order events
// each connected marketplace reports (Journey.marketplaces), so no marketplace is named here.
import { type Journey, type Shop, unreportedEventMessage } from '@thankly/api-contract';
import type { StepDraft } from './journey-draft.ts';

/**
 * The note for the step at `index` when it waits, itself or through the steps before it, on an
 * event some of the marketplaces its orders come from never report; null when all of them do.
 */
export function unreportedEventNote(
  steps: readonly StepDraft[],
  index: number,
  marketplaces: Journey['marketplaces'],
  shops: readonly Shop[],
): string | null {
  const step = steps[index];
  if (!step) return null;
  // A first step "after the previous step" follows the thank-you: it counts from payment.
  let from = index;
  while (from >= 0 && steps[from]?.trigger === 'after-previous') from -= 1;
  const event = from >= 0 ? steps[from]?.trigger : 'paid';
  if (!event || event === 'paid' || event === 'after-previous') return null;
  // A step for one shop is noted once that shop is known (a shop no longer there has no orders).
  const onlyFrom = step.shopId ? shops.find((s) => s.id === step.shopId)?.marketplace : undefined;
  if (step.shopId && !onlyFrom) return null;
  const names = marketplaces
    .filter((m) => (!onlyFrom || m.marketplace === onlyFrom) && !m.orderEvents.includes(event))
    .map((m) => m.name);
  if (names.length === 0) return null;
  return unreportedEventMessage(names, event, step.trigger === 'after-previous');
}
