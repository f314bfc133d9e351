// Every time the app shows a seller is on one clock, the seller's time zone (Account), and says
// which: "May 3, 2026, 10:00 AM EEST". One helper, so a thank-you and its follow-ups on one order
// can never be read on two clocks again.
import { DEFAULT_TIME_ZONE } from '@thankly/api-contract';
import { useSession } from './session.ts';

// Building a formatter costs far more than using one: a list formats a time per row.
const formats = new Map<string, Intl.DateTimeFormat>();

function cached(key: string, make: () => Intl.DateTimeFormat): Intl.DateTimeFormat {
  let format = formats.get(key);
  if (!format) {
    format = make();
    formats.set(key, format);
  }
  return format;
}

/** The zone as given, or UTC where this browser does not know it (it must not break a page). */
function usableZone(timeZone: string): string {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return timeZone;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}

function abbreviation(instant: Date, timeZone: string, locale: string): string | null {
  const format = cached(
    `name:${locale}:${timeZone}`,
    () => new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'short' }),
  );
  const name = format.formatToParts(instant).find((p) => p.type === 'timeZoneName')?.value;
  // "GMT+9" says the offset, not the place: the zone's own name says more.
  return name && !/^(GMT|UTC)[+\-−]/.test(name) ? name : null;
}

/**
 * The zone's label at an instant: its common abbreviation where there is one ("CEST", "EDT",
 * "UTC"), else its IANA name, readable ("Asia/Tokyo").
 */
export function timeZoneLabel(instant: Date, timeZone: string): string {
  const zone = usableZone(timeZone);
  return (
    abbreviation(instant, zone, 'en-GB') ??
    abbreviation(instant, zone, 'en-US') ??
    zone.replaceAll('_', ' ')
  );
}

/**
 * "May 3, 2026, 10:00 AM EEST": an instant (ISO text or Date) in the seller's zone, with the
 * zone's label. Text that is not a time is shown as it is.
 */
export function formatSellerTime(value: string | Date, timeZone: string): string {
  const instant = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(instant.getTime())) return String(value);
  const zone = usableZone(timeZone);
  const format = cached(
    `time:${zone}`,
    () =>
      new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short', timeZone: zone }),
  );
  return `${format.format(instant)} ${timeZoneLabel(instant, zone)}`;
}

/** The signed-in seller's time zone; UTC until the session is known. */
export function useSellerTimeZone(): string {
  const session = useSession();
  return session.user?.timeZone ?? DEFAULT_TIME_ZONE;
}

/** `formatSellerTime` on the signed-in seller's clock. */
export function useFormatSellerTime(): (value: string | Date) => string {
  const timeZone = useSellerTimeZone();
  return (value) => formatSellerTime(value, timeZone);
}
