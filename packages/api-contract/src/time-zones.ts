// The seller's time zone: one clock for every time the seller reads (Recent orders, the journey's
// scheduled emails, Insights, the outbox) and the default for the journey and dated templates.
import { z } from 'zod';

/** Where the browser tells nothing usable, and for accounts that never chose. */
export const DEFAULT_TIME_ZONE = 'UTC';

/** The longest IANA name is 32 characters ("America/Argentina/ComodRivadavia"). */
export const TIME_ZONE_MAX_LENGTH = 64;

export const TIME_ZONE_MESSAGES = {
  invalid: 'Choose your time zone from the list, for example Europe/Berlin.',
  saved: 'Time zone saved',
} as const;

// An IANA name: letters first, then letters, digits, "_", "+", "-" in "/"-separated parts
// ("America/Argentina/Buenos_Aires", "Etc/GMT+1"). No dots, so no "../etc"; no bare offsets.
const IANA_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/;

/**
 * The runtime's own spelling of a real IANA time zone ("europe/berlin" -> "Europe/Berlin"), or
 * null for anything else. Intl throws a RangeError for a name it does not know.
 */
export function canonicalTimeZone(name: string): string | null {
  if (name.length === 0 || name.length > TIME_ZONE_MAX_LENGTH || !IANA_NAME.test(name)) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** A real IANA time zone, stored in the runtime's own spelling. */
export const timeZoneSchema = z
  .string(TIME_ZONE_MESSAGES.invalid)
  .max(TIME_ZONE_MAX_LENGTH, TIME_ZONE_MESSAGES.invalid)
  .transform((name, ctx) => {
    const zone = canonicalTimeZone(name);
    if (zone) return zone;
    ctx.addIssue({ code: 'custom', message: TIME_ZONE_MESSAGES.invalid });
    return z.NEVER;
  });

/**
 * At sign-up the zone comes from the browser, unasked: a browser that reports none, or one this
 * server does not know, must not stop the seller from signing up, so it becomes UTC (changeable on
 * Account).
 */
export const signUpTimeZoneSchema = z.unknown().transform((value) => {
  const zone = typeof value === 'string' ? canonicalTimeZone(value) : null;
  return zone ?? DEFAULT_TIME_ZONE;
});

/** PATCH /me/time-zone. */
export const timeZoneInputSchema = z.object({ timeZone: timeZoneSchema });
export type TimeZoneInput = z.input<typeof timeZoneInputSchema>;
