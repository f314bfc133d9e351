/**
 * The plan catalogue as plain data, with no schema library: the web app's public pages import it
 * through `@thankly/api-contract/catalog` and stay small. plans.ts re-exports it with the schemas.
 */

/** Plan ids in tier order: a later plan is a higher tier. */
export const PLAN_IDS = ['free', 'growth', 'business'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export const BILLING_INTERVALS = ['month', 'year'] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];

/** -1 means unlimited, as the API reports it. */
export const UNLIMITED = -1;

export interface PlanLimits {
  /** Emails a day, or UNLIMITED. */
  dailyLimit: number;
  /** Templates a seller may keep. */
  tempLimit: number;
  /** Shops a seller may have connected at once, across all marketplaces. */
  shopLimit: number;
  conditionalSending: boolean;
  prioritySupport: boolean;
  /** Emails a journey sends per order, the thank-you included, or UNLIMITED. */
  journeySteps: number;
}

export interface Plan extends PlanLimits {
  id: PlanId;
  name: string;
  /** Whole US dollars. */
  priceMonthly: number;
  /** Whole US dollars for a year paid at once: two months free. */
  priceYearly: number;
  features: string[];
}

function featuresOf(limits: PlanLimits): string[] {
  return [
    limits.dailyLimit === UNLIMITED
      ? 'Unlimited emails a day'
      : `${limits.dailyLimit} emails a day`,
    limits.tempLimit === 1 ? '1 template' : `${limits.tempLimit} templates`,
    limits.conditionalSending ? 'Conditional sending by date range' : 'One template at a time',
    journeyFeature(limits.journeySteps),
    limits.prioritySupport ? 'Priority support' : 'Email support',
  ];
}

/** The plan's journey, in the words of the plan cards and the compare table. */
export function journeyFeature(journeySteps: number): string {
  if (journeySteps === UNLIMITED) return 'Journeys with unlimited follow-up emails';
  if (journeySteps === 1) return 'Thank-you email at payment';
  return `Journeys of up to ${journeySteps} emails per order`;
}

function plan(
  id: PlanId,
  name: string,
  priceMonthly: number,
  priceYearly: number,
  limits: PlanLimits,
): Plan {
  return { id, name, priceMonthly, priceYearly, ...limits, features: featuresOf(limits) };
}

/** The business constants of the product spec, section 9, and how many shops each plan connects. */
export const PLANS: readonly Plan[] = [
  plan('free', 'Starter', 0, 0, {
    dailyLimit: 5,
    tempLimit: 1,
    shopLimit: 1,
    conditionalSending: false,
    prioritySupport: false,
    journeySteps: 1,
  }),
  plan('growth', 'Growth', 9, 90, {
    dailyLimit: 100,
    tempLimit: 20,
    shopLimit: 3,
    conditionalSending: true,
    prioritySupport: false,
    journeySteps: 3,
  }),
  plan('business', 'Business', 19, 190, {
    dailyLimit: UNLIMITED,
    tempLimit: 100,
    shopLimit: 10,
    conditionalSending: true,
    prioritySupport: true,
    journeySteps: UNLIMITED,
  }),
];

export function getPlan(id: PlanId): Plan {
  const found = PLANS.find((p) => p.id === id);
  if (!found) throw new Error(`Unknown plan ${id}`);
  return found;
}

/**
 * Reads a plan the way the register page's `?plan=` does: by case-insensitive prefix of the
 * display name or the id ("gro" -> growth). Anything else is Starter.
 */
export function matchPlan(input: string | null | undefined): PlanId {
  const wanted = (input ?? '').trim().toLowerCase();
  if (!wanted) return 'free';
  const found = PLANS.find(
    (p) => p.name.toLowerCase().startsWith(wanted) || p.id.startsWith(wanted),
  );
  return found?.id ?? 'free';
}

/** The spec's rule for paid (conditional) features, section 4. */
export function hasPaidFeatures(stats: {
  planId: PlanId;
  dailyLimit: number;
  tempLimit: number;
}): boolean {
  return (
    stats.planId === 'growth' ||
    stats.planId === 'business' ||
    stats.dailyLimit === UNLIMITED ||
    stats.tempLimit > 2
  );
}

/**
 * Whether a seller on this plan has the paid features (dated templates and purchase messages, their
 * own sending domain): the rule above, read with the plan's own limits.
 */
export function sellerHasPaidFeatures(plan: PlanId): boolean {
  const { dailyLimit, tempLimit } = getPlan(plan);
  return hasPaidFeatures({ planId: plan, dailyLimit, tempLimit });
}

/** The refusal when a seller connects one shop more than their plan allows. */
export function shopLimitMessage(plan: Plan): string {
  const shops = plan.shopLimit === 1 ? '1 shop' : `${plan.shopLimit} shops`;
  return `Your ${plan.name} plan connects up to ${shops} - upgrade your plan to connect more, or disconnect a shop first.`;
}

/** The yearly discount, in whole percent, shown beside the Monthly/Yearly toggle. */
export function yearlyDiscountPercent(p: Plan): number {
  if (p.priceMonthly === 0) return 0;
  return Math.round((1 - p.priceYearly / (p.priceMonthly * 12)) * 100);
}
