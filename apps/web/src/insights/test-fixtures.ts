// Insights replies for the page's tests: a period with numbers in two currencies, and an empty one.
import type { InsightsCounts, InsightsReply } from '@thankly/api-contract';

export function counts(over: Partial<InsightsCounts> = {}): InsightsCounts {
  return {
    sent: 0,
    uniqueOpens: 0,
    machineOpens: 0,
    clicks: 0,
    machineClicks: 0,
    redemptions: 0,
    repeatOrders: 0,
    revenue: [],
    ...over,
  };
}

/** Every day from `from` to `to`, as the server sends them (zeros included). */
function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let d = new Date(`${from}T00:00:00Z`); d <= new Date(`${to}T00:00:00Z`);) {
    days.push(d.toISOString().slice(0, 10));
    d.setUTCDate(d.getUTCDate() + 1);
  }
  return days;
}

export function insightsReply(
  from: string,
  to: string,
  over: Partial<Omit<InsightsReply, 'from' | 'to'>> = {},
): InsightsReply {
  const totals = counts({
    sent: 40,
    uniqueOpens: 17,
    machineOpens: 6,
    clicks: 5,
    machineClicks: 2,
    redemptions: 3,
    repeatOrders: 4,
    revenue: [
      { currency: 'USD', amountMinor: 12_345 },
      { currency: 'EUR', amountMinor: 4_050 },
    ],
  });
  const dates = daysBetween(from, to);
  return {
    from,
    to,
    trackingEnabled: true,
    totals,
    days: dates.map((date, i) => ({
      date,
      ...(i === dates.length - 1 ? totals : counts()),
    })),
    templates: [
      { templateId: 't1', templateName: 'Spring thanks', ...totals },
      { templateId: null, templateName: 'Old note', ...counts({ sent: 2 }) },
    ],
    ...over,
  };
}

export function emptyReply(from: string, to: string): InsightsReply {
  return insightsReply(from, to, {
    totals: counts(),
    days: daysBetween(from, to).map((date) => ({ date, ...counts() })),
    templates: [],
  });
}
