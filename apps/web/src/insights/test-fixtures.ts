// Insights replies for the page's tests: a period with numbers in two currencies, and an empty one.
import {
  type InsightsCounts,
  type InsightsReply,
  MIN_DELIVERED_FOR_RATE,
  rateOf,
} from '@thankly/api-contract';

/** Counts as the server gives them, rates worked out the server's way from the counts. */
export function counts(over: Partial<Omit<InsightsCounts, 'rates'>> = {}): InsightsCounts {
  const raw = {
    sent: 0,
    delivered: over.sent ?? 0,
    uniqueOpens: 0,
    machineOpens: 0,
    clickedEmails: 0,
    clicks: 0,
    machineClicks: 0,
    redemptions: 0,
    redeemedEmails: 0,
    repeatOrders: 0,
    revenue: [],
    revenuePerEmail: [],
    ...over,
  };
  return {
    ...raw,
    rates: {
      openRate: rateOf(raw.uniqueOpens, raw.delivered),
      clickRate: rateOf(raw.clickedEmails, raw.delivered),
      redemptionRate: rateOf(raw.redeemedEmails, raw.delivered),
      tooFewToTell: raw.delivered < MIN_DELIVERED_FOR_RATE,
    },
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
  // 40 sent, 2 bounced; 4 emails clicked, 6 links followed in all (more clicks than emails).
  const totals = counts({
    sent: 40,
    delivered: 38,
    uniqueOpens: 17,
    machineOpens: 6,
    clickedEmails: 4,
    clicks: 6,
    machineClicks: 2,
    redemptions: 3,
    redeemedEmails: 3,
    repeatOrders: 4,
    revenue: [
      { currency: 'USD', amountMinor: 12_345 },
      { currency: 'EUR', amountMinor: 4_050 },
    ],
    revenuePerEmail: [
      { currency: 'USD', amountMinor: 309 },
      { currency: 'EUR', amountMinor: 101 },
    ],
  });
  const spring = counts({
    sent: 25,
    delivered: 24,
    uniqueOpens: 12,
    clickedEmails: 3,
    clicks: 4,
    redeemedEmails: 2,
    redemptions: 2,
    revenuePerEmail: [{ currency: 'USD', amountMinor: 400 }],
  });
  const dates = daysBetween(from, to);
  return {
    from,
    to,
    trackingEnabled: true,
    redemptionWindowDays: 30,
    totals,
    codeUsedNotAttributed: 1,
    days: dates.map((date, i) => ({
      date,
      ...(i === dates.length - 1 ? totals : counts()),
    })),
    templates: [
      { templateId: 't1', templateName: 'Spring thanks', ...spring },
      { templateId: null, templateName: 'Old note', ...counts({ sent: 2, uniqueOpens: 2 }) },
    ],
    steps: [
      { stepKey: 'thank-you', stepName: 'Thank-you email', ...spring },
      { stepKey: 's1', stepName: 'Review request', ...counts({ sent: 15, uniqueOpens: 5 }) },
    ],
    ...over,
  };
}

export function emptyReply(from: string, to: string): InsightsReply {
  return insightsReply(from, to, {
    totals: counts(),
    days: daysBetween(from, to).map((date) => ({ date, ...counts() })),
    templates: [],
    steps: [],
  });
}
