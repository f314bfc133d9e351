import { and, asc, eq, sql } from 'drizzle-orm';
import {
  NEW_TEMPLATE_DRAFT_KEY,
  type PlanId,
  type SendConditions,
  TEMPLATE_MESSAGES,
  type Template,
  type TemplateSummary,
  type templateInputSchema,
  getPlan,
  incentiveWordingMessage,
  isInRange,
  sellerHasPaidFeatures,
} from '@thankly/api-contract';
import {
  type Design,
  incentiveWordingOf,
  renderEmail,
  sanitizeDesign,
  unsafeFallbackProblem,
} from '@thankly/email';
import type { z } from 'zod';
import type { Database } from '../infrastructure/db/database.ts';
import {
  templateDrafts,
  templateSelections,
  templates,
  users,
} from '../infrastructure/db/schema.ts';
import { AppError, notFound } from '../infrastructure/http/errors.ts';
import type { BuyerEmailInput } from '../buyer-email/compose-buyer-email.ts';
import { sentSizeProblem } from '../buyer-email/sent-size.ts';
import { athensDate } from '../infrastructure/time/athens.ts';
import { templatesWithDraftChanges } from './template-drafts.ts';
import { recordVersion } from './template-versions.ts';

type TemplateRow = typeof templates.$inferSelect;
type TemplateInput = z.output<typeof templateInputSchema>;
export interface Seller {
  id: string;
  plan: PlanId;
}

export const TEMPLATE_NOT_FOUND = TEMPLATE_MESSAGES.notFound;

function toTemplate(row: TemplateRow): Template {
  return {
    id: row.id,
    name: row.name,
    subject: row.subject,
    preheader: row.preheader,
    language: row.language,
    html: row.html,
    design: row.design as Design,
    sendConditions: {
      enabled: row.conditionsEnabled,
      startDate: row.startDate,
      endDate: row.endDate,
    },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * What is stored for a template body: the design with every rich-text fragment sanitised, the
 * HTML rendered from it (client HTML is never trusted), and date conditions only on plans that
 * have them.
 */
/** A template's stored form of `design`: sanitised, and the HTML the server renders from it. */
export function storedBody(
  design: Design,
  settings: Pick<TemplateRow, 'subject' | 'preheader' | 'language'>,
): { design: Design; html: string } {
  const clean = sanitizeDesign(design);
  const html = renderEmail(clean, {
    title: settings.subject,
    preheader: settings.preheader,
    language: settings.language,
  }).html;
  return { design: clean, html };
}

/** What measuring an email as sent needs: the links' base URL and signing key (sent-size.ts). */
export type SizingConfig = BuyerEmailInput['config'];

function prepare(input: TemplateInput, seller: Seller, sizing: SizingConfig) {
  const { design, html } = storedBody(input.design, input);
  // Sending drops an unsafe link target anyway; refusing it here tells the seller why.
  const fallbackProblem = unsafeFallbackProblem(html, input.subject);
  if (fallbackProblem) throw new AppError('invalid', `${fallbackProblem}.`);
  // Measured as it will be sent (tracked links, longest order, footer), like the deliverability check.
  const sizeProblem = sentSizeProblem(sizing, { ...input, design });
  if (sizeProblem) throw new AppError('invalid', sizeProblem);
  // The same words go out as the email, the printed card and the marketplace message.
  const incentive = incentiveWordingOf({ ...input, design });
  if (incentive) throw new AppError('invalid', incentiveWordingMessage(incentive));
  const conditions: SendConditions = input.sendConditions ?? {
    enabled: false,
    startDate: null,
    endDate: null,
  };
  return {
    name: input.name,
    subject: input.subject,
    preheader: input.preheader,
    language: input.language,
    design,
    html,
    conditionsEnabled: sellerHasPaidFeatures(seller.plan) && conditions.enabled,
    startDate: conditions.startDate,
    endDate: conditions.endDate,
  };
}

export async function listTemplates(
  db: Database,
  seller: Seller,
  now: Date,
): Promise<TemplateSummary[]> {
  const rows = await db
    .select()
    .from(templates)
    .where(eq(templates.userId, seller.id))
    .orderBy(asc(templates.createdAt));
  const today = athensDate(now);
  const paid = sellerHasPaidFeatures(seller.plan);
  const drafted = await templatesWithDraftChanges(db, seller.id, rows);
  return rows.map((row) => {
    const { design: _design, ...summary } = toTemplate(row);
    return {
      ...summary,
      activeNow: paid && isInRange(row, today),
      hasDraftChanges: drafted.has(row.id),
    };
  });
}

export async function getTemplate(db: Database, sellerId: string, id: string): Promise<Template> {
  const [row] = await db
    .select()
    .from(templates)
    .where(and(eq(templates.id, id), eq(templates.userId, sellerId)));
  if (!row) throw notFound(TEMPLATE_NOT_FOUND);
  return toTemplate(row);
}

/**
 * Creates a template while the seller is below their plan's template limit. The seller's row is
 * locked for the check and the insert, so concurrent creates cannot pass the limit together.
 */
export async function createTemplate(
  db: Database,
  seller: Seller,
  input: TemplateInput,
  sizing: SizingConfig,
  now: Date,
): Promise<Template> {
  const values = prepare(input, seller, sizing);
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ plan: users.plan })
      .from(users)
      .where(eq(users.id, seller.id))
      .for('update');
    if (!locked) throw notFound('Account not found.');
    const [{ count }] = (await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(templates)
      .where(eq(templates.userId, seller.id))) as [{ count: number }];
    if (count > 0 && count >= getPlan(locked.plan).tempLimit) {
      throw new AppError('forbidden', TEMPLATE_MESSAGES.limitReached);
    }
    const [row] = await tx
      .insert(templates)
      .values({ ...values, userId: seller.id, updatedAt: now })
      .returning();
    await recordVersion(tx, row!, 'publish');
    // Published: the new template's autosaved draft is what was just saved.
    await tx
      .delete(templateDrafts)
      .where(
        and(
          eq(templateDrafts.userId, seller.id),
          eq(templateDrafts.templateKey, NEW_TEMPLATE_DRAFT_KEY),
        ),
      );
    // A seller's first template is the one that goes out: a Starter seller's only template
    // should not sit unused until they find Select.
    if (count === 0) {
      await tx
        .insert(templateSelections)
        .values({ userId: seller.id, templateId: row!.id })
        .onConflictDoNothing();
    }
    return toTemplate(row!);
  });
}

export async function updateTemplate(
  db: Database,
  seller: Seller,
  id: string,
  input: TemplateInput,
  sizing: SizingConfig,
  now: Date,
): Promise<Template> {
  const values = prepare(input, seller, sizing);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(templates)
      .set({ ...values, updatedAt: now })
      .where(and(eq(templates.id, id), eq(templates.userId, seller.id)))
      .returning();
    if (!row) throw notFound(TEMPLATE_NOT_FOUND);
    await recordVersion(tx, row, 'publish');
    // Published (the Save button): buyers now get what the draft held, so the draft goes.
    await tx
      .delete(templateDrafts)
      .where(and(eq(templateDrafts.userId, seller.id), eq(templateDrafts.templateKey, id)));
    return toTemplate(row);
  });
}

/**
 * Deleting the selected template clears the selection with it (a cascading foreign key); no
 * other template is chosen in its place. Says whether the selection went with it.
 */
export async function deleteTemplate(
  db: Database,
  sellerId: string,
  id: string,
): Promise<{ selectionCleared: boolean }> {
  return db.transaction(async (tx) => {
    const [selection] = await tx
      .select({ templateId: templateSelections.templateId })
      .from(templateSelections)
      .where(eq(templateSelections.userId, sellerId))
      .for('update');
    const removed = await tx
      .delete(templates)
      .where(and(eq(templates.id, id), eq(templates.userId, sellerId)))
      .returning({ id: templates.id });
    if (removed.length === 0) throw notFound(TEMPLATE_NOT_FOUND);
    return { selectionCleared: selection?.templateId === id };
  });
}

export async function findSelectedTemplateId(
  db: Database,
  sellerId: string,
): Promise<string | null> {
  const [row] = await db
    .select()
    .from(templateSelections)
    .where(eq(templateSelections.userId, sellerId));
  return row?.templateId ?? null;
}

/** Makes one of the seller's own templates the selected one, replacing any earlier choice. */
export async function selectTemplate(db: Database, sellerId: string, id: string): Promise<string> {
  await getTemplate(db, sellerId, id);
  await db
    .insert(templateSelections)
    .values({ userId: sellerId, templateId: id })
    .onConflictDoUpdate({ target: templateSelections.userId, set: { templateId: id } });
  return id;
}

export async function clearSelection(db: Database, sellerId: string): Promise<void> {
  await db.delete(templateSelections).where(eq(templateSelections.userId, sellerId));
}
