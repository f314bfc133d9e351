import { describe, expect, test } from 'vitest';
import {
  type PurchaseMessageCalendar,
  type ScheduleEntryRow,
  dueEntry,
  nextDate,
  nextSwitch,
  startOfDateIn,
  textsDuring,
} from './purchase-message-calendar.ts';

const entry = (id: string, startDate: string, endDate: string): ScheduleEntryRow => ({
  id,
  shopId: 'shop',
  startDate,
  endDate,
  message: `${id} message`,
  digitalMessage: '',
  createdAt: new Date(0),
  updatedAt: new Date(0),
});

const calendar = (
  entries: ScheduleEntryRow[],
  today: string,
  overrides: Partial<PurchaseMessageCalendar> = {},
): PurchaseMessageCalendar => ({
  entries,
  today,
  timeZone: 'Pacific/Auckland',
  paid: true,
  ...overrides,
});

describe('the purchase message calendar', () => {
  test('a range holds its first and last days, on the seller’s calendar', () => {
    const holiday = entry('holiday', '2026-12-01', '2026-12-31');
    expect(dueEntry([holiday], '2026-11-30', true)).toBeNull();
    expect(dueEntry([holiday], '2026-12-01', true)?.id).toBe('holiday');
    expect(dueEntry([holiday], '2026-12-31', true)?.id).toBe('holiday');
    expect(dueEntry([holiday], '2027-01-01', true)).toBeNull();
    // Without paid features no dated message is in effect, as with dated templates.
    expect(dueEntry([holiday], '2026-12-10', false)).toBeNull();
  });

  test('overlapping ranges follow the template rule: the latest start wins', () => {
    const december = entry('december', '2026-12-01', '2026-12-31');
    const boxingDay = entry('boxing', '2026-12-26', '2026-12-26');
    expect(dueEntry([december, boxingDay], '2026-12-25', true)?.id).toBe('december');
    expect(dueEntry([december, boxingDay], '2026-12-26', true)?.id).toBe('boxing');
    expect(dueEntry([december, boxingDay], '2026-12-27', true)?.id).toBe('december');
  });

  test('midnight is the seller’s, daylight saving included', () => {
    // Auckland keeps NZDT (UTC+13) in December and NZST (UTC+12) in June.
    expect(startOfDateIn('2026-12-01', 'Pacific/Auckland').toISOString()).toBe(
      '2026-11-30T11:00:00.000Z',
    );
    expect(startOfDateIn('2026-06-01', 'Pacific/Auckland').toISOString()).toBe(
      '2026-05-31T12:00:00.000Z',
    );
    expect(startOfDateIn('2026-12-01', 'America/Los_Angeles').toISOString()).toBe(
      '2026-12-01T08:00:00.000Z',
    );
    expect(nextDate('2026-12-31')).toBe('2027-01-01');
    expect(nextDate('2028-02-28')).toBe('2028-02-29');
  });

  test('the next switch is the next day the message in effect changes', () => {
    const december = entry('december', '2026-12-01', '2026-12-31');
    const boxingDay = entry('boxing', '2026-12-26', '2026-12-26');
    const entries = [december, boxingDay];
    expect(nextSwitch(calendar(entries, '2026-11-15'))).toEqual({
      at: new Date('2026-11-30T11:00:00.000Z'),
      date: '2026-12-01',
      entryId: 'december',
    });
    expect(nextSwitch(calendar(entries, '2026-12-01'))?.date).toBe('2026-12-26');
    expect(nextSwitch(calendar(entries, '2026-12-26'))).toMatchObject({
      date: '2026-12-27',
      entryId: 'december',
    });
    expect(nextSwitch(calendar(entries, '2026-12-27'))).toEqual({
      at: new Date('2026-12-31T11:00:00.000Z'),
      date: '2027-01-01',
      entryId: null,
    });
    expect(nextSwitch(calendar(entries, '2027-01-01'))).toBeNull();
    expect(nextSwitch(calendar(entries, '2026-11-15', { paid: false }))).toBeNull();
    // Back-to-back ranges: the switch goes straight from one to the next.
    const january = entry('january', '2027-01-01', '2027-01-31');
    expect(nextSwitch(calendar([december, january], '2026-12-20'))).toMatchObject({
      date: '2027-01-01',
      entryId: 'january',
    });
  });

  test('an empty text in a dated message keeps the regular one of its kind', () => {
    const regular = { message: 'Thanks!', digitalMessage: 'Your files are ready.' };
    expect(textsDuring(regular, null)).toEqual(regular);
    expect(textsDuring(regular, { message: 'Happy holidays!', digitalMessage: ' ' })).toEqual({
      message: 'Happy holidays!',
      digitalMessage: 'Your files are ready.',
    });
  });
});
