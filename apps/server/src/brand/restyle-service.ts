// Restyling a seller's saved templates with their brand kit, as one step with one undo. Every
// template goes through applyBrand, the rules new blocks and starter designs follow: fields the
// seller set by hand stay, the rest take the brand. The templates as they were are kept until the
// next restyle or the undo, which puts back each one nobody saved since, exactly as it was.
import { and, eq } from 'drizzle-orm';
import {
  RESTYLE_MESSAGES,
  type RestyleResult,
  type RestyleUndoResult,
} from '@thankly/api-contract';
import { applyBrand, parseDesign, type Design } from '@thankly/email';
import type { Database } from '../infrastructure/db/database.ts';
import {
  brandRestyles,
  templates,
  type TemplateBeforeRestyle,
} from '../infrastructure/db/schema.ts';
import { notFound } from '../infrastructure/http/errors.ts';
import { storedBody } from '../templates/templates-service.ts';
import { recordVersion } from '../templates/template-versions.ts';
import { getBrand } from './brand-service.ts';

type TemplateRow = typeof templates.$inferSelect;

/** The template's design wearing `brand`, or null when the brand changes nothing in it. */
function restyled(row: TemplateRow, brand: Parameters<typeof applyBrand>[1]): Design | null {
  const parsed = parseDesign(row.design);
  // A design that no longer reads (never saved through today's schema) is left as it is.
  if (!parsed.ok) return null;
  const branded = applyBrand(parsed.design, brand);
  return JSON.stringify(branded) === JSON.stringify(parsed.design) ? null : branded;
}

/** How many of the seller's templates a restyle would change now. */
export async function countRestylable(db: Database, sellerId: string): Promise<number> {
  const brand = await getBrand(db, sellerId);
  const rows = await db.select().from(templates).where(eq(templates.userId, sellerId));
  return rows.filter((row) => restyled(row, brand) !== null).length;
}

/** Restyles every template of the seller that the brand changes, in one transaction. */
export async function restyleTemplates(
  db: Database,
  sellerId: string,
  now: Date,
): Promise<RestyleResult> {
  const brand = await getBrand(db, sellerId);
  return db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(templates)
      .where(eq(templates.userId, sellerId))
      .for('update');
    const before: TemplateBeforeRestyle[] = [];
    // A JavaScript date holds whole milliseconds: the undo compares the stored one exactly.
    const restyledAt = now;
    for (const row of rows) {
      const design = restyled(row, brand);
      if (!design) continue;
      const [written] = await tx
        .update(templates)
        .set({ ...storedBody(design, row), updatedAt: restyledAt })
        .where(and(eq(templates.id, row.id), eq(templates.userId, sellerId)))
        .returning();
      await recordVersion(tx, written!, 'restyle');
      before.push({
        templateId: row.id,
        design: row.design,
        html: row.html,
        restyledAt: restyledAt.toISOString(),
      });
    }
    if (before.length === 0) return { restyled: 0, restyleId: null };
    // One undo step: this restyle replaces the one before it.
    await tx.delete(brandRestyles).where(eq(brandRestyles.userId, sellerId));
    const [saved] = await tx
      .insert(brandRestyles)
      .values({ userId: sellerId, before })
      .returning({ id: brandRestyles.id });
    return { restyled: before.length, restyleId: saved!.id };
  });
}

/**
 * Undoes the seller's latest restyle: each template it changed gets its design and HTML back as
 * they were, unless the seller saved it since (kept, with their newer changes). Only once; a
 * restyle of another seller, an older one or one already undone is not found.
 */
export async function undoRestyle(
  db: Database,
  sellerId: string,
  restyleId: string,
  now: Date,
): Promise<RestyleUndoResult> {
  return db.transaction(async (tx) => {
    const [restyle] = await tx
      .delete(brandRestyles)
      .where(and(eq(brandRestyles.id, restyleId), eq(brandRestyles.userId, sellerId)))
      .returning();
    if (!restyle) throw notFound(RESTYLE_MESSAGES.notFound);
    let restored = 0;
    let kept = 0;
    for (const item of restyle.before) {
      const back = await tx
        .update(templates)
        .set({ design: item.design, html: item.html, updatedAt: now })
        .where(
          and(
            eq(templates.id, item.templateId),
            eq(templates.userId, sellerId),
            eq(templates.updatedAt, new Date(item.restyledAt)),
          ),
        )
        .returning();
      if (back.length > 0) {
        await recordVersion(tx, back[0]!, 'restyle-undo');
        restored += 1;
        continue;
      }
      // Saved again since the restyle: the seller's newer work stays. A deleted one is gone.
      const [still] = await tx
        .select({ id: templates.id })
        .from(templates)
        .where(and(eq(templates.id, item.templateId), eq(templates.userId, sellerId)));
      if (still) kept += 1;
    }
    return { restored, kept };
  });
}
