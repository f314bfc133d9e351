// Template limits and messages with no schema library: the dashboard shows them without loading
// zod. templates.ts re-exports them with its schemas.
export const TEMPLATE_NAME_MAX = 120;
export const TEMPLATE_SUBJECT_MAX = 300;

export const TEMPLATE_MESSAGES = {
  notFound: 'Template not found.',
  nameRequired: 'Please enter a template name.',
  bothDates: 'Please set both a start and end date for conditional sending.',
  endBeforeStart: 'End date cannot be before start date.',
  limitReached: 'You have reached your template limit - please upgrade your plan.',
  slotsUsedUp: 'Whoops.. you have used up all your template slots - upgrade your plan to get more.',
} as const;

/**
 * Why a template that offers something for a review, or asks for a particular rating, is not
 * saved: Etsy, Amazon, Google and the FTC all forbid it, in emails, printed cards and messages.
 */
export function incentiveWordingMessage(incentive: { kind: string; phrase: string }): string {
  return incentive.kind === 'rating'
    ? `This email asks for a particular rating ("${incentive.phrase}"). Etsy and other marketplaces forbid that - ask for an honest review instead.`
    : `This email seems to offer something for a review ("${incentive.phrase}"). Etsy and other marketplaces forbid rewarding a review - ask for an honest review, and keep offers apart from it.`;
}
