import { ORDER_EVENT_FACTS, type OrderEvent, followUpsAllowed } from '@thankly/api-contract';
import type { journeySteps } from '../infrastructure/db/schema.ts';
import type { MarketplaceOrder } from './marketplace-order.ts';
import { JOURNEY_SKIP_REASONS } from './journey-skip-reasons.ts';
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

/** A follow-up of an order that will not be sent, recorded as skipped with why. */
export interface StepSkip {
  step: JourneyStepRow;
  reason: string;
  eventAt: Date;
}

/** The order's marketplace, as far as the journey needs it: which events it ever reports. */
export interface OrderMarketplace {
  name: string;
  orderEvents: readonly OrderEvent[];
}

type ReportableEvent = Exclude<OrderEvent, 'paid'>;

/**
 * The follow-ups of one order whose moment is known, with their due times, and the follow-ups it
 * is clear now will not be sent, each with its reason: every step leaves a record the seller sees.
 *
 * A step counts its delay from its trigger: payment, shipping or delivery as the order says, or
 * the previous step's own due time (the thank-you's is payment), whether or not that step was
 * sent; the due time then moves into the step's send window. A step waiting on an event the order
 * has not reached yet (not shipped) is left out, and so are the steps chained after it: the order
 * is scheduled again when it changes. A step waiting on an event the order's marketplace never
 * reports (Etsy says nothing of delivery), and the steps chained after it, are skipped saying so.
 * A step beyond what the seller's plan includes (`journeySteps` counts the thank-you too; only a
 * downgrade leaves such steps) is skipped naming the plan once its moment comes: as a pause does,
 * an upgrade later does not bring back an email whose moment came on the smaller plan.
 *
 * A step only applies to orders whose event came after the step was added: adding a "thanks for
 * your review" step must not email every past buyer at once. For a step that is never reached,
 * the order's latest event counts. Steps limited to another shop are left out but still time the
 * steps after them.
 */
export function followUpPlan(args: {
  steps: readonly JourneyStepRow[];
  order: MarketplaceOrder;
  paidAt: Date;
  shopId: string;
  timeZone: string;
  plan: { name: string; journeySteps: number };
  marketplace: OrderMarketplace;
}): { times: StepTime[]; skips: StepSkip[] } {
  const { order, paidAt, shopId, timeZone, plan, marketplace } = args;
  const allowed = followUpsAllowed(plan.journeySteps);
  const latestEvent = new Date(
    Math.max(paidAt.getTime(), ...[order.shippedAt, order.deliveredAt].map(timeOf)),
  );
  const times: StepTime[] = [];
  const skips: StepSkip[] = [];
  let previous: Anchor | null = { eventAt: paidAt, from: paidAt };
  let unreported: ReportableEvent | null = null;
  for (const [index, step] of args.steps.entries()) {
    const forThisShop = step.conditions.shopId === null || step.conditions.shopId === shopId;
    if (step.trigger !== 'after-previous')
      unreported =
        step.trigger !== 'paid' && !marketplace.orderEvents.includes(step.trigger)
          ? step.trigger
          : null;
    if (unreported) {
      previous = null;
      if (forThisShop && latestEvent >= step.createdAt) {
        const follows = step.trigger === 'after-previous';
        const reason = JOURNEY_SKIP_REASONS.unreportedEvent(
          [marketplace.name],
          unreported,
          follows,
        );
        skips.push({ step, reason, eventAt: latestEvent });
      }
      continue;
    }
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
    if (!forThisShop || anchor.eventAt < step.createdAt) continue;
    if (index < allowed) times.push({ step, dueAt, eventAt: anchor.eventAt });
    else
      skips.push({
        step,
        reason: JOURNEY_SKIP_REASONS.planLimit(plan.name, plan.journeySteps),
        eventAt: anchor.eventAt,
      });
  }
  return { times, skips };
}

const timeOf = (iso: string | null | undefined): number => (iso ? Date.parse(iso) : -Infinity);

function anchorOf(
  step: JourneyStepRow,
  order: MarketplaceOrder,
  paidAt: Date,
  previous: Anchor | null,
): Anchor | null {
  const at = (iso: string | null | undefined): Anchor | null =>
    iso ? { eventAt: new Date(iso), from: new Date(iso) } : null;
  if (step.trigger === 'after-previous') return previous;
  const { orderField } = ORDER_EVENT_FACTS[step.trigger];
  return orderField ? at(order[orderField]) : { eventAt: paidAt, from: paidAt };
}
