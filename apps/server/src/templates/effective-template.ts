import { eq, sql } from 'drizzle-orm';
import {
  type ConditionalCandidate,
  type EffectiveTemplate,
  type PlanId,
  pickEffectiveTemplate,
  sellerHasPaidFeatures,
} from '@thankly/api-contract';
import type { Database } from '../infrastructure/db/database.ts';
import { templateSelections, templates } from '../infrastructure/db/schema.ts';
import { athensDate } from '../infrastructure/time/athens.ts';

export interface TemplateCandidates {
  candidates: Array<ConditionalCandidate & { updatedAt: Date }>;
  selectedTemplateId: string | null;
}

/** A seller's templates' date conditions and their selection, in one query. */
export async function loadTemplateCandidates(
  db: Database,
  sellerId: string,
): Promise<TemplateCandidates> {
  const rows = await db
    .select({
      id: templates.id,
      conditionsEnabled: templates.conditionsEnabled,
      startDate: templates.startDate,
      endDate: templates.endDate,
      updatedAt: templates.updatedAt,
      selectedTemplateId: sql<
        string | null
      >`(SELECT ${templateSelections.templateId} FROM ${templateSelections} WHERE ${templateSelections.userId} = ${sellerId})`,
    })
    .from(templates)
    .where(eq(templates.userId, sellerId));
  // A selection always names one of the seller's templates, so no templates means none selected.
  return { candidates: rows, selectedTemplateId: rows[0]?.selectedTemplateId ?? null };
}

/** The template in effect for a seller at `now`: what the sender uses and the dashboard shows. */
export async function findEffectiveTemplate(
  db: Database,
  seller: { id: string; plan: PlanId },
  now: Date,
): Promise<EffectiveTemplate> {
  // Dated templates start and end on the Athens calendar day (spec 3).
  const today = athensDate(now);
  const { candidates, selectedTemplateId } = await loadTemplateCandidates(db, seller.id);
  const picked = pickEffectiveTemplate(
    candidates,
    selectedTemplateId,
    sellerHasPaidFeatures(seller.plan),
    today,
  );
  return { ...picked, date: today };
}
