import {
  type JourneyConditions,
  emailsPerOrder,
  unreportedEventMessage,
} from '@thankly/api-contract';

/** Why a follow-up email was not sent, in words for the seller's activity list. */
export const JOURNEY_SKIP_REASONS = {
  orderCancelled: 'The order was refunded or cancelled, so its remaining emails were stopped.',
  cancelledBySeller: 'You cancelled this email.',
  stepRemoved: 'This step was removed from your journey before the email was due.',
  shopPrints: 'This shop is set to thank buyers by hand, so Thankly emails them nothing.',
  noTemplate: 'This step has no template any more: choose one on your journey.',
  paused: 'Sending was paused when this order reached this step, or when the email was due.',
  planLimit: (planName: string, journeySteps: number) =>
    `Your ${planName} plan sends ${emailsPerOrder(journeySteps)} per order, so this step was not sent. Upgrade your plan to send it.`,
  /** The step waits on an event the order's marketplace never reports (Etsy: delivery). */
  unreportedEvent: unreportedEventMessage,
  condition: {
    buyer: (wanted: Exclude<JourneyConditions['buyer'], 'any'>) =>
      wanted === 'first'
        ? 'This step is for first orders, and this buyer had ordered before.'
        : 'This step is for returning buyers, and this was the buyer’s first order.',
    minTotal: (minTotal: string) => `This step is for orders of at least ${minTotal}.`,
    productContains: (text: string) =>
      `This step is for orders with a product whose title contains “${text}”.`,
  },
} as const;
