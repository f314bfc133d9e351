// The day an order's parcel is to ship, on the seller's calendar: what "to ship today" batches by.
// Etsy names it per item (expected_ship_date); Shopify, WooCommerce and the demo shop do not, so
// there it is the day the order was paid plus the seller's processing days, in calendar days.
import { dateInZone } from '../infrastructure/time/seller-day.ts';

export interface ShipByOrder {
  shipBy?: string | null;
  digitalOnly?: boolean | null;
  paidAt?: string | null;
  createdAt: string;
}

export interface ShipDay {
  /** YYYY-MM-DD on the seller's calendar. */
  day: string;
  source: 'marketplace' | 'processing-days';
}

/** A calendar date moved by whole days; dates, not instants, so no daylight-saving hour slips in. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** When the order ships, or null when there is no parcel (every item a download). */
export function shipDay(
  order: ShipByOrder,
  timeZone: string,
  processingDays: number,
): ShipDay | null {
  if (order.digitalOnly) return null;
  if (order.shipBy)
    return { day: dateInZone(new Date(order.shipBy), timeZone), source: 'marketplace' };
  const paid = dateInZone(new Date(order.paidAt ?? order.createdAt), timeZone);
  return { day: addDays(paid, processingDays), source: 'processing-days' };
}

/** To be packed today: due today, or overdue. */
export function isDueBy(day: ShipDay | null, today: string): boolean {
  return day !== null && day.day <= today;
}

/**
 * The orders of a "to ship today" batch, most overdue first and in payment order within a day;
 * orders with nothing to ship, or due later, are left out.
 */
export function dueToShip<T>(
  orders: readonly T[],
  shipDayOf: (order: T) => ShipDay | null,
  today: string,
): T[] {
  return orders
    .map((order, index) => ({ order, index, day: shipDayOf(order) }))
    .filter(({ day }) => isDueBy(day, today))
    .sort((a, b) => a.day!.day.localeCompare(b.day!.day) || a.index - b.index)
    .map(({ order }) => order);
}
