import type { journeyInputSchema } from '@thankly/api-contract';
import {
  JOURNEY_MESSAGES,
  type Journey,
  MARKETPLACES,
  type PlanId,
  THANK_YOU_STEP,
  delayFromMinutes,
  delayMinutes,
  followUpsAllowed,
  getPlan,
  reviewIncentiveMessage,
} from '@thankly/api-contract';
import { parseDesign, reviewIncentiveOf } from '@thankly/email';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../infrastructure/db/database.ts';
import {
  journeySteps,
  orderEmails,
  sendingSettings,
  shops,
  templates,
} from '../infrastructure/db/schema.ts';
import { AppError, notFound } from '../infrastructure/http/errors.ts';
import { marketplaceOrderEvents } from '../orders/marketplace-order-events.ts';
import { findEffectiveTemplate } from '../templates/effective-template.ts';
import { JOURNEY_SKIP_REASONS } from '../orders/journey-skip-reasons.ts';

/** `timeZone`: the seller's own, which a journey follows until it is saved with its own. */
type Seller = { id: string; plan: PlanId; timeZone: string };

/** The seller's journey as the editor shows it: the thank-you's template, then each follow-up. */
export async function readJourney(db: Database, seller: Seller, now: Date): Promise<Journey> {
  const [steps, settings, effective, connected] = await Promise.all([
    db
      .select({
        step: journeySteps,
        templateName: templates.name,
        subject: templates.subject,
        preheader: templates.preheader,
        design: templates.design,
      })
      .from(journeySteps)
      .leftJoin(templates, eq(templates.id, journeySteps.templateId))
      .where(eq(journeySteps.userId, seller.id))
      .orderBy(asc(journeySteps.position)),
    db
      .select({ timeZone: sendingSettings.timeZone })
      .from(sendingSettings)
      .where(eq(sendingSettings.userId, seller.id)),
    findEffectiveTemplate(db, seller, now),
    db
      .selectDistinct({ marketplace: shops.marketplace })
      .from(shops)
      .where(and(eq(shops.userId, seller.id), eq(shops.status, 'connected'))),
  ]);
  const thankYou = effective.templateId
    ? await db
        .select({ name: templates.name })
        .from(templates)
        .where(eq(templates.id, effective.templateId))
    : [];
  return {
    timeZone: settings[0]?.timeZone ?? seller.timeZone,
    stepLimit: getPlan(seller.plan).journeySteps,
    thankYouTemplateName: thankYou[0]?.name ?? null,
    marketplaces: MARKETPLACES.filter((m) => connected.some((c) => c.marketplace === m)).map(
      marketplaceOrderEvents,
    ),
    steps: steps.map(({ step, templateName, subject, preheader, design }) => {
      const parsed = design === null ? null : parseDesign(design);
      const incentive =
        step.kind === 'review-request' && parsed?.ok === true
          ? reviewIncentiveOf({ subject: subject ?? '', preheader, design: parsed.design })
          : null;
      return {
        id: step.id,
        name: step.name,
        kind: step.kind,
        templateId: step.templateId,
        templateName,
        trigger: step.trigger,
        delay: delayFromMinutes(step.delayMinutes),
        conditions: step.conditions,
        sendWindow: step.sendWindow,
        incentiveWarning: incentive ? reviewIncentiveMessage(incentive) : null,
      };
    }),
  };
}

/**
 * Saves the follow-up steps in the order given, in one transaction. A step sent back with its id
 * is updated and keeps its scheduled emails; a step left out is removed, and its emails still
 * waiting are skipped, saying so. The plan bounds how many steps a journey has.
 */
export async function saveJourney(
  db: Database,
  seller: Seller,
  input: z.output<typeof journeyInputSchema>,
  now: Date,
): Promise<void> {
  const plan = getPlan(seller.plan);
  if (input.steps.length > followUpsAllowed(plan.journeySteps))
    throw new AppError('forbidden', JOURNEY_MESSAGES.planLimit(plan.name, plan.journeySteps));
  await db.transaction(async (tx) => {
    const templateIds = [...new Set(input.steps.map((s) => s.templateId))];
    const owned = templateIds.length
      ? await tx
          .select({ id: templates.id })
          .from(templates)
          .where(and(eq(templates.userId, seller.id), inArray(templates.id, templateIds)))
      : [];
    if (owned.length !== templateIds.length)
      throw new AppError('invalid', JOURNEY_MESSAGES.template);
    const existing = await tx
      .select({ id: journeySteps.id })
      .from(journeySteps)
      .where(eq(journeySteps.userId, seller.id));
    const existingIds = new Set(existing.map((s) => s.id));
    // An id that is not one of this seller's steps names nothing here: the step is new.
    const kept = input.steps.flatMap((s) => (s.id && existingIds.has(s.id) ? [s.id] : []));
    const removed = [...existingIds].filter((id) => !kept.includes(id));
    if (removed.length > 0) {
      await tx
        .update(orderEmails)
        .set({ status: 'skipped', reason: JOURNEY_SKIP_REASONS.stepRemoved, decidedAt: now })
        .where(
          and(
            eq(orderEmails.userId, seller.id),
            eq(orderEmails.status, 'pending'),
            inArray(orderEmails.stepKey, removed),
          ),
        );
      await tx.delete(journeySteps).where(inArray(journeySteps.id, removed));
    }
    for (const [position, step] of input.steps.entries()) {
      const values = {
        position,
        name: step.name,
        kind: step.kind,
        templateId: step.templateId,
        trigger: step.trigger,
        delayMinutes: delayMinutes(step.delay),
        conditions: step.conditions,
        sendWindow: step.sendWindow,
        updatedAt: now,
      };
      if (step.id && existingIds.has(step.id))
        await tx.update(journeySteps).set(values).where(eq(journeySteps.id, step.id));
      else await tx.insert(journeySteps).values({ ...values, userId: seller.id, createdAt: now });
    }
    await tx
      .insert(sendingSettings)
      .values({ userId: seller.id, timeZone: input.timeZone })
      .onConflictDoUpdate({ target: sendingSettings.userId, set: { timeZone: input.timeZone } });
  });
}

/**
 * Cancels one follow-up email still waiting to be sent. Another seller's email, or an id that
 * names none, is not found; one already sent, skipped or being sent is no longer scheduled.
 */
export async function cancelScheduledEmail(
  db: Database,
  sellerId: string,
  id: string,
  now: Date,
): Promise<void> {
  const mine = and(
    eq(orderEmails.id, id),
    eq(orderEmails.userId, sellerId),
    ne(orderEmails.stepKey, THANK_YOU_STEP),
  );
  const cancelled = await db
    .update(orderEmails)
    .set({ status: 'skipped', reason: JOURNEY_SKIP_REASONS.cancelledBySeller, decidedAt: now })
    .where(and(mine, eq(orderEmails.status, 'pending')))
    .returning({ id: orderEmails.id });
  if (cancelled.length > 0) return;
  const [found] = await db.select({ id: orderEmails.id }).from(orderEmails).where(mine);
  if (!found) throw notFound(JOURNEY_MESSAGES.emailNotFound);
  throw new AppError('conflict', JOURNEY_MESSAGES.notScheduled);
}
