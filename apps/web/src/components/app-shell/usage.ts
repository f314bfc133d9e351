// Today's thank-yous against the plan's daily limit, read from the same call as the dashboard's
// 'Today: sent / limit thank-yous' line (GET /stats/daily), so the two never disagree. The limit
// counts emails and printed cards together, so the count says "thank-yous" and names each way.
import { PLANS, UNLIMITED } from '@thankly/api-contract/catalog';
import type { DailyStats } from '@thankly/api-contract';

export interface Usage {
  planName: string;
  sentToday: number;
  /** "1 email, 1 printed card": what the count is made of. */
  breakdown: string;
  messagesToday: number;
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
    breakdown: breakdownOf(stats),
    messagesToday: stats.messagesToday,
    dailyLimit,
    percent,
    limitReached,
    canUpgrade: stats.planName !== TOP_PLAN?.name,
  };
}

/** What the plan's daily limit limits, in the words the seller reads beside the count. */
export const LIMIT_COUNTS =
  'The daily limit counts emails and printed cards together. Marketplace messages you send yourself are not limited.';

const counted = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function breakdownOf(stats: DailyStats): string {
  const parts = [counted(stats.emailsToday, 'email', 'emails')];
  if (stats.cardsToday > 0) parts.push(counted(stats.cardsToday, 'printed card', 'printed cards'));
  return parts.join(', ');
}

/** "3 / 5 thank-yous today", "12 / Unlimited thank-yous today". */
export function usageText(usage: Usage): string {
  return `${usage.sentToday} / ${usage.dailyLimit ?? 'Unlimited'} thank-yous today`;
}

/** "1 marketplace message, not limited", or null when there was none today. */
export function messagesText(usage: Usage): string | null {
  if (usage.messagesToday === 0) return null;
  return `${counted(usage.messagesToday, 'marketplace message', 'marketplace messages')}, not limited`;
}
