import { type BillingInterval, type Plan, PLANS, UNLIMITED } from '@thankly/api-contract/catalog';
import { bestYearlyDiscount, formatDailyLimit, formatPrice, priceSuffix } from './plans.ts';

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

/**
 * The note beside the Monthly/Yearly switch: each paid plan's exact yearly price, and what paying
 * yearly saves, all from the plan catalogue ("Paid yearly: Growth $90 a year, Business $190 a
 * year. That’s 2 months free.").
 */
export function yearlyPricesNote(plans: readonly Plan[] = PLANS): string {
  const paid = plans.filter((p) => p.priceMonthly > 0);
  if (paid.length === 0) return '';
  const prices = paid.map((p) => `${p.name} ${formatPrice(p, 'year')} a year`).join(', ');
  const monthsFree = paid.map((p) => (p.priceMonthly * 12 - p.priceYearly) / p.priceMonthly);
  const first = monthsFree[0]!;
  const discount = bestYearlyDiscount(paid);
  const saving =
    first > 0 && Number.isInteger(first) && monthsFree.every((m) => m === first)
      ? ` That’s ${first === 1 ? '1 month' : `${first} months`} free.`
      : discount > 0
        ? ` That saves up to ${discount}%.`
        : '';
  return `Paid yearly: ${prices}.${saving}`;
}

export function compareCaption(interval: BillingInterval): string {
  return `Plan comparison, prices ${interval === 'year' ? 'per year' : 'per month'}`;
}

const TOGGLE_BASE = 'focus-ring rounded-md px-3 py-1.5 text-sm font-medium';

/** The Monthly/Yearly buttons' classes: the pressed one is filled. */
export function intervalButtonClass(pressed: boolean): string {
  return `${TOGGLE_BASE} ${pressed ? 'bg-brand-600 text-white' : 'text-slate-700 hover:bg-slate-100'}`;
}
