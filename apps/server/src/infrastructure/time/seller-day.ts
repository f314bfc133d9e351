// The seller's calendar day: their dated templates start and end on it. (The daily limit stays on
// the Athens day, apps/server/src/infrastructure/time/athens.ts: it is counted across the whole service.)

// Building a formatter costs far more than using one: the sender asks for every order.
const formats = new Map<string, Intl.DateTimeFormat>();

function isoDateFormat(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    formats.set(timeZone, format);
  }
  return format;
}

/** The calendar date of an instant in an IANA time zone, as YYYY-MM-DD (en-CA's own format). */
export function dateInZone(instant: Date, timeZone: string): string {
  return isoDateFormat(timeZone).format(instant);
}
