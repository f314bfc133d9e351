// Dated Etsy purchase messages: a seller gives a date range its own texts (a holiday message from
// 1 to 31 December), and Thankly switches Etsy's purchase message to them at midnight starting the
// range and back to the regular message at midnight after it ends, on the seller's calendar.
//
// How a switch stays exactly-once and never overwrites the seller:
// - Which texts Etsy has from Thankly is recorded (purchase_messages.live_schedule_id); a switch is
//   due while that differs from the entry in effect today, and a recorded switch is never made again.
// - Before writing, Etsy's texts are read. If Etsy already holds the texts the switch would write
//   (an earlier try reached Etsy but its answer was lost), the switch is recorded without a write.
//   If the seller changed the message on Etsy since Thankly last wrote it, the switch is held and
//   the change shown; it goes ahead once the seller keeps Etsy's version or replaces it.
// - A failed switch (Etsy down, rate limited, budget spent) backs off and is tried again; one worker
//   at a time holds a shop's switch (a lease on the row), so two workers never both write.
// - A job runs every minute (ctx.clock decides what is due), so a switch lands within a minute of
//   midnight in the seller's zone.
import {
  PURCHASE_MESSAGE_SCHEDULE_MAX,
  PURCHASE_MESSAGE_TEXTS,
  type PurchaseMessageSchedule,
  type PurchaseMessageScheduleInput,
} from '@thankly/api-contract';
import { addDays } from 'date-fns/addDays';
import { and, count, eq, gte, isNotNull, isNull, lt, or } from 'drizzle-orm';
import { z } from 'zod';
import type { MarketplaceContext } from '../marketplace-context.ts';
import {
  purchaseMessageSchedule,
  purchaseMessages,
  shops,
} from '../../infrastructure/db/schema.ts';
import { AppError } from '../../infrastructure/http/errors.ts';
import { loggableError } from '../../infrastructure/http/loggable-error.ts';
import { defineJob, jobWorker } from '../../infrastructure/jobs/job-queue.ts';
import { dateInZone } from '../../infrastructure/time/seller-day.ts';
import { RateLimitedError } from '../marketplace-adapter.ts';
import { type ShopRow, withShopAccess } from '../shops-service.ts';
import {
  type PurchaseMessageCalendar,
  type ScheduleEntryRow,
  dueEntry,
  loadPurchaseMessageCalendar,
  nextSwitch,
  textsDuring,
} from './purchase-message-calendar.ts';
import {
  PURCHASE_MESSAGE_CHECK_SECONDS,
  type PurchaseMessageRow,
  SWITCH_SETTLED,
  compareWithEtsy,
  etsyFailure,
  etsyShopOf,
  readFromEtsy,
  reconnectReason,
  renderForEtsy,
  rowOf,
  tokenValuesFor,
} from './purchase-message-service.ts';

/**
 * What live_schedule_id says while Etsy holds texts of a dated message that was since edited: no
 * entry's id (and not null, the regular message's), so a switch to what is due is always due.
 */
export const SUPERSEDED_ENTRY_ID = '00000000-0000-0000-0000-000000000000';

/** How long one worker holds a shop's switch: longer than a read and a write to Etsy can take. */
const SWITCH_LEASE_MS = 2 * 60 * 1000;
/** A failed switch waits a minute, then twice as long each time, up to an hour. */
const FIRST_RETRY_SECONDS = 60;
const LONGEST_RETRY_SECONDS = 60 * 60;

export type SwitchOutcome =
  /** Etsy already has what the schedule says (nothing to do). */
  | 'in-step'
  | 'switched'
  /** The seller changed the message on Etsy: held until they choose. */
  | 'held'
  | 'failed'
  /** A failed switch is backing off. */
  | 'waiting'
  /** Another worker is switching this shop right now. */
  | 'busy';

/** The row for the shop, made (empty, to be filled from Etsy) when the seller never opened it. */
async function ensureRow(ctx: MarketplaceContext, shopId: string): Promise<PurchaseMessageRow> {
  await ctx.db.insert(purchaseMessages).values({ shopId }).onConflictDoNothing();
  return (await rowOf(ctx, shopId))!;
}

function retryDelaySeconds(failures: number, error: unknown): number {
  const backoff = Math.min(LONGEST_RETRY_SECONDS, FIRST_RETRY_SECONDS * 2 ** (failures - 1));
  return error instanceof RateLimitedError ? Math.max(backoff, error.retryAfterSeconds) : backoff;
}

/**
 * Brings the shop's purchase message on Etsy in step with its schedule, if a switch is due.
 * Never throws: a failure is recorded on the row (the seller sees why) and retried later.
 * `ignoreBackoff`: the seller just changed the schedule, so a backing-off switch is tried now.
 */
export async function switchPurchaseMessage(
  ctx: MarketplaceContext,
  shop: ShopRow,
  options: { ignoreBackoff?: boolean } = {},
): Promise<SwitchOutcome> {
  const etsy = ctx.marketplaces.etsy;
  if (shop.marketplace !== 'etsy' || !etsy) return 'in-step';
  const calendar = await loadPurchaseMessageCalendar(ctx, shop);
  const due = dueEntry(calendar.entries, calendar.today, calendar.paid);
  const existing = await rowOf(ctx, shop.id);
  if ((existing?.liveScheduleId ?? null) === (due?.id ?? null)) return 'in-step';
  const now = ctx.clock.now();
  if (!options.ignoreBackoff && existing?.switchRetryAt && existing.switchRetryAt > now)
    return 'waiting';
  const row = existing ?? (await ensureRow(ctx, shop.id));
  const [claimed] = await ctx.db
    .update(purchaseMessages)
    .set({ switchLeaseUntil: new Date(now.getTime() + SWITCH_LEASE_MS) })
    .where(
      and(
        eq(purchaseMessages.shopId, shop.id),
        or(isNull(purchaseMessages.switchLeaseUntil), lt(purchaseMessages.switchLeaseUntil, now)),
      ),
    )
    .returning();
  if (!claimed) return 'busy';
  try {
    const reason = reconnectReason(shop);
    if (reason) throw new AppError('forbidden', reason);
    const onEtsy = await readFromEtsy(ctx, etsy, shop);
    const seen = await compareWithEtsy(ctx, shop, onEtsy, claimed);
    // `seen` holds the regular texts (taken from Etsy if Thankly never saved any).
    const target = renderForEtsy(textsDuring(seen, due), await tokenValuesFor(ctx, shop));
    const alreadyThere =
      onEtsy.message === target.message && onEtsy.digitalMessage === target.digitalMessage;
    if (!alreadyThere && seen.changedOnEtsyAt) {
      await ctx.db
        .update(purchaseMessages)
        .set({
          switchProblem: PURCHASE_MESSAGE_TEXTS.switchHeld,
          // Looked at again no sooner than a poll would: each look spends the day's budget.
          switchRetryAt: new Date(now.getTime() + PURCHASE_MESSAGE_CHECK_SECONDS * 1000),
        })
        .where(eq(purchaseMessages.shopId, shop.id));
      if (!row.switchProblem)
        ctx.log.info(
          { shopId: shop.id },
          'scheduled purchase message switch held: changed on Etsy',
        );
      return 'held';
    }
    // The same adapter call as a seller's save (updateShop).
    const saved = alreadyThere
      ? onEtsy
      : await withShopAccess(ctx, etsy, shop, (access) =>
          etsy.updatePurchaseMessages(access, target),
        );
    const at = ctx.clock.now();
    await ctx.db
      .update(purchaseMessages)
      .set({
        pushedMessage: saved.message,
        pushedDigitalMessage: saved.digitalMessage,
        lastPushedAt: at,
        etsyMessage: null,
        etsyDigitalMessage: null,
        changedOnEtsyAt: null,
        checkedAt: at,
        liveScheduleId: due?.id ?? null,
        ...SWITCH_SETTLED,
      })
      .where(eq(purchaseMessages.shopId, shop.id));
    ctx.log.info(
      { shopId: shop.id, entryId: due?.id ?? null, written: !alreadyThere },
      'scheduled purchase message switch made',
    );
    return 'switched';
  } catch (error) {
    const failures = row.switchFailures + 1;
    await ctx.db
      .update(purchaseMessages)
      .set({
        switchFailures: failures,
        switchRetryAt: new Date(now.getTime() + retryDelaySeconds(failures, error) * 1000),
        switchProblem: etsyFailure(error).message,
      })
      .where(eq(purchaseMessages.shopId, shop.id));
    ctx.log.warn(
      { err: loggableError(error), shopId: shop.id, failures },
      'scheduled purchase message switch failed; it will be tried again',
    );
    return 'failed';
  } finally {
    await ctx.db
      .update(purchaseMessages)
      .set({ switchLeaseUntil: null })
      .where(eq(purchaseMessages.shopId, shop.id));
  }
}

/**
 * Every shop whose schedule may need a switch: one with a dated message not yet over (two days of
 * slack covers every time zone) or one whose dated message is live. Answers the outcomes, counted.
 */
export async function runDuePurchaseMessageSwitches(
  ctx: MarketplaceContext,
): Promise<Partial<Record<SwitchOutcome, number>>> {
  const earliestEnd = dateInZone(addDays(ctx.clock.now(), -2), 'UTC');
  const withEntries = ctx.db
    .selectDistinct({ shopId: purchaseMessageSchedule.shopId })
    .from(purchaseMessageSchedule)
    .where(gte(purchaseMessageSchedule.endDate, earliestEnd));
  const withLive = ctx.db
    .select({ shopId: purchaseMessages.shopId })
    .from(purchaseMessages)
    .where(isNotNull(purchaseMessages.liveScheduleId));
  const ids = [...new Set([...(await withEntries), ...(await withLive)].map((r) => r.shopId))];
  const outcomes: Partial<Record<SwitchOutcome, number>> = {};
  for (const id of ids) {
    const [shop] = await ctx.db.select().from(shops).where(eq(shops.id, id));
    if (!shop || shop.marketplace !== 'etsy') continue;
    const outcome = await switchPurchaseMessage(ctx, shop);
    outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
  }
  return outcomes;
}

/** Every minute: the switches that are due (the handler reads ctx.clock, so tests move time). */
export const purchaseMessageSwitchJob = defineJob({
  name: 'purchase-message-switches',
  payload: z.object({}).passthrough(),
  retryLimit: 0,
  retryDelay: 60,
  pollingIntervalSeconds: 10,
});

// Dated Etsy purchase messages switch at the seller's midnight: looked for every minute.
export const purchaseMessageSwitchWorker = jobWorker(
  purchaseMessageSwitchJob,
  async (ctx: MarketplaceContext) => {
    await runDuePurchaseMessageSwitches(ctx);
  },
  { schedule: '* * * * *' },
);

function toView(
  calendar: PurchaseMessageCalendar,
  row: PurchaseMessageRow | undefined,
): PurchaseMessageSchedule {
  const due = dueEntry(calendar.entries, calendar.today, calendar.paid)?.id ?? null;
  const live = row?.liveScheduleId ?? null;
  const next = nextSwitch(calendar);
  return {
    entries: calendar.entries.map((entry) => ({
      id: entry.id,
      startDate: entry.startDate,
      endDate: entry.endDate,
      message: entry.message,
      digitalMessage: entry.digitalMessage,
    })),
    timeZone: calendar.timeZone,
    available: calendar.paid,
    liveEntryId: live,
    dueEntryId: due,
    nextSwitch: next && { ...next, at: next.at.toISOString() },
    waiting:
      due === live
        ? null
        : {
            reason:
              row?.switchProblem ??
              (row?.changedOnEtsyAt
                ? PURCHASE_MESSAGE_TEXTS.switchHeld
                : PURCHASE_MESSAGE_TEXTS.switchPending),
            retryAt: row?.switchRetryAt?.toISOString() ?? null,
          },
  };
}

async function viewOf(ctx: MarketplaceContext, shop: ShopRow): Promise<PurchaseMessageSchedule> {
  return toView(await loadPurchaseMessageCalendar(ctx, shop), await rowOf(ctx, shop.id));
}

/** GET: the shop's dated messages, what is live on Etsy, the next switch. */
export async function getPurchaseMessageSchedule(
  ctx: MarketplaceContext,
  userId: string,
  shopId: string,
): Promise<PurchaseMessageSchedule> {
  const { shop } = await etsyShopOf(ctx, userId, shopId);
  return viewOf(ctx, shop);
}

/** What makes a dated message unsavable, before anything is stored: plan, and Etsy's length. */
async function checkEntry(
  ctx: MarketplaceContext,
  shop: ShopRow,
  input: PurchaseMessageScheduleInput,
): Promise<void> {
  const calendar = await loadPurchaseMessageCalendar(ctx, shop);
  if (!calendar.paid) throw new AppError('forbidden', PURCHASE_MESSAGE_TEXTS.schedulePaid);
  renderForEtsy(input, await tokenValuesFor(ctx, shop));
}

async function findEntry(ctx: MarketplaceContext, shopId: string, entryId: string) {
  const [entry] = await ctx.db
    .select()
    .from(purchaseMessageSchedule)
    .where(
      and(eq(purchaseMessageSchedule.id, entryId), eq(purchaseMessageSchedule.shopId, shopId)),
    );
  if (!entry) throw new AppError('not_found', PURCHASE_MESSAGE_TEXTS.scheduleNotFound);
  return entry;
}

/** After a change to the schedule: a switch it makes due today goes now (or is retried). */
async function settle(ctx: MarketplaceContext, shop: ShopRow): Promise<PurchaseMessageSchedule> {
  await switchPurchaseMessage(ctx, shop, { ignoreBackoff: true });
  return viewOf(ctx, shop);
}

export async function addPurchaseMessageScheduleEntry(
  ctx: MarketplaceContext,
  userId: string,
  shopId: string,
  input: PurchaseMessageScheduleInput,
): Promise<PurchaseMessageSchedule> {
  const { shop } = await etsyShopOf(ctx, userId, shopId);
  await checkEntry(ctx, shop, input);
  const [{ entries } = { entries: 0 }] = await ctx.db
    .select({ entries: count() })
    .from(purchaseMessageSchedule)
    .where(eq(purchaseMessageSchedule.shopId, shop.id));
  if (entries >= PURCHASE_MESSAGE_SCHEDULE_MAX)
    throw new AppError('conflict', PURCHASE_MESSAGE_TEXTS.scheduleFull);
  await ctx.db.insert(purchaseMessageSchedule).values({
    shopId: shop.id,
    startDate: input.startDate,
    endDate: input.endDate,
    message: input.message,
    digitalMessage: input.digitalMessage,
  });
  return settle(ctx, shop);
}

export async function updatePurchaseMessageScheduleEntry(
  ctx: MarketplaceContext,
  userId: string,
  shopId: string,
  entryId: string,
  input: PurchaseMessageScheduleInput,
): Promise<PurchaseMessageSchedule> {
  const { shop } = await etsyShopOf(ctx, userId, shopId);
  const entry: ScheduleEntryRow = await findEntry(ctx, shop.id, entryId);
  await checkEntry(ctx, shop, input);
  await ctx.db
    .update(purchaseMessageSchedule)
    .set({
      startDate: input.startDate,
      endDate: input.endDate,
      message: input.message,
      digitalMessage: input.digitalMessage,
      updatedAt: ctx.clock.now(),
    })
    .where(eq(purchaseMessageSchedule.id, entry.id));
  // New texts or dates for the live entry are a switch too: Etsy must get what is due now.
  const row = await rowOf(ctx, shop.id);
  if (row?.liveScheduleId === entry.id)
    await ctx.db
      .update(purchaseMessages)
      .set({ liveScheduleId: SUPERSEDED_ENTRY_ID, ...SWITCH_SETTLED })
      .where(eq(purchaseMessages.shopId, shop.id));
  return settle(ctx, shop);
}

export async function deletePurchaseMessageScheduleEntry(
  ctx: MarketplaceContext,
  userId: string,
  shopId: string,
  entryId: string,
): Promise<PurchaseMessageSchedule> {
  const { shop } = await etsyShopOf(ctx, userId, shopId);
  const entry = await findEntry(ctx, shop.id, entryId);
  await ctx.db.delete(purchaseMessageSchedule).where(eq(purchaseMessageSchedule.id, entry.id));
  return settle(ctx, shop);
}
