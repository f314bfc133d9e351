import {
  type JourneyConditions,
  type PlanId,
  THANK_YOU_STEP,
  followUpsAllowed,
  getPlan,
} from '@thankly/api-contract';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../infrastructure/db/database.ts';
import { orderEmails } from '../infrastructure/db/schema.ts';
import { type MarketplaceOrder, paidTime } from '../orders/marketplace-order.ts';
import { formatMoney } from '../buyer-email/order-tokens.ts';
import { readStoredOrder } from '../orders/stored-order.ts';
import type { SendableTemplate } from '../buyer-email/sendable-template.ts';
import { JOURNEY_SKIP_REASONS } from '../orders/journey-skip-reasons.ts';

/** A follow-up's journey step as the decision reads it (with its template's version). */
export interface FollowUpStep {
  position: number;
  templateId: string | null;
  templateUpdatedAt: string | null;
  conditions: JourneyConditions;
}

/**
 * Where a follow-up's template comes from: sending passes its DesignCache, which loads and checks
 * each published version once.
 */
export interface FollowUpDesigns {
  get(db: Database, templateId: string, updatedAt: Date): Promise<SendableTemplate | undefined>;
}

interface FollowUpRow {
  id: string;
  userId: string;
  shopId: string;
  marketplaceOrderId: string;
  buyerEmail: string | null;
  order: unknown;
}

/**
 * What a follow-up email is made from, or why it is not sent: its step must still be on the
 * journey, within the seller's plan today, with a template, and its conditions must hold for the
 * order. Checked when the email is due, so a step edited or a plan changed since the order was
 * scheduled counts as it is now.
 */
export async function followUpTemplate(
  db: Database,
  row: FollowUpRow,
  context: { plan: PlanId; thankBy: 'email' | 'print'; step: FollowUpStep | null },
  designs: FollowUpDesigns,
): Promise<{ template: SendableTemplate; order: MarketplaceOrder } | { skip: string }> {
  const { step } = context;
  if (!step) return { skip: JOURNEY_SKIP_REASONS.stepRemoved };
  if (context.thankBy === 'print') return { skip: JOURNEY_SKIP_REASONS.shopPrints };
  const plan = getPlan(context.plan);
  if (step.position >= followUpsAllowed(plan.journeySteps))
    return { skip: JOURNEY_SKIP_REASONS.planLimit(plan.name, plan.journeySteps) };
  if (!step.templateId || !step.templateUpdatedAt) return { skip: JOURNEY_SKIP_REASONS.noTemplate };
  const order = readStoredOrder(row);
  const unmet = await unmetCondition(db, row, order, step.conditions);
  if (unmet) return { skip: unmet };
  const template = await designs.get(db, step.templateId, new Date(step.templateUpdatedAt));
  if (!template) return { skip: JOURNEY_SKIP_REASONS.noTemplate };
  return { template, order };
}

/** The first of the step's conditions the order does not meet, in words; null when all hold. */
async function unmetCondition(
  db: Database,
  row: FollowUpRow,
  order: MarketplaceOrder,
  conditions: JourneyConditions,
): Promise<string | null> {
  const { minTotal, productContains, buyer } = conditions;
  // In the order's own currency: an order without a total cannot show it reaches the minimum.
  if (minTotal !== null) {
    const total = order.total ? order.total.amount / order.total.divisor : null;
    if (total === null || total < minTotal) {
      const inCurrency =
        order.total &&
        formatMoney({ ...order.total, amount: Math.round(minTotal * order.total.divisor) });
      return JOURNEY_SKIP_REASONS.condition.minTotal(inCurrency || String(minTotal));
    }
  }
  if (productContains !== null) {
    const wanted = productContains.toLocaleLowerCase();
    if (!order.productTitles.some((title) => title.toLocaleLowerCase().includes(wanted)))
      return JOURNEY_SKIP_REASONS.condition.productContains(productContains);
  }
  if (buyer !== 'any') {
    const returning = await isReturningBuyer(db, row, order);
    if (returning !== (buyer === 'returning')) return JOURNEY_SKIP_REASONS.condition.buyer(buyer);
  }
  return null;
}

/** Whether the buyer paid for another order of the seller's shops before this one. */
async function isReturningBuyer(
  db: Database,
  row: FollowUpRow,
  order: MarketplaceOrder,
): Promise<boolean> {
  const [found] = await queryRows<{ returning: boolean }>(
    db,
    sql`
    SELECT EXISTS (
      SELECT 1 FROM ${orderEmails} o
      WHERE o.user_id = ${row.userId} AND o.step_key = ${THANK_YOU_STEP}
        AND lower(o.buyer_email) = lower(${row.buyerEmail ?? ''})
        AND NOT (o.shop_id = ${row.shopId} AND o.marketplace_order_id = ${row.marketplaceOrderId})
        AND coalesce(o."order"->>'paidAt', o."order"->>'createdAt')::timestamptz < ${paidTime(order).toISOString()}::timestamptz
    ) AS returning
  `,
  );
  return found?.returning === true;
}
