import { describe, expect, it } from 'vitest';
import { POLL_SHARE_OF_BUDGET, fittedPollSeconds } from './poll-schedule.ts';

describe('fittedPollSeconds', () => {
  const budget = { dailyRequestBudget: 9_000, pollSeconds: 300 };

  it('keeps the configured interval while the shops fit in the polls’ share of the budget', () => {
    expect(fittedPollSeconds(budget, 1)).toBe(300);
    expect(fittedPollSeconds(budget, 18)).toBe(300);
  });

  it('stretches the interval so that polling every shop stays within that share', () => {
    for (const shops of [19, 100, 1_000, 25_000]) {
      const seconds = fittedPollSeconds(budget, shops);
      expect(seconds).toBeGreaterThan(300);
      const pollsPerDay = (shops * 86_400) / seconds;
      expect(pollsPerDay).toBeLessThanOrEqual(9_000 * POLL_SHARE_OF_BUDGET);
    }
  });

  it('answers the configured interval when no shop is connected', () => {
    expect(fittedPollSeconds(budget, 0)).toBe(300);
  });
});
