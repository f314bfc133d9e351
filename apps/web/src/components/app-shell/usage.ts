// Today's sending against the plan's daily limit, read from the same call as the dashboard's
// 'Today: sent / limit emails' line (GET /stats/daily), so the two never disagree.
import { PLANS, UNLIMITED } from '@thankly/api-contract/catalog';
import type { DailyStats } from '@thankly/api-contract';

export interface Usage {
  planName: string;
  sentToday: number;
  /** null when the plan has no daily limit. */
  dailyLimit: number | null;
  /** 0–100, for the meter's bar; 0 when unlimited. */
  percent: number;
  limitReached: boolean;
  /** False on the highest plan: there is nothing to upgrade to. */
  canUpgrade: boolean;
}

const TOP_PLAN = PLANS[PLANS.length - 1];

export function usageFrom(stats: DailyStats): Usage {
  const limited = stats.dailyLimit !== UNLIMITED;
  const dailyLimit = limited ? stats.dailyLimit : null;
  const limitReached = dailyLimit !== null && stats.sentToday >= dailyLimit;
  const percent =
    dailyLimit === null || dailyLimit <= 0
      ? limitReached
        ? 100
        : 0
      : Math.min(100, Math.round((stats.sentToday / dailyLimit) * 100));
  return {
    planName: stats.planName,
    sentToday: stats.sentToday,
    dailyLimit,
    percent,
    limitReached,
    canUpgrade: stats.planName !== TOP_PLAN?.name,
  };
}

/** "3 / 5 emails today", "12 / Unlimited emails today". */
export function usageText(usage: Usage): string {
  return `${usage.sentToday} / ${usage.dailyLimit ?? 'Unlimited'} emails today`;
}
