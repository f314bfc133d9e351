/**
 * Calendar dates as people read them ("1 Nov 2026"), from the YYYY-MM-DD the API stores. Read as
 * UTC on purpose: a calendar date has no time zone, and local midnight could fall on the day before.
 */
const dayMonthYear = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const dayMonth = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});

function parse(date: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
  const parsed = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) ? null : parsed;
}

/** "1 Nov 2026"; a string that is not a calendar date is shown as it is. */
export function formatCalendarDate(date: string): string {
  const parsed = parse(date);
  return parsed ? dayMonthYear.format(parsed) : date;
}

/**
 * Both ends of a date range, the start without its year when both fall in the same year:
 * ["1 Nov", "30 Nov 2026"], ["20 Dec 2026", "5 Jan 2027"].
 */
export function formatCalendarRange(start: string, end: string): [string, string] {
  const from = parse(start);
  const to = parse(end);
  if (!from || !to) return [formatCalendarDate(start), formatCalendarDate(end)];
  const sameYear = from.getUTCFullYear() === to.getUTCFullYear();
  return [(sameYear ? dayMonth : dayMonthYear).format(from), dayMonthYear.format(to)];
}
