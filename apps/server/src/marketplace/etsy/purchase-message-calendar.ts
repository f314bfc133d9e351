// When each of a shop's dated purchase messages is in effect, on the seller's own calendar. Pure
// apart from `loadPurchaseMessageCalendar`; the switching itself is in purchase-message-schedule.ts.
import { TZDate } from '@date-fns/tz';
import { pickEffectiveTemplate, sellerHasPaidFeatures } from '@thankly/api-contract';
import { addDays } from 'date-fns/addDays';
import { asc, eq } from 'drizzle-orm';
import type { MarketplaceContext } from '../marketplace-context.ts';
import { purchaseMessageSchedule, users } from '../../infrastructure/db/schema.ts';
import { dateInZone } from '../../infrastructure/time/seller-day.ts';
import type { ShopRow } from '../shops-service.ts';

export type ScheduleEntryRow = typeof purchaseMessageSchedule.$inferSelect;

export interface PurchaseMessageCalendar {
  entries: ScheduleEntryRow[];
  timeZone: string;
  /** Dated messages need paid features, as dated templates do; without them none is in effect. */
  paid: boolean;
  /** The seller's date now, YYYY-MM-DD. */
  today: string;
}

/** The shop's dated messages (earliest first) and the seller's zone, plan and date at `now`. */
export async function loadPurchaseMessageCalendar(
  ctx: MarketplaceContext,
  shop: ShopRow,
): Promise<PurchaseMessageCalendar> {
  const [seller] = await ctx.db
    .select({ timeZone: users.timeZone, plan: users.plan })
    .from(users)
    .where(eq(users.id, shop.userId));
  const entries = await ctx.db
    .select()
    .from(purchaseMessageSchedule)
    .where(eq(purchaseMessageSchedule.shopId, shop.id))
    .orderBy(asc(purchaseMessageSchedule.startDate), asc(purchaseMessageSchedule.createdAt));
  const timeZone = seller?.timeZone ?? 'UTC';
  return {
    entries,
    timeZone,
    paid: seller ? sellerHasPaidFeatures(seller.plan) : false,
    today: dateInZone(ctx.clock.now(), timeZone),
  };
}

/**
 * The dated message in effect on `date`, by the template schedule's rule (spec section 4): among
 * the ranges holding the date, the latest start wins (then the later end, then the id).
 */
export function dueEntry(
  entries: readonly ScheduleEntryRow[],
  date: string,
  paid: boolean,
): ScheduleEntryRow | null {
  const candidates = entries.map((entry) => ({ ...entry, conditionsEnabled: true }));
  const { templateId } = pickEffectiveTemplate(candidates, null, paid, date);
  return entries.find((entry) => entry.id === templateId) ?? null;
}

/** The instant a calendar date begins in a time zone (midnight there, daylight saving included). */
export function startOfDateIn(date: string, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  // A plain Date: a TZDate would print itself in the zone's offset, not as UTC.
  return new Date(new TZDate(year, month - 1, day, timeZone).getTime());
}

/** The calendar date after `date` (YYYY-MM-DD). */
export function nextDate(date: string): string {
  return dateInZone(addDays(startOfDateIn(date, 'UTC'), 1), 'UTC');
}

export interface ScheduledSwitch {
  /** The instant of the switch: midnight starting `date` in the seller's zone. */
  at: Date;
  date: string;
  /** What goes live then: a dated message's id, or null for the regular message. */
  entryId: string | null;
}

/**
 * The next day after `today` on which the message in effect changes, found among the days a range
 * starts or the day after one ends. Null when nothing changes again.
 */
export function nextSwitch(calendar: PurchaseMessageCalendar): ScheduledSwitch | null {
  const { entries, today, paid, timeZone } = calendar;
  if (!paid) return null;
  const current = dueEntry(entries, today, paid)?.id ?? null;
  const days = [...new Set(entries.flatMap((entry) => [entry.startDate, nextDate(entry.endDate)]))]
    .filter((day) => day > today)
    .sort();
  for (const day of days) {
    const entryId = dueEntry(entries, day, paid)?.id ?? null;
    if (entryId !== current) return { at: startOfDateIn(day, timeZone), date: day, entryId };
  }
  return null;
}

/** A dated message's texts, each empty one standing for the regular text of its kind. */
export function textsDuring(
  regular: { message: string; digitalMessage: string },
  entry: Pick<ScheduleEntryRow, 'message' | 'digitalMessage'> | null,
): { message: string; digitalMessage: string } {
  if (!entry) return { message: regular.message, digitalMessage: regular.digitalMessage };
  return {
    message: entry.message.trim() === '' ? regular.message : entry.message,
    digitalMessage:
      entry.digitalMessage.trim() === '' ? regular.digitalMessage : entry.digitalMessage,
  };
}
