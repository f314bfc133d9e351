import { describe, expect, test } from 'vitest';
import { athensDate, athensDayBounds } from './athens.ts';

describe('the Athens business day', () => {
  test('a UTC evening is already the next day in Athens', () => {
    // 22:30 UTC in winter is 00:30 in Athens (UTC+2).
    expect(athensDate(new Date('2026-01-14T22:30:00Z'))).toBe('2026-01-15');
    expect(athensDate(new Date('2026-01-14T21:59:59Z'))).toBe('2026-01-14');
  });

  test('summer time moves the boundary an hour earlier', () => {
    // Athens is UTC+3 in summer: its day starts at 21:00 UTC.
    expect(athensDate(new Date('2026-07-01T21:00:00Z'))).toBe('2026-07-02');
    expect(athensDayBounds(new Date('2026-07-02T10:00:00Z'))).toEqual({
      start: new Date('2026-07-01T21:00:00Z'),
      end: new Date('2026-07-02T21:00:00Z'),
    });
  });

  test('the spring-forward day is 23 hours long and the fall-back day 25', () => {
    const spring = athensDayBounds(new Date('2026-03-29T12:00:00Z'));
    expect(spring.start).toEqual(new Date('2026-03-28T22:00:00Z'));
    expect(spring.end).toEqual(new Date('2026-03-29T21:00:00Z'));
    const autumn = athensDayBounds(new Date('2026-10-25T12:00:00Z'));
    expect(autumn.start).toEqual(new Date('2026-10-24T21:00:00Z'));
    expect(autumn.end).toEqual(new Date('2026-10-25T22:00:00Z'));
  });
});
