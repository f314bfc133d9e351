// How the insights numbers read: whole counts, rates of sent emails, money from minor units.
import type { CurrencyAmount } from '@thankly/api-contract';

const count = new Intl.NumberFormat('en');
const percent = new Intl.NumberFormat('en', { style: 'percent', maximumFractionDigits: 1 });

export function formatCount(value: number): string {
  return count.format(value);
}

/** "42.5%", a rate the server worked out (0 to 1); a dash when there is none (nothing delivered). */
export function formatRate(rate: number | null): string {
  return rate === null ? '–' : percent.format(Math.min(1, rate));
}

/** "$19.99" from 1999 USD: the currency's own number of decimals (none for JPY). */
export function formatMoney({ currency, amountMinor }: CurrencyAmount): string {
  let format: Intl.NumberFormat;
  try {
    format = new Intl.NumberFormat('en', { style: 'currency', currency });
  } catch {
    // A code the browser does not know still shows the amount, with the code beside it.
    return `${(amountMinor / 100).toFixed(2)} ${currency}`;
  }
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amountMinor / 10 ** digits);
}

/** One line per currency, in code order so a seller finds theirs in the same place every time. */
export function formatRevenue(revenue: readonly CurrencyAmount[]): string[] {
  return [...revenue].sort((a, b) => a.currency.localeCompare(b.currency)).map(formatMoney);
}

const dayMonth = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});

/** "3 Nov" for a chart's axis, from YYYY-MM-DD (a calendar day, so read as UTC). */
export function formatChartDay(date: string): string {
  const parsed = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) ? date : dayMonth.format(parsed);
}

/** "1 click", "3 clicks": a count with its noun. */
export function countOf(value: number, one: string, many: string): string {
  return `${formatCount(value)} ${value === 1 ? one : many}`;
}
