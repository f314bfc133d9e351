import { describe, expect, it } from 'vitest';
import { nextInSendWindow } from './send-window.ts';

const window = { startHour: 9, endHour: 20 };
const at = (iso: string) => new Date(iso);

describe('nextInSendWindow', () => {
  it('keeps a time inside the window, and any time without one', () => {
    expect(nextInSendWindow(at('2026-03-10T10:30:00Z'), window, 'UTC')).toEqual(
      at('2026-03-10T10:30:00Z'),
    );
    expect(nextInSendWindow(at('2026-03-10T03:00:00Z'), null, 'UTC')).toEqual(
      at('2026-03-10T03:00:00Z'),
    );
  });

  it('moves a night-time to the morning: later the same day, or the next day after closing', () => {
    // 05:00 and 22:00 in New York (UTC-5 in January).
    expect(nextInSendWindow(at('2026-01-15T10:00:00Z'), window, 'America/New_York')).toEqual(
      at('2026-01-15T14:00:00Z'),
    );
    expect(nextInSendWindow(at('2026-01-16T03:00:00Z'), window, 'America/New_York')).toEqual(
      at('2026-01-16T14:00:00Z'),
    );
  });

  it('treats the closing hour as closed and 24 as midnight', () => {
    expect(nextInSendWindow(at('2026-01-15T20:00:00Z'), window, 'UTC')).toEqual(
      at('2026-01-16T09:00:00Z'),
    );
    expect(
      nextInSendWindow(at('2026-01-15T23:59:00Z'), { startHour: 8, endHour: 24 }, 'UTC'),
    ).toEqual(at('2026-01-15T23:59:00Z'));
  });

  it('opens at 09:00 local on the nights clocks change, in both directions', () => {
    // Europe/Athens springs forward on 29 March 2026 (03:00 -> 04:00): 09:00 is UTC+3 that day.
    expect(nextInSendWindow(at('2026-03-28T22:00:00Z'), window, 'Europe/Athens')).toEqual(
      at('2026-03-29T06:00:00Z'),
    );
    // And falls back on 25 October 2026 (04:00 -> 03:00): 09:00 is UTC+2 that day.
    expect(nextInSendWindow(at('2026-10-24T21:30:00Z'), window, 'Europe/Athens')).toEqual(
      at('2026-10-25T07:00:00Z'),
    );
    // New York springs forward on 8 March 2026 at 02:00: a 02:00 opening is 03:00 EDT.
    expect(
      nextInSendWindow(
        at('2026-03-08T05:00:00Z'),
        { startHour: 2, endHour: 6 },
        'America/New_York',
      ),
    ).toEqual(at('2026-03-08T07:00:00Z'));
  });
});
