// Reading a delivery rate against its limit: plain data for the dashboard panel and its tests.
import type { DeliveryHealth } from '@thankly/api-contract';

/**
 * too-few: not enough email in the window for a rate to mean anything. near: at four fifths of the
 * limit or more, where a few more bounces would pause sending.
 */
export type RateVerdict = 'too-few' | 'ok' | 'near' | 'over';

const NEAR_SHARE = 0.8;

export function judgeRate(rate: number, limit: number, health: DeliveryHealth): RateVerdict {
  if (health.sent < health.minimumSample) return 'too-few';
  if (rate > limit) return 'over';
  if (rate >= limit * NEAR_SHARE) return 'near';
  return 'ok';
}

const percent = new Intl.NumberFormat('en', { style: 'percent', maximumFractionDigits: 2 });

/** 0.05 -> "5%", 0.003 -> "0.3%", 0.0123 -> "1.23%". */
export function formatRate(rate: number): string {
  return percent.format(rate);
}
