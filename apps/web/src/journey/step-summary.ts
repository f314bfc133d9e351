// One line that says when a step goes out and to whom, as a seller would say it:
// "5 days after delivery, 09:00–20:00, returning buyers only".
import { type JourneyTrigger, ORDER_EVENT_FACTS } from '@thankly/api-contract/catalog';
import type { SendWindowDraft, StepDraft } from './journey-draft.ts';

/** "after delivery" once a delay has passed; "on delivery" with none. */
const AFTER = (trigger: JourneyTrigger): string =>
  trigger === 'after-previous' ? 'after the previous email' : ORDER_EVENT_FACTS[trigger].after;
const AT = (trigger: JourneyTrigger): string =>
  trigger === 'after-previous' ? 'after the previous email' : ORDER_EVENT_FACTS[trigger].at;

/** 9 -> "09:00"; the end of the day is 24:00. */
export function formatHour(hour: number): string {
  return `${String(hour).padStart(2, '0')}:00`;
}

export function formatWindow(window: SendWindowDraft): string {
  return `${formatHour(window.startHour)}–${formatHour(window.endHour)}`;
}

/** "Right away" for 0, "1 day", "36 hours"; null while the field holds no whole number. */
export function formatDelay(amount: string, unit: 'hours' | 'days'): string | null {
  const n = Number(amount);
  if (amount.trim() === '' || !Number.isInteger(n) || n < 0) return null;
  if (n === 0) return 'Right away';
  const word = unit === 'days' ? 'day' : 'hour';
  return `${n} ${n === 1 ? word : `${word}s`}`;
}

function timing(step: StepDraft): string {
  const delay = formatDelay(step.delayAmount, step.delayUnit);
  if (delay === 'Right away') return `Right away ${AT(step.trigger)}`;
  return delay ? `${delay} ${AFTER(step.trigger)}` : `Some time ${AFTER(step.trigger)}`;
}

function audience(step: StepDraft, shopName: string | undefined): string[] {
  const parts: string[] = [];
  if (step.buyer === 'first') parts.push('first orders only');
  if (step.buyer === 'returning') parts.push('returning buyers only');
  const min = Number(step.minTotal);
  if (step.minTotal.trim() !== '' && Number.isFinite(min) && min > 0)
    parts.push(`orders of ${min} or more`);
  const product = step.productContains.trim();
  if (product) parts.push(`products with “${product}”`);
  if (shopName) parts.push(`${shopName} only`);
  return parts;
}

export function summarizeStep(step: StepDraft, shopName?: string): string {
  return [
    timing(step),
    ...(step.sendWindow.enabled ? [formatWindow(step.sendWindow)] : []),
    ...audience(step, shopName),
  ].join(', ');
}
