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
