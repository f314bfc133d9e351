import { TZDate } from '@date-fns/tz';
import { addDays } from 'date-fns/addDays';
import { startOfDay } from 'date-fns/startOfDay';

/** The product's business day is the Europe/Athens calendar day, daylight saving included. */
export const BUSINESS_TIME_ZONE = 'Europe/Athens';

// Building a formatter costs far more than using one: the sender asks for every order.
const ISO_DATE_IN_ATHENS = new Intl.DateTimeFormat('en-CA', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The Athens calendar date of an instant, as YYYY-MM-DD (en-CA's own format). */
export function athensDate(instant: Date): string {
  return ISO_DATE_IN_ATHENS.format(instant);
}

/** The instants at which the Athens day holding `instant` starts and ends (end exclusive). */
export function athensDayBounds(instant: Date): { start: Date; end: Date } {
  const start = startOfDay(new TZDate(instant.getTime(), BUSINESS_TIME_ZONE));
  const end = addDays(start, 1);
  return { start: new Date(start.getTime()), end: new Date(end.getTime()) };
}

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
