import { describe, expect, test } from 'vitest';
import { addDays, dueToShip, isDueBy, shipDay } from './ship-by.ts';

describe('the day a parcel ships, on the seller’s calendar', () => {
  test('Etsy’s expected ship date is read as the seller’s calendar day', () => {
    // 23:30 UTC on 1 Dec is already 2 Dec in Athens, still 1 Dec in New York.
    const order = { shipBy: '2026-12-01T23:30:00.000Z', createdAt: '2026-11-25T10:00:00.000Z' };
    expect(shipDay(order, 'Europe/Athens', 3)).toEqual({
      day: '2026-12-02',
      source: 'marketplace',
    });
    expect(shipDay(order, 'America/New_York', 3)).toEqual({
      day: '2026-12-01',
      source: 'marketplace',
    });
    expect(shipDay(order, 'UTC', 0)?.day).toBe('2026-12-01');
  });

  test('without one, the paid day in the seller’s zone plus their processing days', () => {
    // Paid at 22:30 UTC on 30 Nov: 1 Dec in Tokyo, 30 Nov in Los Angeles.
    const order = { paidAt: '2026-11-30T22:30:00.000Z', createdAt: '2026-11-29T08:00:00.000Z' };
    expect(shipDay(order, 'Asia/Tokyo', 3)).toEqual({
      day: '2026-12-04',
      source: 'processing-days',
    });
    expect(shipDay(order, 'America/Los_Angeles', 3)?.day).toBe('2026-12-03');
    expect(shipDay(order, 'America/Los_Angeles', 0)?.day).toBe('2026-11-30');
    // No paid time of its own: the order's time is when it was paid.
    expect(shipDay({ createdAt: '2026-11-29T08:00:00.000Z' }, 'UTC', 1)?.day).toBe('2026-11-30');
  });

  test('an order of downloads only has no parcel and is never due', () => {
    const order = { digitalOnly: true, createdAt: '2026-11-29T08:00:00.000Z' };
    expect(shipDay(order, 'UTC', 0)).toBeNull();
    expect(isDueBy(shipDay(order, 'UTC', 0), '2030-01-01')).toBe(false);
  });

  test('days are counted across months, years and daylight-saving changes', () => {
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(addDays('2028-02-27', 2)).toBe('2028-02-29');
    // Europe's clocks go back on 25 Oct 2026: still one calendar day each.
    const order = { paidAt: '2026-10-24T21:30:00.000Z', createdAt: '2026-10-24T21:30:00.000Z' };
    expect(shipDay(order, 'Europe/Athens', 1)?.day).toBe('2026-10-26');
  });
});

describe('the to-ship-today batch', () => {
  const orders = [
    { id: 'later', day: '2026-11-29' },
    { id: 'today-a', day: '2026-11-28' },
    { id: 'download', day: null },
    { id: 'overdue', day: '2026-11-25' },
    { id: 'today-b', day: '2026-11-28' },
  ];
  const dayOf = (o: (typeof orders)[number]) =>
    o.day === null ? null : { day: o.day, source: 'marketplace' as const };

  test('holds today’s and overdue parcels, most overdue first, then in payment order', () => {
    expect(dueToShip(orders, dayOf, '2026-11-28').map((o) => o.id)).toEqual([
      'overdue',
      'today-a',
      'today-b',
    ]);
  });

  test('the seller’s today decides: tomorrow’s order is in tomorrow’s batch', () => {
    expect(dueToShip(orders, dayOf, '2026-11-29').map((o) => o.id)).toContain('later');
    expect(dueToShip(orders, dayOf, '2026-11-24')).toEqual([]);
  });
});
