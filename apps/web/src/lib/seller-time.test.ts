import { describe, expect, it } from 'vitest';
import { formatSellerTime, timeZoneLabel } from './seller-time.ts';

describe("times on the seller's clock", () => {
  const instant = '2026-07-03T12:05:00Z';

  it('shows an instant in the given zone, whatever the browser’s, with the zone named', () => {
    expect(formatSellerTime(instant, 'Europe/Berlin')).toBe('Jul 3, 2026, 2:05 PM CEST');
    expect(formatSellerTime(instant, 'UTC')).toBe('Jul 3, 2026, 12:05 PM UTC');
    expect(formatSellerTime(new Date(instant), 'America/New_York')).toBe(
      'Jul 3, 2026, 8:05 AM EDT',
    );
  });

  it('moves to the next day where the zone already is there', () => {
    expect(formatSellerTime('2026-05-02T23:30:00Z', 'Europe/Athens')).toBe(
      'May 3, 2026, 2:30 AM EEST',
    );
  });

  it('follows daylight saving in the label', () => {
    expect(formatSellerTime('2026-01-15T09:00:00Z', 'Europe/Berlin')).toBe(
      'Jan 15, 2026, 10:00 AM CET',
    );
    expect(timeZoneLabel(new Date('2026-01-15T09:00:00Z'), 'Europe/London')).toBe('GMT');
    expect(timeZoneLabel(new Date('2026-07-15T09:00:00Z'), 'Europe/London')).toBe('BST');
  });

  it('names a zone by its place where it has no common abbreviation, never as a bare offset', () => {
    expect(formatSellerTime(instant, 'Asia/Tokyo')).toBe('Jul 3, 2026, 9:05 PM Asia/Tokyo');
    expect(timeZoneLabel(new Date(instant), 'America/Argentina/Buenos_Aires')).toBe(
      'America/Argentina/Buenos Aires',
    );
  });

  it('shows text that is not a time as it is, and an unknown zone as UTC', () => {
    expect(formatSellerTime('soon', 'Europe/Berlin')).toBe('soon');
    expect(formatSellerTime(instant, 'Mars/Olympus_Mons')).toBe('Jul 3, 2026, 12:05 PM UTC');
  });
});
