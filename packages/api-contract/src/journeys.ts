import type { ReviewIncentive } from '@thankly/email';
// Post-purchase journeys: the thank-you email at payment, then follow-up steps the seller adds (on
// its way, a review request, a come-back coupon), each sent once per order when its moment comes.
import { z } from 'zod';
import { MARKETPLACES } from './marketplaces.ts';
import {
  JOURNEY_TRIGGERS,
  ORDER_EVENTS,
  ORDER_EVENT_FACTS,
  type JourneyTrigger,
  type OrderEvent,
  TRIGGER_LABELS,
  previousOrderEvent,
} from './order-events.ts';
import { UNLIMITED } from './plan-catalog.ts';

export * from './order-events.ts';

/** A review request is held to the marketplaces' rule: no incentive for a review. */
export const JOURNEY_STEP_KINDS = ['follow-up', 'review-request'] as const;
export type JourneyStepKind = (typeof JOURNEY_STEP_KINDS)[number];

export const BUYER_CONDITIONS = ['any', 'first', 'returning'] as const;
export type BuyerCondition = (typeof BUYER_CONDITIONS)[number];

export const DELAY_UNITS = ['hours', 'days'] as const;
export type DelayUnit = (typeof DELAY_UNITS)[number];

/** The key of the thank-you step on each order's emails; follow-up steps use their own id. */
export const THANK_YOU_STEP = 'thank-you';

export const JOURNEY_LIMITS = {
  /** Follow-up steps a journey may hold, whatever the plan (a bound on work per order). */
  maxFollowUps: 10,
  maxDelayDays: 365,
  nameMax: 60,
  productContainsMax: 100,
  maxMinTotal: 1_000_000,
} as const;

export const JOURNEY_MESSAGES = {
  name: 'Give the step a name.',
  template: 'Choose one of your templates for each step.',
  delay: `A delay is a whole number of hours or days, up to ${JOURNEY_LIMITS.maxDelayDays} days.`,
  window: 'The send window must end after it starts.',
  timeZone: 'Choose a time zone from the list.',
  minTotal: 'The order total must be a positive amount.',
  notScheduled: 'This email is no longer scheduled.',
  emailNotFound: 'Email not found.',
  tooManySteps: `A journey holds up to ${JOURNEY_LIMITS.maxFollowUps} follow-up emails.`,
  planLimit: (planName: string, journeySteps: number) =>
    `Your ${planName} plan sends ${emailsPerOrder(journeySteps)} per order, the thank-you included - upgrade your plan to add more steps.`,
} as const;

/**
 * How many follow-up steps a plan's emails per order leave room for: the thank-you is always the
 * first of them (Infinity where the plan has no limit).
 */
export function followUpsAllowed(journeySteps: number): number {
  return journeySteps === UNLIMITED ? Infinity : journeySteps - 1;
}

/** "1 email", "up to 3 emails": a plan's journey in words. */
export function emailsPerOrder(journeySteps: number): string {
  return journeySteps === 1 ? '1 email' : `up to ${journeySteps} emails`;
}

/** "Etsy", "Etsy and WooCommerce", "Etsy, Shopify and WooCommerce". */
function listOfNames(names: readonly string[]): string {
  return names.length <= 1
    ? (names[0] ?? '')
    : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** Each event in words, and the trigger to choose instead of it: the one before it. */
function unreportedEvent(event: Exclude<OrderEvent, 'paid'>) {
  const { noun, words } = ORDER_EVENT_FACTS[event].unreported;
  return { noun, words, instead: TRIGGER_LABELS[previousOrderEvent(event) ?? 'paid'] };
}

/**
 * Why a step is never sent for the orders of marketplaces that do not report the event it waits
 * on: the journey editor's note on the step, and the reason recorded on each such order. `follows`:
 * the step itself waits on the step before it, which waits on that event.
 */
export function unreportedEventMessage(
  names: readonly string[],
  event: Exclude<OrderEvent, 'paid'>,
  follows = false,
): string {
  const { noun, words, instead } = unreportedEvent(event);
  const who = listOfNames(names);
  const tell = `${who} ${names.length === 1 ? 'doesn’t' : 'don’t'} tell Thankly when ${words}`;
  const whose = names.length === 1 ? `${who} orders` : 'their orders';
  return follows
    ? `This step comes after one that waits for ${noun}: ${tell}, so neither is sent for ${whose}.`
    : `${tell}, so this step is never sent for ${whose}: choose “${instead}” with a wait instead.`;
}

/** Whether the runtime knows an IANA time zone name (Intl throws RangeError for one it does not). */
export function isKnownTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return name.length > 0 && name.length <= 64;
  } catch {
    return false;
  }
}

const delaySchema = z
  .object({
    amount: z.number({ error: JOURNEY_MESSAGES.delay }).int(JOURNEY_MESSAGES.delay).min(0),
    unit: z.enum(DELAY_UNITS),
  })
  .refine((d) => delayMinutes(d) <= JOURNEY_LIMITS.maxDelayDays * 24 * 60, JOURNEY_MESSAGES.delay);

/** A delay in minutes, as it is stored and scheduled. */
export function delayMinutes(delay: { amount: number; unit: DelayUnit }): number {
  return delay.amount * (delay.unit === 'days' ? 24 * 60 : 60);
}

/** A stored delay in the unit a seller wrote it in: whole days where it is, else hours. */
export function delayFromMinutes(minutes: number): { amount: number; unit: DelayUnit } {
  return minutes > 0 && minutes % (24 * 60) === 0
    ? { amount: minutes / (24 * 60), unit: 'days' }
    : { amount: Math.round(minutes / 60), unit: 'hours' };
}

const conditionsSchema = z.object({
  buyer: z.enum(BUYER_CONDITIONS).default('any'),
  /** In the order's own currency, in whole units (49.90 means 49.90 of whatever it was paid in). */
  minTotal: z
    .number({ error: JOURNEY_MESSAGES.minTotal })
    .positive(JOURNEY_MESSAGES.minTotal)
    .max(JOURNEY_LIMITS.maxMinTotal)
    .nullable()
    .default(null),
  /** Case-insensitive; empty means no condition. */
  productContains: z
    .string()
    .trim()
    .max(JOURNEY_LIMITS.productContainsMax)
    .nullable()
    .default(null)
    .transform((text) => (text ? text : null)),
  /** Only orders of this shop; null: every shop of the seller. */
  shopId: z.uuid().nullable().default(null),
});
export type JourneyConditions = z.output<typeof conditionsSchema>;

/** No mail outside these local hours of the journey's time zone; null: any hour. */
const sendWindowSchema = z
  .object({
    startHour: z.number().int().min(0).max(23),
    endHour: z.number().int().min(1).max(24),
  })
  .refine((w) => w.startHour < w.endHour, JOURNEY_MESSAGES.window)
  .nullable()
  .default(null);
export type SendWindow = z.output<typeof sendWindowSchema>;

export const journeyStepInputSchema = z.object({
  /** A step kept from before keeps its id, so orders already scheduled for it stay scheduled. */
  id: z.uuid().optional(),
  name: z.string().trim().min(1, JOURNEY_MESSAGES.name).max(JOURNEY_LIMITS.nameMax),
  kind: z.enum(JOURNEY_STEP_KINDS).default('follow-up'),
  templateId: z.uuid(JOURNEY_MESSAGES.template),
  trigger: z.enum(JOURNEY_TRIGGERS),
  delay: delaySchema,
  conditions: conditionsSchema.prefault({}),
  sendWindow: sendWindowSchema,
});
export type JourneyStepInput = z.input<typeof journeyStepInputSchema>;

/** PUT /api/journey: the follow-up steps in order (the thank-you step is always first). */
export const journeyInputSchema = z.object({
  timeZone: z.string().refine(isKnownTimeZone, JOURNEY_MESSAGES.timeZone),
  /** A first step "after the previous step" follows the thank-you: it counts from payment. */
  steps: z
    .array(journeyStepInputSchema)
    .max(JOURNEY_LIMITS.maxFollowUps, JOURNEY_MESSAGES.tooManySteps),
});
export type JourneyInput = z.input<typeof journeyInputSchema>;

export const journeyStepSchema = journeyStepInputSchema.extend({
  id: z.uuid(),
  /** Null once the step's template was deleted: the seller must choose another. */
  templateId: z.uuid().nullable(),
  templateName: z.string().nullable(),
  /**
   * A review request whose template rewards the review or asks for a rating: what to change, in
   * words for the seller (reviewIncentiveMessage); null when it asks honestly.
   */
  incentiveWarning: z.string().nullable(),
});
export type JourneyStep = z.output<typeof journeyStepSchema>;

/** GET and PUT /api/journey. */
export const journeySchema = z.object({
  timeZone: z.string(),
  steps: z.array(journeyStepSchema),
  /** Emails per order the plan allows, the thank-you included; -1: unlimited. */
  stepLimit: z.number().int(),
  /** The template the thank-you step sends today (the selected or the dated one); null: none yet. */
  thankYouTemplateName: z.string().nullable(),
  /**
   * The marketplaces of the seller's connected shops, each with the order events it reports: the
   * editor notes a step waiting on an event some of them never report.
   */
  marketplaces: z.array(
    z.object({
      marketplace: z.enum(MARKETPLACES),
      name: z.string(),
      orderEvents: z.array(z.enum(ORDER_EVENTS)),
    }),
  ),
});
export type Journey = z.output<typeof journeySchema>;

/** POST /api/orders/:id/demo-event: the demo shop's stand-in for a marketplace's order events. */
export const DEMO_ORDER_EVENTS = ['shipped', 'delivered', 'refunded'] as const;
export const demoOrderEventSchema = z.object({ event: z.enum(DEMO_ORDER_EVENTS) });
export type DemoOrderEvent = (typeof DEMO_ORDER_EVENTS)[number];

/**
 * Why a review request would break the marketplaces' rules, and how to fix it. Etsy and the others
 * forbid rewarding a review and asking for a particular rating; an honest request is welcome.
 */
export function reviewIncentiveMessage(incentive: ReviewIncentive): string {
  switch (incentive.kind) {
    case 'coupon':
      return 'This review request contains a coupon. Etsy and other marketplaces forbid rewarding a review - remove the coupon from its template.';
    case 'reward':
      return `This review request seems to offer something for a review ("${incentive.phrase}"). Etsy and other marketplaces forbid rewarding a review - ask for an honest review and keep offers for another email.`;
    case 'rating':
      return `This review request asks for a particular rating ("${incentive.phrase}"). Etsy and other marketplaces forbid that - ask for an honest review instead.`;
  }
}

/** One step of a journey suggestion: its moment, and the starter design its email begins as. */
export interface JourneySuggestionStep {
  name: string;
  kind: JourneyStepKind;
  trigger: JourneyTrigger;
  delay: { amount: number; unit: DelayUnit };
  /**
   * For a step waiting on delivery: when it goes instead, counted from shipping, where one of the
   * seller's marketplaces never reports delivery (the step would never be sent for its orders).
   */
  withoutDelivery?: { trigger: 'shipped'; delay: { amount: number; unit: DelayUnit } };
  /** The gallery's starter design (GET /templates/gallery) its template is made from. */
  starterId: string;
}

/** A set of follow-ups most shops add, each with a written email, one click away. */
export interface JourneySuggestion {
  id: string;
  name: string;
  description: string;
  steps: readonly JourneySuggestionStep[];
}

/**
 * The journey page's suggestions. Adding one makes a template from each step's starter design
 * (wearing the seller's brand) and adds the steps with them, ready to save.
 */
export const JOURNEY_SUGGESTIONS: readonly JourneySuggestion[] = [
  {
    id: 'on-its-way',
    name: 'On its way',
    description: 'A tracking link when the order ships, then a check-in once it arrives.',
    steps: [
      {
        name: 'Shipped: tracking',
        kind: 'follow-up',
        trigger: 'shipped',
        delay: { amount: 0, unit: 'hours' },
        starterId: 'shipped',
      },
      {
        name: 'Delivered: check-in',
        kind: 'follow-up',
        trigger: 'delivered',
        delay: { amount: 1, unit: 'days' },
        withoutDelivery: { trigger: 'shipped', delay: { amount: 6, unit: 'days' } },
        starterId: 'delivered',
      },
    ],
  },
  {
    id: 'how-did-we-do',
    name: 'How did we do?',
    description: 'Asks for an honest review on your marketplace, with nothing offered in return.',
    steps: [
      {
        name: 'Review request',
        kind: 'review-request',
        trigger: 'delivered',
        delay: { amount: 5, unit: 'days' },
        withoutDelivery: { trigger: 'shipped', delay: { amount: 10, unit: 'days' } },
        starterId: 'review',
      },
    ],
  },
  {
    id: 'come-back-soon',
    name: 'Come back soon',
    description: 'Your coupon code for a next order, a month after delivery.',
    steps: [
      {
        name: 'Come back soon',
        kind: 'follow-up',
        trigger: 'delivered',
        delay: { amount: 30, unit: 'days' },
        withoutDelivery: { trigger: 'shipped', delay: { amount: 35, unit: 'days' } },
        starterId: 'coupon',
      },
    ],
  },
];

/**
 * A suggested step's moment for this seller: counted from shipping instead of delivery where one
 * of their marketplaces never reports delivery.
 */
export function suggestedTiming(
  step: JourneySuggestionStep,
  marketplaces: Journey['marketplaces'],
): { trigger: JourneyTrigger; delay: { amount: number; unit: DelayUnit } } {
  const unreported = marketplaces.some((m) => !m.orderEvents.includes('delivered'));
  return step.trigger === 'delivered' && step.withoutDelivery && unreported
    ? step.withoutDelivery
    : { trigger: step.trigger, delay: step.delay };
}
