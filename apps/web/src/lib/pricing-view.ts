import { type BillingInterval, type Plan, UNLIMITED } from '@thankly/api-contract/catalog';
import { formatDailyLimit, formatPrice, priceSuffix } from './plans.ts';

/**
 * The words of the pricing page that change with the billing interval, free of React: the page
 * renders them and the public site's pricing script rewrites them when the interval changes.
 */
export const COMPARE_ROWS: ReadonlyArray<{
  label: string;
  value: (p: Plan, i: BillingInterval) => string;
}> = [
  { label: 'Price', value: (p, i) => `${formatPrice(p, i)}${priceSuffix(i)}` },
  { label: 'Daily emails', value: (p) => formatDailyLimit(p.dailyLimit) },
  { label: 'Templates', value: (p) => String(p.tempLimit) },
  { label: 'Conditional sending', value: (p) => (p.conditionalSending ? 'Yes' : 'No') },
  {
    label: 'Emails per order',
    value: (p) => (p.journeySteps === UNLIMITED ? 'Unlimited' : String(p.journeySteps)),
  },
  { label: 'Support', value: (p) => (p.prioritySupport ? 'Priority' : 'Email') },
];

/** The monthly equivalent under a yearly price, or null where there is none to show. */
export function yearlyNote(plan: Plan, interval: BillingInterval): string | null {
  if (interval !== 'year' || plan.priceMonthly === 0) return null;
  return `$${(plan.priceYearly / 12).toFixed(2)} a month, billed yearly`;
}

export function compareCaption(interval: BillingInterval): string {
  return `Plan comparison, prices ${interval === 'year' ? 'per year' : 'per month'}`;
}

const TOGGLE_BASE = 'focus-ring rounded-md px-3 py-1.5 text-sm font-medium';

/** The Monthly/Yearly buttons' classes: the pressed one is filled. */
export function intervalButtonClass(pressed: boolean): string {
  return `${TOGGLE_BASE} ${pressed ? 'bg-brand-600 text-white' : 'text-slate-700 hover:bg-slate-100'}`;
}
