// The order events a journey step can wait on, each in one entry: what the journey editor, the
// activity list and the server read of it. Schema-free, so the dashboard shows them without zod.
// Adding a trigger is an entry here (and the order's field for it, which the marketplaces that
// report the event fill in).

export type ProgressTone = 'slate' | 'brand' | 'green' | 'amber';

export interface OrderEventFacts {
  /** The trigger's name in the journey editor and the activity list. */
  trigger: string;
  /** A step's timing with a delay ("5 days after delivery") and without ("on delivery"). */
  after: string;
  at: string;
  /** The order's progress badge once its marketplace reports the event. */
  progress: { label: string; tone: ProgressTone };
  /**
   * The stored order's field that says when it happened; none for payment, which every order has
   * (and which a step reads as the moment the thank-you counts from).
   */
  orderField: 'shippedAt' | 'deliveredAt' | null;
  /** For a marketplace that never reports it: the event as a noun, and in a sentence. */
  unreported: { noun: string; words: string } | null;
}

/** In the order an order goes through them: an unreported event's stand-in is the one before. */
export const ORDER_EVENT_FACTS = {
  paid: {
    trigger: 'When the order is paid',
    after: 'after payment',
    at: 'at payment',
    progress: { label: 'Paid', tone: 'slate' },
    orderField: null,
    unreported: null,
  },
  shipped: {
    trigger: 'When the order ships',
    after: 'after shipping',
    at: 'when the order ships',
    progress: { label: 'Shipped', tone: 'brand' },
    orderField: 'shippedAt',
    unreported: { noun: 'shipping', words: 'an order ships' },
  },
  delivered: {
    trigger: 'When the order is delivered',
    after: 'after delivery',
    at: 'on delivery',
    progress: { label: 'Delivered', tone: 'green' },
    orderField: 'deliveredAt',
    unreported: { noun: 'delivery', words: 'a parcel is delivered' },
  },
} as const satisfies Record<string, OrderEventFacts>;

export type OrderEvent = keyof typeof ORDER_EVENT_FACTS;

/** The order events a step can wait on; not every marketplace reports each of them. */
export const ORDER_EVENTS = Object.keys(ORDER_EVENT_FACTS) as [OrderEvent, ...OrderEvent[]];

/** What starts a step's clock: an event of the order, or the step before it. */
export const JOURNEY_TRIGGERS = [...ORDER_EVENTS, 'after-previous'] as const;
export type JourneyTrigger = (typeof JOURNEY_TRIGGERS)[number];

/** How far an order has come: its last reported event, or refunded or cancelled. */
export const ORDER_PROGRESS = [...ORDER_EVENTS, 'cancelled'] as const;
export type OrderProgress = (typeof ORDER_PROGRESS)[number];

/** Words for each trigger, as the journey editor and the activity list show them. */
export const TRIGGER_LABELS = {
  ...(Object.fromEntries(ORDER_EVENTS.map((e) => [e, ORDER_EVENT_FACTS[e].trigger])) as Record<
    OrderEvent,
    string
  >),
  'after-previous': 'After the previous step',
} satisfies Record<JourneyTrigger, string>;

/** The event an order went through just before this one (none before payment). */
export function previousOrderEvent(event: OrderEvent): OrderEvent | undefined {
  return ORDER_EVENTS[ORDER_EVENTS.indexOf(event) - 1];
}
