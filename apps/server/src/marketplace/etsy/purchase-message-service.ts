// The Etsy purchase message (Etsy's sale_message and digital_sale_message): what the seller wrote in
// Thankly, what Thankly last saved on Etsy, and whether the seller has changed it on Etsy since.
//
// Dated messages (a date range with its own texts, e.g. a holiday message) are switched in and out by
// purchase-message-schedule.ts through the same adapter call as a save. A save, too, puts on Etsy
// the texts the schedule says are due today: the regular ones, or a live dated message's. The
// never-overwrite rule (changes made on Etsy are kept until the seller chooses) holds for both.
import {
  PURCHASE_MESSAGE_MAX_CHARS,
  PURCHASE_MESSAGE_TEXTS,
  type PurchaseMessage,
  type PurchaseMessageInput,
  type PurchaseMessageTokenValues,
  purchaseMessageLength,
  renderPurchaseMessage,
  tooLongMessage,
} from '@thankly/api-contract';
import { eq } from 'drizzle-orm';
import type { MarketplaceContext } from '../marketplace-context.ts';
import { purchaseMessages, sendingSettings } from '../../infrastructure/db/schema.ts';
import { AppError } from '../../infrastructure/http/errors.ts';
import { loggableError } from '../../infrastructure/http/loggable-error.ts';
import {
  BudgetExhaustedError,
  GrantRevokedError,
  RateLimitedError,
} from '../marketplace-adapter.ts';
import { type ShopRow, findShop, withShopAccess } from '../shops-service.ts';
import {
  ETSY_PURCHASE_MESSAGE_SCOPE,
  type EtsyAdapter,
  type EtsyPurchaseMessages,
  MissingScopeError,
} from './etsy-adapter.ts';
import { ETSY_PURCHASES_URL } from './etsy-marketplace.ts';
import { dueEntry, loadPurchaseMessageCalendar, textsDuring } from './purchase-message-calendar.ts';

export type PurchaseMessageRow = typeof purchaseMessages.$inferSelect;

/**
 * A poll compares Etsy's texts with the saved ones at most this often: each look is one request of
 * the daily budget, and sellers rarely edit the message on Etsy. Opening the panel always looks.
 */
export const PURCHASE_MESSAGE_CHECK_SECONDS = 15 * 60;

/** Why the shop cannot be written to until the seller connects it again; null when it can. */
export function reconnectReason(shop: ShopRow): string | null {
  if (shop.status !== 'connected') return PURCHASE_MESSAGE_TEXTS.reconnect;
  const scopes = (shop.grantedScopes ?? '').split(' ');
  return scopes.includes(ETSY_PURCHASE_MESSAGE_SCOPE) ? null : PURCHASE_MESSAGE_TEXTS.reconnect;
}

/** The seller's Etsy shop and the Etsy adapter; another seller's shop is a 404. */
export async function etsyShopOf(
  ctx: MarketplaceContext,
  userId: string,
  shopId: string,
): Promise<{ shop: ShopRow; etsy: EtsyAdapter }> {
  const shop = await findShop(ctx.db, userId, shopId);
  if (shop.marketplace !== 'etsy') throw new AppError('invalid', PURCHASE_MESSAGE_TEXTS.notEtsy);
  const etsy = ctx.marketplaces.etsy;
  if (!etsy) throw new AppError('unavailable', PURCHASE_MESSAGE_TEXTS.etsyUnavailable);
  return { shop, etsy };
}

export async function tokenValuesFor(
  ctx: MarketplaceContext,
  shop: ShopRow,
): Promise<PurchaseMessageTokenValues> {
  const [settings] = await ctx.db
    .select({ couponCode: sendingSettings.couponCode })
    .from(sendingSettings)
    .where(eq(sendingSettings.userId, shop.userId));
  return {
    'shop-name': shop.name,
    ...(shop.url ? { 'shop-url': shop.url } : {}),
    'review-link': ETSY_PURCHASES_URL,
    ...(settings?.couponCode ? { 'coupon-code': settings.couponCode } : {}),
  };
}

export async function rowOf(
  ctx: MarketplaceContext,
  shopId: string,
): Promise<PurchaseMessageRow | undefined> {
  const [row] = await ctx.db
    .select()
    .from(purchaseMessages)
    .where(eq(purchaseMessages.shopId, shopId));
  return row;
}

/**
 * Compares Etsy's current texts with what Thankly last saved there, and records the difference
 * (or its end, when the seller put Etsy's back). A shop Thankly never saved to starts from Etsy's
 * texts, so the seller edits what buyers get today. Returns the row as it now is.
 */
export async function compareWithEtsy(
  ctx: MarketplaceContext,
  shop: ShopRow,
  onEtsy: EtsyPurchaseMessages,
  row: PurchaseMessageRow | undefined,
): Promise<PurchaseMessageRow> {
  const now = ctx.clock.now();
  if (!row) {
    const [created] = await ctx.db
      .insert(purchaseMessages)
      .values({
        shopId: shop.id,
        message: onEtsy.message,
        digitalMessage: onEtsy.digitalMessage,
        checkedAt: now,
      })
      .onConflictDoUpdate({ target: purchaseMessages.shopId, set: { checkedAt: now } })
      .returning();
    return created!;
  }
  if (row.lastPushedAt === null) {
    // Never saved from Thankly: the texts are Etsy's, kept as they are there now.
    const [updated] = await ctx.db
      .update(purchaseMessages)
      .set({ message: onEtsy.message, digitalMessage: onEtsy.digitalMessage, checkedAt: now })
      .where(eq(purchaseMessages.shopId, shop.id))
      .returning();
    return updated!;
  }
  const changed =
    onEtsy.message !== (row.pushedMessage ?? '') ||
    onEtsy.digitalMessage !== (row.pushedDigitalMessage ?? '');
  const [updated] = await ctx.db
    .update(purchaseMessages)
    .set(
      changed
        ? {
            etsyMessage: onEtsy.message,
            etsyDigitalMessage: onEtsy.digitalMessage,
            changedOnEtsyAt: row.changedOnEtsyAt ?? now,
            checkedAt: now,
          }
        : { etsyMessage: null, etsyDigitalMessage: null, changedOnEtsyAt: null, checkedAt: now },
    )
    .where(eq(purchaseMessages.shopId, shop.id))
    .returning();
  if (changed && !row.changedOnEtsyAt)
    ctx.log.info({ shopId: shop.id }, 'the purchase message was changed on Etsy');
  return updated!;
}

function toReply(
  shop: ShopRow,
  row: PurchaseMessageRow | undefined,
  tokenValues: PurchaseMessageTokenValues,
): PurchaseMessage {
  return {
    message: row?.message ?? '',
    digitalMessage: row?.digitalMessage ?? '',
    lastPushedAt: row?.lastPushedAt?.toISOString() ?? null,
    changedOnEtsy:
      row?.changedOnEtsyAt && row.etsyMessage !== null && row.etsyDigitalMessage !== null
        ? { message: row.etsyMessage, digitalMessage: row.etsyDigitalMessage }
        : null,
    reconnectReason: reconnectReason(shop),
    tokenValues,
  };
}

/** Both texts as Etsy will send them (tokens filled in), refused when one is over Etsy's limit. */
export function renderForEtsy(
  texts: { message: string; digitalMessage: string },
  tokenValues: PurchaseMessageTokenValues,
): EtsyPurchaseMessages {
  const rendered = {
    message: renderPurchaseMessage(texts.message, tokenValues),
    digitalMessage: renderPurchaseMessage(texts.digitalMessage, tokenValues),
  };
  for (const text of [rendered.message, rendered.digitalMessage]) {
    const length = purchaseMessageLength(text);
    if (length > PURCHASE_MESSAGE_MAX_CHARS) throw new AppError('invalid', tooLongMessage(length));
  }
  return rendered;
}

/** A scheduled switch, done or not needed any more: nothing waits, nothing is held. */
export const SWITCH_SETTLED = {
  switchFailures: 0,
  switchRetryAt: null,
  switchProblem: null,
} as const;

/** Etsy's current texts, through the shop's token (kept fresh, with the shop's budget and limits). */
export function readFromEtsy(ctx: MarketplaceContext, etsy: EtsyAdapter, shop: ShopRow) {
  return withShopAccess(ctx, etsy, shop, (access) => etsy.getPurchaseMessages(access));
}

/** GET: the seller's message, with Etsy's looked at now (a failed look leaves what was known). */
export async function getPurchaseMessage(
  ctx: MarketplaceContext,
  userId: string,
  shopId: string,
): Promise<PurchaseMessage> {
  const { shop, etsy } = await etsyShopOf(ctx, userId, shopId);
  let row = await rowOf(ctx, shop.id);
  if (shop.status === 'connected') {
    try {
      row = await compareWithEtsy(ctx, shop, await readFromEtsy(ctx, etsy, shop), row);
    } catch (error) {
      ctx.log.warn(
        { err: loggableError(error), shopId: shop.id },
        'reading the purchase message from Etsy failed',
      );
    }
  }
  const current = await findShop(ctx.db, userId, shop.id);
  return toReply(current, row, await tokenValuesFor(ctx, current));
}

/** Etsy's failures, in the seller's words; the shop's own problems first. */
export function etsyFailure(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof MissingScopeError || error instanceof GrantRevokedError)
    return new AppError('forbidden', PURCHASE_MESSAGE_TEXTS.reconnect, undefined, {
      reconnect: true,
    });
  if (error instanceof RateLimitedError)
    return new AppError('rate_limited', PURCHASE_MESSAGE_TEXTS.etsyBusy);
  if (error instanceof BudgetExhaustedError)
    return new AppError('unavailable', PURCHASE_MESSAGE_TEXTS.budgetSpent);
  return new AppError(
    'upstream_failed',
    PURCHASE_MESSAGE_TEXTS.etsyRefused,
    error instanceof Error ? error.message : String(error),
  );
}

/**
 * Saves both texts on Etsy (updateShop) and answers once Etsy accepted them. Refused, before
 * anything reaches Etsy, when the seller changed the message on Etsy and did not choose to replace
 * it, or when the shop lacks the permission. Nothing is recorded as saved unless Etsy took it.
 */
export async function pushPurchaseMessage(
  ctx: MarketplaceContext,
  userId: string,
  shopId: string,
  input: PurchaseMessageInput,
): Promise<PurchaseMessage> {
  const { shop, etsy } = await etsyShopOf(ctx, userId, shopId);
  const reason = reconnectReason(shop);
  if (reason) throw new AppError('forbidden', reason, undefined, { reconnect: true });
  const tokenValues = await tokenValuesFor(ctx, shop);
  renderForEtsy(input, tokenValues);
  // During a dated message's range, Etsy keeps the dated texts: the regular ones wait for its end.
  const calendar = await loadPurchaseMessageCalendar(ctx, shop);
  const due = dueEntry(calendar.entries, calendar.today, calendar.paid);
  const rendered = renderForEtsy(textsDuring(input, due), tokenValues);
  let saved: EtsyPurchaseMessages;
  try {
    // Etsy's texts as they are now, so a change made there since the last poll is never lost.
    const before = await rowOf(ctx, shop.id);
    const seen = await compareWithEtsy(ctx, shop, await readFromEtsy(ctx, etsy, shop), before);
    if (seen.changedOnEtsyAt && input.overwriteEtsyChanges !== true) {
      throw new AppError('conflict', PURCHASE_MESSAGE_TEXTS.conflict, undefined, {
        changedOnEtsy: { message: seen.etsyMessage, digitalMessage: seen.etsyDigitalMessage },
      });
    }
    saved = await withShopAccess(ctx, etsy, shop, (access) =>
      etsy.updatePurchaseMessages(access, rendered),
    );
  } catch (error) {
    throw etsyFailure(error);
  }
  const now = ctx.clock.now();
  const values = {
    message: input.message,
    digitalMessage: input.digitalMessage,
    // What Etsy answered it now holds: the next comparison is with Etsy's own form of the text.
    pushedMessage: saved.message,
    pushedDigitalMessage: saved.digitalMessage,
    lastPushedAt: now,
    etsyMessage: null,
    etsyDigitalMessage: null,
    changedOnEtsyAt: null,
    checkedAt: now,
    liveScheduleId: due?.id ?? null,
    ...SWITCH_SETTLED,
  };
  const [row] = await ctx.db
    .insert(purchaseMessages)
    .values({ shopId: shop.id, ...values })
    .onConflictDoUpdate({ target: purchaseMessages.shopId, set: values })
    .returning();
  return toReply(shop, row, tokenValues);
}

/**
 * The seller keeps the version they wrote on Etsy: nothing is written to Etsy. With no dated
 * message involved it becomes the shop's regular message in Thankly; while one is live or due, it
 * stays on Etsy for that stretch (the switch counts as made) and the schedule carries on from its
 * next switch.
 */
export async function keepEtsyPurchaseMessage(
  ctx: MarketplaceContext,
  userId: string,
  shopId: string,
): Promise<PurchaseMessage> {
  const { shop } = await etsyShopOf(ctx, userId, shopId);
  const row = await rowOf(ctx, shop.id);
  let kept = row;
  if (row?.changedOnEtsyAt && row.etsyMessage !== null && row.etsyDigitalMessage !== null) {
    const calendar = await loadPurchaseMessageCalendar(ctx, shop);
    const due = dueEntry(calendar.entries, calendar.today, calendar.paid);
    const dated = due !== null || row.liveScheduleId !== null;
    [kept] = await ctx.db
      .update(purchaseMessages)
      .set({
        ...(dated
          ? { liveScheduleId: due?.id ?? null, ...SWITCH_SETTLED }
          : { message: row.etsyMessage, digitalMessage: row.etsyDigitalMessage }),
        pushedMessage: row.etsyMessage,
        pushedDigitalMessage: row.etsyDigitalMessage,
        etsyMessage: null,
        etsyDigitalMessage: null,
        changedOnEtsyAt: null,
      })
      .where(eq(purchaseMessages.shopId, shop.id))
      .returning();
  }
  return toReply(shop, kept, await tokenValuesFor(ctx, shop));
}

/**
 * At a poll of an Etsy shop Thankly has saved a message to: looks at Etsy's texts (at most every
 * PURCHASE_MESSAGE_CHECK_SECONDS) and records a change made there. Never throws: a failed look
 * waits for the next poll.
 */
export async function checkPurchaseMessageAtPoll(
  ctx: MarketplaceContext,
  shop: ShopRow,
): Promise<void> {
  const etsy = ctx.marketplaces.etsy;
  if (shop.marketplace !== 'etsy' || !etsy || shop.status !== 'connected') return;
  const row = await rowOf(ctx, shop.id);
  if (!row?.lastPushedAt) return;
  const now = ctx.clock.now().getTime();
  if (row.checkedAt && now - row.checkedAt.getTime() < PURCHASE_MESSAGE_CHECK_SECONDS * 1000)
    return;
  try {
    await compareWithEtsy(ctx, shop, await readFromEtsy(ctx, etsy, shop), row);
  } catch (error) {
    ctx.log.warn(
      { err: loggableError(error), shopId: shop.id },
      'reading the purchase message from Etsy at a poll failed',
    );
  }
}
