import {
  PLANS,
  UNLIMITED,
  yearlyDiscountPercent,
  type BillingInterval,
  type Plan,
} from '@thankly/api-contract/catalog';

/** "$9" / "$90": whole US dollars as the plans are priced. */
export function formatPrice(
  plan: Pick<Plan, 'priceMonthly' | 'priceYearly'>,
  interval: BillingInterval,
): string {
  return `$${interval === 'year' ? plan.priceYearly : plan.priceMonthly}`;
}

export function priceSuffix(interval: BillingInterval): string {
  return interval === 'year' ? '/yr' : '/mo';
}

export function formatDailyLimit(limit: number): string {
  return limit === UNLIMITED ? 'Unlimited' : String(limit);
}

/** The best yearly saving across paid plans, for the toggle's note. */
export function bestYearlyDiscount(plans: readonly Plan[] = PLANS): number {
  return Math.max(0, ...plans.map(yearlyDiscountPercent));
}
