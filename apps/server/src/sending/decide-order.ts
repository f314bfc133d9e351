import { type Placeholder, and, eq, sql } from 'drizzle-orm';
import {
  type ByHandReason,
  type Marketplace,
  THANK_YOU_STEP,
  getPlan,
  UNLIMITED,
  pickEffectiveTemplate,
  sellerHasPaidFeatures,
} from '@thankly/api-contract';
import { type FollowUpStep, followUpTemplate } from '../journeys/follow-up-decision.ts';
import { JOURNEY_SKIP_REASONS } from '../orders/journey-skip-reasons.ts';
import type { Database } from '../infrastructure/db/database.ts';
import { preparedPerDatabase } from '../infrastructure/db/prepared-per-database.ts';
import { MARKETPLACE_MODULES } from '../marketplace/registry.ts';
import type { ShopRow } from '../marketplace/shops-service.ts';
import {
  journeySteps,
  orderEmails,
  sendingDomains,
  sendingPauses,
  sendingSettings,
  platformSuppressions,
  suppressions,
  shops,
  templateSelections,
  templates,
  unsubscribes,
  users,
} from '../infrastructure/db/schema.ts';
import type { MarketplaceOrder } from '../orders/marketplace-order.ts';
import { readStoredOrder } from '../orders/stored-order.ts';
import type { SendableTemplate } from '../buyer-email/sendable-template.ts';
import type { SealedSenderDomain } from '../sending-domains/sending-domains-service.ts';
import { athensDate } from '../infrastructure/time/athens.ts';
import { buyerAddress } from '../orders/buyer-address.ts';
import { countedToday } from './daily-limit.ts';
import { DesignCache } from './design-cache.ts';
import { SKIP_REASONS } from '../orders/skip-reasons.ts';

export type OrderEmailRow = typeof orderEmails.$inferSelect;

/** What the daily limit counts per email: the one buyer it is addressed to, never more. */
export const RECIPIENTS_PER_EMAIL = 1;

/** Everything needed to compose one order's email, read while deciding it. */
export interface Delivery {
  row: OrderEmailRow;
  /** The order as stored, checked against today's order schema: the source of the tokens. */
  order: MarketplaceOrder;
  /** The single checked address this email goes to (no list, no name, no cc/bcc). */
  recipient: string;
  template: SendableTemplate;
  shop: { id: string; name: string; url: string | null; marketplace: Marketplace };
  sellerEmail: string;
  postalAddress: string;
  couponCode: string;
  /** Open pixel and tracked links (insights), unless the seller turned them off. */
  trackingEnabled: boolean;
  /** The seller's verified sending domain (Growth and Business), key still sealed; else null. */
  senderDomain: SealedSenderDomain | null;
  /**
   * What the row records about this email once it is handed to the mail server, for a seller
   * without a daily limit: written with that mark (one write for many orders) rather than on its
   * own. A limited seller's slot is written while deciding, under the seller lock, and this is
   * undefined.
   */
  deferredHold: OrderHold | undefined;
}

/** The template an email is made from and the Athens day it counts on. */
export interface OrderHold {
  countedDay: string;
  templateId: string;
  templateName: string;
  /** The template's published version it is made from (the activity feed links to it). */
  templateVersionId: string | null;
  templateVersion: number | null;
}

export type Decision =
  | { kind: 'send'; delivery: Delivery }
  /** No email: the buyer is to be thanked with a printed card or a marketplace message. */
  | {
      kind: 'by-hand';
      byHand: ByHandReason;
      reason: string;
      template: Pick<SendableTemplate, 'id' | 'name' | 'version'>;
    }
  | { kind: 'skip'; reason: string }
  /** Another worker took the order over (this one was too slow for its lease): leave it alone. */
  | { kind: 'lost' };

/** Only the worker whose claim is still on the row may change it. */
export function stillClaimed(row: OrderEmailRow) {
  return and(
    eq(orderEmails.id, row.id),
    eq(orderEmails.status, 'sending'),
    eq(orderEmails.claimedAt, row.claimedAt!),
  );
}

/**
 * Decides one claimed order. Sellers without a daily limit need no lock and no write of their own:
 * one read, and what the row records goes with the dispatcher's mark (`deferredHold`). A limited
 * seller's order is decided under a lock on the seller's row, so concurrent workers agree on
 * today's count and cannot both take the last slot; a sendable one takes its slot here.
 */
export async function decide(
  db: Database,
  row: OrderEmailRow,
  now: Date,
  designs: DesignCache = new DesignCache(),
): Promise<Decision> {
  const [unlocked] = await preparedDecisionRead(db).execute(decisionParams(row));
  if (!unlocked || getPlan(unlocked.seller.plan).dailyLimit === UNLIMITED) {
    return decideWith(db, row, now, designs, unlocked);
  }
  return db.transaction(async (tx) =>
    decideWith(tx, row, now, designs, await readDecisionContextLocked(tx, row)),
  );
}

type DecisionContext = NonNullable<Awaited<ReturnType<typeof readDecisionContextLocked>>>;

/**
 * The read every order starts with, kept as a prepared statement: building this query took a
 * tenth of a sending worker's time, and planning it some of PostgreSQL's.
 */
const preparedDecisionRead = preparedPerDatabase((db) =>
  decisionContextQuery(db, {
    userId: sql.placeholder('userId'),
    shopId: sql.placeholder('shopId'),
    buyerEmail: sql.placeholder('buyerEmail'),
    happenedAt: sql.placeholder('happenedAt'),
    stepKey: sql.placeholder('stepKey'),
  }).prepare('thankly_decision_context'),
);

/** The same read under the seller lock, inside a transaction (not prepared: tied to the transaction). */
async function readDecisionContextLocked(db: Database, row: OrderEmailRow) {
  const [found] = await decisionContextQuery(db, decisionParams(row)).for('update', {
    of: users,
  });
  return found;
}

type Param = string | Placeholder;

function decisionParams(row: OrderEmailRow) {
  return {
    userId: row.userId,
    shopId: row.shopId,
    buyerEmail: row.buyerEmail ?? '',
    happenedAt: (row.eventAt ?? orderHappenedAt(row)).toISOString(),
    stepKey: row.stepKey,
  };
}

/**
 * When the order was paid, as its marketplace says (its paid time where it gives one, otherwise
 * the order's own time); when Thankly recorded it if the stored order says neither readably.
 */
export function orderHappenedAt(row: Pick<OrderEmailRow, 'order' | 'createdAt'>): Date {
  const order = (row.order ?? {}) as { paidAt?: unknown; createdAt?: unknown };
  for (const value of [order.paidAt, order.createdAt]) {
    if (typeof value !== 'string') continue;
    const time = Date.parse(value);
    if (!Number.isNaN(time)) return new Date(time);
  }
  return row.createdAt;
}

/** Everything a decision reads, in one round trip: seller, shop, coupon, unsubscribe, templates. */
function decisionContextQuery(
  db: Database,
  order: { userId: Param; shopId: Param; buyerEmail: Param; happenedAt: Param; stepKey: Param },
) {
  return db
    .select({
      seller: users,
      shop: {
        id: shops.id,
        name: shops.name,
        url: shops.url,
        marketplace: shops.marketplace,
        thankBy: shops.thankBy,
      },
      couponCode: sendingSettings.couponCode,
      trackingEnabled: sendingSettings.trackingEnabled,
      pausedWhenOrdered: sql<boolean>`EXISTS (SELECT 1 FROM ${sendingPauses} WHERE ${sendingPauses.userId} = ${users.id} AND ${sendingPauses.pausedAt} <= ${order.happenedAt}::timestamptz AND (${sendingPauses.resumedAt} IS NULL OR ${sendingPauses.resumedAt} > ${order.happenedAt}::timestamptz))`,
      isUnsubscribed: sql<boolean>`EXISTS (SELECT 1 FROM ${unsubscribes} WHERE ${unsubscribes.shopId} = ${shops.id} AND ${unsubscribes.email} = ${order.buyerEmail})`,
      suppressedBecause: sql<
        string | null
      >`(SELECT ${suppressions.reason} FROM ${suppressions} WHERE ${suppressions.shopId} = ${shops.id} AND ${suppressions.email} = ${order.buyerEmail})`,
      // A mailbox another shop's email found missing: no shop emails it (mail-events.ts).
      platformSuppressedBecause: sql<
        string | null
      >`(SELECT ${platformSuppressions.reason} FROM ${platformSuppressions} WHERE ${platformSuppressions.email} = lower(${order.buyerEmail}))`,
      // The most recently verified domain, if several are: the one the seller set up last.
      // Its link host only while verified: otherwise links stay on APP_URL.
      senderDomain: sql<SealedSenderDomain | null>`(SELECT json_build_object('domain', ${sendingDomains.domain}, 'localPart', ${sendingDomains.localPart}, 'dkimSelector', ${sendingDomains.dkimSelector}, 'dkimPrivateKey', ${sendingDomains.dkimPrivateKey}, 'linkHost', CASE WHEN ${sendingDomains.linkStatus} = 'verified' THEN ${sendingDomains.linkHost} END) FROM ${sendingDomains} WHERE ${sendingDomains.userId} = ${users.id} AND ${sendingDomains.status} = 'verified' ORDER BY ${sendingDomains.verifiedAt} DESC LIMIT 1)`,
      candidates: sql<
        CandidateJson[]
      >`(SELECT coalesce(json_agg(json_build_object('id', ${templates.id}, 'conditionsEnabled', ${templates.conditionsEnabled}, 'startDate', ${templates.startDate}, 'endDate', ${templates.endDate}, 'updatedAt', ${templates.updatedAt})), '[]'::json) FROM ${templates} WHERE ${templates.userId} = ${users.id})`,
      // A follow-up's journey step (none for the thank-you, whose key is no step id).
      step: sql<FollowUpStep | null>`(SELECT json_build_object('position', ${journeySteps.position}, 'templateId', ${journeySteps.templateId}, 'templateUpdatedAt', ${templates.updatedAt}, 'conditions', ${journeySteps.conditions}) FROM ${journeySteps} LEFT JOIN ${templates} ON ${templates.id} = ${journeySteps.templateId} WHERE ${journeySteps.id}::text = ${order.stepKey} AND ${journeySteps.userId} = ${users.id})`,
      selectedTemplateId: sql<
        string | null
      >`(SELECT ${templateSelections.templateId} FROM ${templateSelections} WHERE ${templateSelections.userId} = ${users.id})`,
    })
    .from(users)
    .innerJoin(shops, and(eq(shops.id, order.shopId), eq(shops.userId, users.id)))
    .leftJoin(sendingSettings, eq(sendingSettings.userId, users.id))
    .where(eq(users.id, order.userId));
}

interface CandidateJson {
  id: string;
  conditionsEnabled: boolean;
  startDate: string | null;
  endDate: string | null;
  updatedAt: string;
}

async function decideWith(
  db: Database,
  row: OrderEmailRow,
  now: Date,
  designs: DesignCache,
  found: DecisionContext | undefined,
): Promise<Decision> {
  if (!found) return { kind: 'skip', reason: 'The shop or its account no longer exists.' };
  const { seller, shop } = found;
  // An operator's suspension and an unproven account address stop everything, whatever the seller
  // set: mail from an account nobody has shown to own is how a throwaway account phishes.
  if (seller.sendingSuspendedAt)
    return { kind: 'skip', reason: SKIP_REASONS.suspended(seller.sendingSuspendedReason) };
  if (!seller.emailVerifiedAt) return { kind: 'skip', reason: SKIP_REASONS.unverified };
  if (seller.deliveryPausedAt)
    return { kind: 'skip', reason: SKIP_REASONS.deliveryPaused(seller.deliveryPausedReason) };
  // Paused now, or paused when the order was paid: a pause covers what happened during it, however
  // late Thankly sees the order, unless the seller has since asked to thank it.
  const isFollowUp = row.stepKey !== THANK_YOU_STEP;
  if (seller.isPaused || (found.pausedWhenOrdered && !row.thankedAfterPauseAt))
    return { kind: 'skip', reason: isFollowUp ? JOURNEY_SKIP_REASONS.paused : SKIP_REASONS.paused };
  // Dated templates start and end on the Athens calendar day, as the daily limit counts (spec 3).
  const today = athensDate(now);
  if (isFollowUp) {
    const chosen = await followUpTemplate(
      db,
      row,
      { plan: seller.plan, thankBy: shop.thankBy, step: found.step },
      designs,
    );
    if ('skip' in chosen) return { kind: 'skip', reason: chosen.skip };
    return decideEmail(db, row, now, found, chosen.template, chosen.order);
  }
  // Withheld address, or a shop set to print: the buyer is thanked by hand, from the same template.
  const byHand = byHandReason(row, shop.thankBy);
  if (byHand) {
    const template = await effectiveTemplate(db, found, today, designs);
    if (!template) return { kind: 'skip', reason: SKIP_REASONS.noTemplate };
    // An order whose stored details no longer read fails here, as it would for an email: its card
    // and message are filled from those details.
    readStoredOrder(row);
    // A card counts against the daily limit when the seller marks it printed, not now.
    return {
      kind: 'by-hand',
      byHand,
      reason: SKIP_REASONS.byHand(byHand, MARKETPLACE_MODULES[shop.marketplace]),
      template: { id: template.id, name: template.name, version: template.version },
    };
  }
  const template = await effectiveTemplate(db, found, today, designs);
  if (!template) return { kind: 'skip', reason: SKIP_REASONS.noTemplate };
  // Before the daily limit: an order that can never be sent must not hold a slot another needs.
  return decideEmail(db, row, now, found, template, readStoredOrder(row));
}

/**
 * The checks every email passes, whichever step it is for, and its slot in today's limit: the
 * buyer's address, unsubscribes and suppressions, then the plan's daily limit.
 */
async function decideEmail(
  db: Database,
  row: OrderEmailRow,
  now: Date,
  found: DecisionContext,
  template: SendableTemplate,
  order: MarketplaceOrder,
): Promise<Decision> {
  const { seller } = found;
  const buyer = checkBuyer(row, found);
  if (!buyer.ok) return { kind: 'skip', reason: buyer.reason };

  const plan = getPlan(seller.plan);
  const hold: OrderHold = {
    countedDay: athensDate(now),
    templateId: template.id,
    templateName: template.name,
    templateVersionId: template.version?.id ?? null,
    templateVersion: template.version?.number ?? null,
  };
  const isLimited = plan.dailyLimit !== UNLIMITED;
  if (isLimited) {
    // The daily limit is a number of recipients. Each counted row is one email to exactly one
    // recipient (RECIPIENTS_PER_EMAIL), so counting rows counts recipients.
    const taken = await countedToday(db, seller.id, hold.countedDay);
    if (taken * RECIPIENTS_PER_EMAIL + RECIPIENTS_PER_EMAIL > plan.dailyLimit) {
      return { kind: 'skip', reason: SKIP_REASONS.dailyLimit(plan.dailyLimit, plan.name) };
    }
    // The slot is taken now, under the seller lock, so the next order's count includes it.
    const held = await db
      .update(orderEmails)
      .set({ ...hold, reason: null })
      .where(stillClaimed(row))
      .returning({ id: orderEmails.id });
    if (held.length === 0) return { kind: 'lost' };
  }
  return {
    kind: 'send',
    delivery: {
      ...deliveryOf(row, found, template, order, buyer.recipient),
      // Nothing to count against: recorded with the mark before sending, which also finds out
      // whether another worker has taken the order over.
      deferredHold: isLimited ? undefined : hold,
    },
  };
}

/**
 * Whether a sent email a receiving server blocked may go again (block-retries.ts), and what it is
 * made of: the version of the template it was made from, the same order, the same buyer. What
 * would stop a new email now stops it (a suspension, a pause, an unsubscribe or a suppression
 * since), except the daily limit: the email was counted when it was first sent.
 */
export async function decideResend(
  db: Database,
  row: OrderEmailRow,
  designs: DesignCache,
): Promise<{ kind: 'send'; delivery: Delivery } | { kind: 'skip'; reason: string }> {
  const [found] = await preparedDecisionRead(db).execute(decisionParams(row));
  if (!found) return { kind: 'skip', reason: 'The shop or its account no longer exists.' };
  const { seller } = found;
  if (seller.sendingSuspendedAt)
    return { kind: 'skip', reason: SKIP_REASONS.suspended(seller.sendingSuspendedReason) };
  if (seller.deliveryPausedAt)
    return { kind: 'skip', reason: SKIP_REASONS.deliveryPaused(seller.deliveryPausedReason) };
  if (seller.isPaused) return { kind: 'skip', reason: SKIP_REASONS.pausedNow };
  const buyer = checkBuyer(row, found);
  if (!buyer.ok) return { kind: 'skip', reason: buyer.reason };
  const template = row.templateVersionId
    ? await designs.version(db, row.userId, row.templateVersionId)
    : undefined;
  if (!template) return { kind: 'skip', reason: SKIP_REASONS.versionGone };
  return {
    kind: 'send',
    delivery: {
      ...deliveryOf(row, found, template, readStoredOrder(row), buyer.recipient),
      deferredHold: undefined,
    },
  };
}

/**
 * The buyer may be emailed: one plain address (recorded orders hold a checked one already; checked
 * again so no row, however written, reaches the mail library as a list), not unsubscribed from the
 * shop, not suppressed by it or, as a mailbox that does not exist, by any shop.
 */
function checkBuyer(
  row: OrderEmailRow,
  found: DecisionContext,
): { ok: true; recipient: string } | { ok: false; reason: string } {
  const recipient = buyerAddress(row.buyerEmail ?? '');
  if (!recipient.ok) return { ok: false, reason: SKIP_REASONS.refusedRecipient(recipient.problem) };
  if (found.isUnsubscribed) return { ok: false, reason: SKIP_REASONS.unsubscribed };
  if (found.suppressedBecause !== null)
    return { ok: false, reason: SKIP_REASONS.suppressed(found.suppressedBecause) };
  if (found.platformSuppressedBecause !== null)
    return { ok: false, reason: SKIP_REASONS.platformSuppressed(found.platformSuppressedBecause) };
  return { ok: true, recipient: recipient.address };
}

/** What composing the email needs, read while deciding it. */
function deliveryOf(
  row: OrderEmailRow,
  found: DecisionContext,
  template: SendableTemplate,
  order: MarketplaceOrder,
  recipient: string,
): Omit<Delivery, 'deferredHold'> {
  const { seller, shop } = found;
  return {
    row,
    order,
    recipient,
    template,
    shop,
    sellerEmail: seller.email,
    postalAddress: seller.postalAddress,
    couponCode: found.couponCode ?? '',
    trackingEnabled: found.trackingEnabled ?? true,
    // A plan that no longer includes own domains sends from Thankly's address again.
    senderDomain: sellerHasPaidFeatures(seller.plan) ? found.senderDomain : null,
  };
}

/** Why this order is thanked by hand rather than emailed, or null when it is to be emailed. */
function byHandReason(
  row: Pick<OrderEmailRow, 'buyerEmail'>,
  thankBy: ShopRow['thankBy'],
): ByHandReason | null {
  if (!row.buyerEmail) return 'no-buyer-email';
  return thankBy === 'print' ? 'print-preferred' : null;
}

/** The template in effect today: the seller's dated template for today, or the selected one. */
async function effectiveTemplate(
  db: Database,
  found: DecisionContext,
  today: string,
  designs: DesignCache,
): Promise<SendableTemplate | undefined> {
  const candidates = found.candidates.map((c) => ({ ...c, updatedAt: new Date(c.updatedAt) }));
  const { templateId } = pickEffectiveTemplate(
    candidates,
    found.selectedTemplateId,
    sellerHasPaidFeatures(found.seller.plan),
    today,
  );
  const version = candidates.find((c) => c.id === templateId);
  return version ? designs.get(db, version.id, version.updatedAt) : undefined;
}
