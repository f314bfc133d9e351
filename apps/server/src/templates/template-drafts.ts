// Autosaved drafts of templates (issue 38 point 1, docs/decisions/019-template-drafts.md): the
// editor's work kept apart from the published template, which is all that sending reads.
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import {
  DRAFT_MESSAGES,
  NEW_TEMPLATE_DRAFT_KEY,
  type TemplateDraft,
  type TemplateDraftContent,
  type templateDraftInputSchema,
} from '@thankly/api-contract';
import { type Design, sanitizeDesign } from '@thankly/email';
import type { z } from 'zod';
import type { Database } from '../infrastructure/db/database.ts';
import { templateDrafts, type templates } from '../infrastructure/db/schema.ts';
import { AppError } from '../infrastructure/http/errors.ts';
import { getTemplate } from './templates-service.ts';

type DraftRow = typeof templateDrafts.$inferSelect;
type TemplateRow = typeof templates.$inferSelect;
type DraftInput = z.output<typeof templateDraftInputSchema>;

function toDraft(row: DraftRow): TemplateDraft {
  return {
    revision: row.revision,
    updatedAt: row.updatedAt.toISOString(),
    content: row.content as TemplateDraftContent,
  };
}

/** The template a key names must be the seller's own (404 otherwise); `new` names none. */
async function templateIdOf(db: Database, sellerId: string, key: string): Promise<string | null> {
  if (key === NEW_TEMPLATE_DRAFT_KEY) return null;
  return (await getTemplate(db, sellerId, key)).id;
}

export async function getDraft(
  db: Database,
  sellerId: string,
  key: string,
): Promise<TemplateDraft | null> {
  await templateIdOf(db, sellerId, key);
  const [row] = await db
    .select()
    .from(templateDrafts)
    .where(and(eq(templateDrafts.userId, sellerId), eq(templateDrafts.templateKey, key)));
  return row ? toDraft(row) : null;
}

/**
 * Keeps the editor's content as the draft if the draft is still at `baseRevision` (0: there is
 * none), as one compare-and-set statement: of two saves from the same revision exactly one wins,
 * and a copy sent late (a tab back online) never overwrites a newer draft. Refused with a 409.
 */
export async function saveDraft(
  db: Database,
  sellerId: string,
  key: string,
  { baseRevision, content }: DraftInput,
  now: Date,
): Promise<TemplateDraft> {
  const templateId = await templateIdOf(db, sellerId, key);
  // Rich text is sanitised as on publish: the editor shows the draft back to the seller.
  const stored: TemplateDraftContent = { ...content, design: sanitizeDesign(content.design) };
  const [row] =
    baseRevision === 0
      ? await db
          .insert(templateDrafts)
          .values({
            userId: sellerId,
            templateKey: key,
            templateId,
            content: stored,
            revision: 1,
            updatedAt: now,
          })
          .onConflictDoNothing()
          .returning()
      : await db
          .update(templateDrafts)
          .set({ content: stored, revision: sql`${templateDrafts.revision} + 1`, updatedAt: now })
          .where(
            and(
              eq(templateDrafts.userId, sellerId),
              eq(templateDrafts.templateKey, key),
              eq(templateDrafts.revision, baseRevision),
            ),
          )
          .returning();
  if (!row) {
    const current = await getDraft(db, sellerId, key);
    throw new AppError('conflict', DRAFT_MESSAGES.conflict, undefined, { draft: current });
  }
  return toDraft(row);
}

/** Removes a draft: discarded by the seller, or published. Missing is fine (already gone). */
export async function deleteDraft(db: Database, sellerId: string, key: string): Promise<void> {
  await templateIdOf(db, sellerId, key);
  await db
    .delete(templateDrafts)
    .where(and(eq(templateDrafts.userId, sellerId), eq(templateDrafts.templateKey, key)));
}

/** JSON with object keys in one order, so equal content compares equal however it was stored. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)),
        )
      : v,
  );
}

/** Whether a draft would change what buyers get, compared with the published template. */
export function draftDiffers(draft: TemplateDraftContent, template: TemplateRow): boolean {
  const published = {
    name: template.name,
    subject: template.subject,
    preheader: template.preheader,
    language: template.language,
    design: template.design as Design,
    sendConditions: {
      enabled: template.conditionsEnabled,
      startDate: template.startDate ?? '',
      endDate: template.endDate ?? '',
    },
  };
  const ofDraft = {
    name: draft.name.trim(),
    subject: draft.subject.trim(),
    preheader: draft.preheader.trim(),
    language: draft.language,
    design: draft.design,
    sendConditions: draft.sendConditions,
  };
  return canonical(ofDraft) !== canonical(published);
}

/** The seller's templates whose draft differs from what is published, for the dashboard. */
export async function templatesWithDraftChanges(
  db: Database,
  sellerId: string,
  rows: TemplateRow[],
): Promise<Set<string>> {
  const drafts = await db
    .select({ templateId: templateDrafts.templateId, content: templateDrafts.content })
    .from(templateDrafts)
    .where(and(eq(templateDrafts.userId, sellerId), isNotNull(templateDrafts.templateId)));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const changed = new Set<string>();
  for (const draft of drafts) {
    const template = draft.templateId ? byId.get(draft.templateId) : undefined;
    if (template && draftDiffers(draft.content as TemplateDraftContent, template)) {
      changed.add(template.id);
    }
  }
  return changed;
}
