import { followUpsAllowed } from '@thankly/api-contract';
import type { journeySteps } from '../db/schema.ts';
import type { MarketplaceOrder } from '../marketplace/marketplace-order.ts';
import { nextInSendWindow } from './send-window.ts';

export type JourneyStepRow = typeof journeySteps.$inferSelect;

/** When one follow-up of an order is due, and when the order event it waits on happened. */
export interface StepTime {
  step: JourneyStepRow;
  dueAt: Date;
  eventAt: Date;
}

/** An order's moment a step counts from: when it happened, and the time the clock starts. */
interface Anchor {
  eventAt: Date;
  from: Date;
}

/**
 * The follow-ups of one order whose moment is known, with their due times, for the steps the
 * seller's plan includes (`journeySteps` counts the thank-you too).
 *
 * A step counts its delay from its trigger: payment, shipping or delivery as the order says, or
 * the previous step's own due time (the thank-you's is payment), whether or not that step was
 * sent; the due time then moves into the step's send window. A step waiting on an event the order
 * has not reached yet (not shipped) is left out, and so are the steps chained after it: the order
 * is scheduled again when it changes.
 *
 * A step only applies to orders whose event came after the step was added: adding a "thanks for
 * your review" step must not email every past buyer at once. Steps limited to another shop are
 * left out but still time the steps after them.
 */
export function followUpTimes(args: {
  steps: readonly JourneyStepRow[];
  order: MarketplaceOrder;
  paidAt: Date;
  shopId: string;
  timeZone: string;
  journeySteps: number;
}): StepTime[] {
  const { order, paidAt, shopId, timeZone } = args;
  const included = args.steps.slice(0, followUpsAllowed(args.journeySteps));
  const times: StepTime[] = [];
  let previous: Anchor | null = { eventAt: paidAt, from: paidAt };
  for (const step of included) {
    const anchor = anchorOf(step, order, paidAt, previous);
    if (!anchor) {
      previous = null;
      continue;
    }
    const dueAt = nextInSendWindow(
      new Date(anchor.from.getTime() + step.delayMinutes * 60_000),
      step.sendWindow,
      timeZone,
    );
    previous = { eventAt: anchor.eventAt, from: dueAt };
    const forThisShop = step.conditions.shopId === null || step.conditions.shopId === shopId;
    if (forThisShop && anchor.eventAt >= step.createdAt)
      times.push({ step, dueAt, eventAt: anchor.eventAt });
  }
  return times;
}

function anchorOf(
  step: JourneyStepRow,
  order: MarketplaceOrder,
  paidAt: Date,
  previous: Anchor | null,
): Anchor | null {
  const at = (iso: string | null | undefined): Anchor | null =>
    iso ? { eventAt: new Date(iso), from: new Date(iso) } : null;
  switch (step.trigger) {
    case 'paid':
      return { eventAt: paidAt, from: paidAt };
    case 'shipped':
      return at(order.shippedAt);
    case 'delivered':
      return at(order.deliveredAt);
    case 'after-previous':
      return previous;
  }
}
