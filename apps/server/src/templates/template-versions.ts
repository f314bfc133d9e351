// Version history (docs/decisions/021-template-versions.md): every write of what buyers receive
// (Save, restore, a brand restyle and its undo) records a version in the same transaction and
// points the template at it, so a sent email can say which version it was made from.
import { and, desc, eq, lte, sql } from 'drizzle-orm';
import {
  TEMPLATE_VERSION_MESSAGES,
  TEMPLATE_VERSIONS_KEPT,
  type TemplateVersion,
  type TemplateVersionKind,
  type TemplateVersionList,
  type TemplateVersionSummary,
  sellerHasPaidFeatures,
} from '@thankly/api-contract';
import type { Design } from '@thankly/email';
import type { Database } from '../infrastructure/db/database.ts';
import { templateDrafts, templateVersions, templates, users } from '../infrastructure/db/schema.ts';
import { AppError, notFound } from '../infrastructure/http/errors.ts';
import { TEMPLATE_NOT_FOUND, type Seller, storedBody } from './templates-service.ts';

type TemplateRow = typeof templates.$inferSelect;
type VersionRow = typeof templateVersions.$inferSelect;

const VERSION_NOT_FOUND = TEMPLATE_VERSION_MESSAGES.notFound;

/** What a restore records beside the content. */
interface RestoreFacts {
  restoredFrom: number;
  replacedVersionId: string | null;
  replacedDraft: { content: unknown; revision: number } | null;
}

/**
 * Records the template's content as its newest version, makes it the live one and drops versions
 * beyond the newest TEMPLATE_VERSIONS_KEPT. Call it inside the transaction that wrote `row`: the
 * template's row lock (held since that write) keeps two publishes from taking one number.
 */
export async function recordVersion(
  tx: Database,
  row: TemplateRow,
  kind: TemplateVersionKind,
  restore?: RestoreFacts,
): Promise<VersionRow> {
  const [author] = await tx
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, row.userId));
  const [{ last }] = (await tx
    .select({ last: sql<number>`coalesce(max(${templateVersions.number}), 0)::int` })
    .from(templateVersions)
    .where(eq(templateVersions.templateId, row.id))) as [{ last: number }];
  const number = last + 1;
  const [version] = await tx
    .insert(templateVersions)
    .values({
      templateId: row.id,
      userId: row.userId,
      number,
      kind,
      restoredFrom: restore?.restoredFrom ?? null,
      replacedVersionId: restore?.replacedVersionId ?? null,
      replacedDraft: restore?.replacedDraft ?? null,
      authorName: author?.name ?? '',
      authorEmail: author?.email ?? '',
      name: row.name,
      subject: row.subject,
      preheader: row.preheader,
      language: row.language,
      design: row.design,
      html: row.html,
      conditionsEnabled: row.conditionsEnabled,
      startDate: row.startDate,
      endDate: row.endDate,
      // The version's time is the write's, which its caller took from the app's clock.
      createdAt: row.updatedAt,
    })
    .returning();
  await tx.update(templates).set({ currentVersionId: version!.id }).where(eq(templates.id, row.id));
  // Numbers only grow, so the newest KEPT are the last KEPT numbers; the new one is live.
  await tx
    .delete(templateVersions)
    .where(
      and(
        eq(templateVersions.templateId, row.id),
        lte(templateVersions.number, number - TEMPLATE_VERSIONS_KEPT),
      ),
    );
  return version!;
}

const summaryColumns = {
  id: templateVersions.id,
  templateId: templateVersions.templateId,
  number: templateVersions.number,
  kind: templateVersions.kind,
  restoredFrom: templateVersions.restoredFrom,
  undoneAt: templateVersions.undoneAt,
  authorName: templateVersions.authorName,
  authorEmail: templateVersions.authorEmail,
  name: templateVersions.name,
  subject: templateVersions.subject,
  createdAt: templateVersions.createdAt,
};

type SummaryRow = Pick<VersionRow, keyof typeof summaryColumns>;

function toSummary(row: SummaryRow, liveId: string | null): TemplateVersionSummary {
  const isLive = row.id === liveId;
  return {
    id: row.id,
    templateId: row.templateId,
    number: row.number,
    kind: row.kind,
    restoredFrom: row.restoredFrom,
    undoneAt: row.undoneAt?.toISOString() ?? null,
    isLive,
    canUndo: isLive && row.kind === 'restore' && row.undoneAt === null,
    authorName: row.authorName,
    authorEmail: row.authorEmail,
    name: row.name,
    subject: row.subject,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The seller's own template's id of the live version and its name; another seller's is a 404. */
async function ownTemplate(db: Database, sellerId: string, templateId: string, lock = false) {
  const query = db
    .select({ name: templates.name, currentVersionId: templates.currentVersionId })
    .from(templates)
    .where(and(eq(templates.id, templateId), eq(templates.userId, sellerId)));
  const [found] = lock ? await query.for('update') : await query;
  if (!found) throw notFound(TEMPLATE_NOT_FOUND);
  return found;
}

/** The template's versions, newest first, without their designs (the list draws thumbnails). */
export async function listVersions(
  db: Database,
  sellerId: string,
  templateId: string,
): Promise<TemplateVersionList> {
  const template = await ownTemplate(db, sellerId, templateId);
  const rows = await db
    .select(summaryColumns)
    .from(templateVersions)
    .where(eq(templateVersions.templateId, templateId))
    .orderBy(desc(templateVersions.number))
    .limit(TEMPLATE_VERSIONS_KEPT);
  return {
    templateName: template.name,
    versions: rows.map((row) => toSummary(row, template.currentVersionId)),
  };
}

async function findVersion(
  db: Database,
  templateId: string,
  versionId: string,
): Promise<VersionRow> {
  const [row] = await db
    .select()
    .from(templateVersions)
    .where(and(eq(templateVersions.id, versionId), eq(templateVersions.templateId, templateId)));
  if (!row) throw notFound(VERSION_NOT_FOUND);
  return row;
}

export async function getVersion(
  db: Database,
  sellerId: string,
  templateId: string,
  versionId: string,
): Promise<TemplateVersion> {
  const template = await ownTemplate(db, sellerId, templateId);
  const row = await findVersion(db, templateId, versionId);
  return {
    ...toSummary(row, template.currentVersionId),
    preheader: row.preheader,
    language: row.language,
    design: row.design as Design,
    html: row.html,
  };
}

/**
 * Only the stored HTML, for the list's thumbnails (GET …/versions/:versionId/html): one query that
 * checks the owner with it and reads no design, as a page of cards asks for many at once.
 */
export async function getVersionHtml(
  db: Database,
  sellerId: string,
  templateId: string,
  versionId: string,
): Promise<string> {
  const [row] = await db
    .select({ html: templateVersions.html })
    .from(templateVersions)
    .innerJoin(templates, eq(templates.id, templateVersions.templateId))
    .where(
      and(
        eq(templateVersions.id, versionId),
        eq(templateVersions.templateId, templateId),
        eq(templates.userId, sellerId),
      ),
    );
  if (!row) throw notFound(VERSION_NOT_FOUND);
  return row.html;
}

/** Writes a version's content as the template's live content (not yet recorded as a version). */
async function writeLiveContent(
  tx: Database,
  seller: Seller,
  templateId: string,
  version: VersionRow,
  now: Date,
): Promise<TemplateRow> {
  // Rendered again with today's renderer, as a Save would, from the version's sanitised design.
  const body = storedBody(version.design as Design, version);
  const [row] = await tx
    .update(templates)
    .set({
      name: version.name,
      subject: version.subject,
      preheader: version.preheader,
      language: version.language,
      ...body,
      // A plan that lost dated templates does not get them back by a restore.
      conditionsEnabled: sellerHasPaidFeatures(seller.plan) && version.conditionsEnabled,
      startDate: version.startDate,
      endDate: version.endDate,
      updatedAt: now,
    })
    .where(and(eq(templates.id, templateId), eq(templates.userId, seller.id)))
    .returning();
  return row!;
}

/**
 * Publishes an older version again, as a new version (its number says which one it copied). The
 * template's draft is set aside, as a Save ends it; the editor asks first when there is one, and
 * the restore's undo brings it back.
 */
export async function restoreVersion(
  db: Database,
  seller: Seller,
  templateId: string,
  versionId: string,
  now: Date,
): Promise<{ live: TemplateVersionSummary }> {
  return db.transaction(async (tx) => {
    const template = await ownTemplate(tx, seller.id, templateId, true);
    const version = await findVersion(tx, templateId, versionId);
    if (version.id === template.currentVersionId)
      throw new AppError('conflict', TEMPLATE_VERSION_MESSAGES.alreadyLive);
    const row = await writeLiveContent(tx, seller, templateId, version, now);
    // The draft is set aside with the restore, not thrown away: the restore's undo brings it back.
    const [draft] = await tx
      .delete(templateDrafts)
      .where(and(eq(templateDrafts.userId, seller.id), eq(templateDrafts.templateKey, templateId)))
      .returning({ content: templateDrafts.content, revision: templateDrafts.revision });
    const restored = await recordVersion(tx, row, 'restore', {
      restoredFrom: version.number,
      replacedVersionId: template.currentVersionId,
      replacedDraft: draft ?? null,
    });
    return { live: toSummary(restored, restored.id) };
  });
}

/**
 * The one undo of a restore: the version that was live before it is live again (no new version;
 * the restore stays in the list, marked undone). Only while the restore is still what buyers
 * receive: once anything was published after it, undoing would throw that away.
 */
export async function undoRestore(
  db: Database,
  seller: Seller,
  templateId: string,
  versionId: string,
  now: Date,
): Promise<{ live: TemplateVersionSummary }> {
  return db.transaction(async (tx) => {
    const template = await ownTemplate(tx, seller.id, templateId, true);
    const restore = await findVersion(tx, templateId, versionId);
    if (
      restore.kind !== 'restore' ||
      restore.undoneAt !== null ||
      restore.id !== template.currentVersionId ||
      !restore.replacedVersionId
    )
      throw new AppError('conflict', TEMPLATE_VERSION_MESSAGES.undoGone);
    const [before] = await tx
      .select()
      .from(templateVersions)
      .where(
        and(
          eq(templateVersions.id, restore.replacedVersionId),
          eq(templateVersions.templateId, templateId),
        ),
      );
    if (!before) throw new AppError('conflict', TEMPLATE_VERSION_MESSAGES.undoGone);
    await writeLiveContent(tx, seller, templateId, before, now);
    await tx
      .update(templates)
      .set({ currentVersionId: before.id })
      .where(eq(templates.id, templateId));
    await tx
      .update(templateVersions)
      .set({ undoneAt: now })
      .where(eq(templateVersions.id, restore.id));
    // The draft the restore set aside comes back, unless the seller has begun another since.
    if (restore.replacedDraft)
      await tx
        .insert(templateDrafts)
        .values({
          userId: seller.id,
          templateKey: templateId,
          templateId,
          content: restore.replacedDraft.content,
          revision: restore.replacedDraft.revision,
        })
        .onConflictDoNothing();
    return { live: toSummary(before, before.id) };
  });
}
