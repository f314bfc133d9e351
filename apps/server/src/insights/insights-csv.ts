import type { InsightsReply } from '@thankly/api-contract';
import { currencyDigits } from './insights-report.ts';

const COUNT_COLUMNS = [
  ['sent', 'sent'],
  ['delivered', 'delivered'],
  ['unique_opens', 'uniqueOpens'],
  ['machine_opens', 'machineOpens'],
  ['clicked_emails', 'clickedEmails'],
  ['clicks', 'clicks'],
  ['machine_clicks', 'machineClicks'],
  ['redemptions', 'redemptions'],
  ['redeemed_emails', 'redeemedEmails'],
  ['repeat_orders', 'repeatOrders'],
] as const;

/** An amount in minor units as a decimal in the currency's own unit (1999 USD: "19.99"). */
export function majorUnits(amountMinor: number, currency: string): string {
  const digits = currencyDigits(currency);
  if (digits === 0) return String(amountMinor);
  const sign = amountMinor < 0 ? '-' : '';
  const padded = String(Math.abs(amountMinor)).padStart(digits + 1, '0');
  return `${sign}${padded.slice(0, -digits)}.${padded.slice(-digits)}`;
}

/**
 * The insights reply's days as CSV, one row per day, the same numbers as the JSON: revenue per
 * currency in a column each (revenue_USD), in the currency's unit for spreadsheets. Every cell is
 * a date, a number or a currency code, so nothing needs quoting and no cell can start a formula.
 */
export function insightsCsv(reply: InsightsReply): string {
  const currencies = reply.totals.revenue.map((r) => r.currency);
  const header = [
    'date',
    ...COUNT_COLUMNS.map(([name]) => name),
    ...currencies.map((c) => `revenue_${c}`),
  ];
  const rows = reply.days.map((day) => [
    day.date,
    ...COUNT_COLUMNS.map(([, key]) => String(day[key])),
    ...currencies.map((currency) =>
      majorUnits(day.revenue.find((r) => r.currency === currency)?.amountMinor ?? 0, currency),
    ),
  ]);
  return [header, ...rows].map((cells) => cells.join(',')).join('\r\n') + '\r\n';
}
