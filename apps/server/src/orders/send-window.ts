import { TZDate } from '@date-fns/tz';
import type { SendWindow } from '@thankly/api-contract';

/**
 * The first instant at or after `instant` that falls inside the window's local hours in
 * `timeZone`: the same time when it already does, else the window's next opening (later today, or
 * tomorrow once today's window has closed). Local hours are read through the zone's rules, so a
 * window opens at 09:00 on the days clocks change too.
 */
export function nextInSendWindow(instant: Date, window: SendWindow, timeZone: string): Date {
  if (!window) return instant;
  const local = new TZDate(instant.getTime(), timeZone);
  const hour = local.getHours();
  if (hour >= window.startHour && hour < window.endHour) return instant;
  const dayOffset = hour >= window.endHour ? 1 : 0;
  const opening = new TZDate(
    local.getFullYear(),
    local.getMonth(),
    local.getDate() + dayOffset,
    window.startHour,
    0,
    0,
    0,
    timeZone,
  );
  return new Date(opening.getTime());
}
