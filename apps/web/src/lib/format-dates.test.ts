import { describe, expect, it } from 'vitest';
import { formatCalendarDate, formatCalendarRange } from './format-dates.ts';

describe('calendar dates for people', () => {
  it('writes day, short month and year, never ISO', () => {
    expect(formatCalendarDate('2026-11-01')).toBe('1 Nov 2026');
    expect(formatCalendarDate('2026-12-31')).toBe('31 Dec 2026');
  });

  it('gives the year once when the range stays within a year', () => {
    expect(formatCalendarRange('2026-11-01', '2026-11-30')).toEqual(['1 Nov', '30 Nov 2026']);
    expect(formatCalendarRange('2026-12-20', '2027-01-05')).toEqual(['20 Dec 2026', '5 Jan 2027']);
  });

  it('shows what is not a calendar date as it is', () => {
    expect(formatCalendarDate('soon')).toBe('soon');
    expect(formatCalendarRange('2026-13-45', '2026-11-30')).toEqual(['2026-13-45', '30 Nov 2026']);
  });
});
