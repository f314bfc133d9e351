// A seller's shared preview links: made, listed and revoked by the seller, opened by anyone who
// holds one (docs/decisions/022-shared-previews.md). Only a link's token hash is stored.
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull, not, sql } from 'drizzle-orm';
import {
  MAX_ACTIVE_SHARES_PER_TEMPLATE,
  SHARED_PREVIEW_MESSAGES,
  type SharedPreview,
  type sharedPreviewInputSchema,
} from '@thankly/api-contract';
import type { z } from 'zod';
import type { Database } from '../infrastructure/db/database.ts';
import { sharedPreviews, templates, users } from '../infrastructure/db/schema.ts';
import { AppError, notFound } from '../infrastructure/http/errors.ts';
import { TEMPLATE_NOT_FOUND } from '../templates/templates-service.ts';

const DAY_MS = 86_400_000;

/** 32 random bytes (256 bits), URL-safe: 43 characters, nothing to guess. */
export function createShareToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only the shape createShareToken makes is ever looked up. */
export const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * What the table keeps instead of the token. A plain SHA-256 suffices: the token is 256 random
 * bits, so there is no dictionary to try (a slow hash protects guessable secrets like passwords).
 */
export function hashShareToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

type SharedPreviewRow = typeof sharedPreviews.$inferSelect;

function toSharedPreview(row: SharedPreviewRow): SharedPreview {
  return {
    id: row.id,
    label: row.label,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}

/** A link that still opens: not revoked, not expired. */
const isActive = (now: Date) =>
  and(isNull(sharedPreviews.revokedAt), gt(sharedPreviews.expiresAt, now));

/**
 * Links past their end or revoked: shown nowhere and opening nothing, so the hourly cleanup
 * forgets them (a made-up token and a forgotten one get the same page).
 */
export async function forgetEndedSharedPreviews(db: Database, now: Date): Promise<void> {
  await db.delete(sharedPreviews).where(not(isActive(now)!));
}

/** Another seller's template, or none at all, reads the same: not found. */
async function assertOwnTemplate(db: Database, sellerId: string, templateId: string) {
  const [row] = await db
    .select({ id: templates.id })
    .from(templates)
    .where(and(eq(templates.id, templateId), eq(templates.userId, sellerId)));
  if (!row) throw notFound(TEMPLATE_NOT_FOUND);
}

export async function listSharedPreviews(
  db: Database,
  sellerId: string,
  templateId: string,
  now: Date,
): Promise<SharedPreview[]> {
  await assertOwnTemplate(db, sellerId, templateId);
  const rows = await db
    .select()
    .from(sharedPreviews)
    .where(
      and(
        eq(sharedPreviews.userId, sellerId),
        eq(sharedPreviews.templateId, templateId),
        isActive(now),
      ),
    )
    .orderBy(desc(sharedPreviews.createdAt));
  return rows.map(toSharedPreview);
}

/**
 * Makes a link to the template's published version. The template's row is locked while the links
 * that still work are counted, so two requests at once cannot pass the cap together. The token is
 * returned once and never stored.
 */
export async function createSharedPreview(
  db: Database,
  sellerId: string,
  templateId: string,
  input: z.output<typeof sharedPreviewInputSchema>,
  now: Date,
): Promise<{ share: SharedPreview; token: string }> {
  return db.transaction(async (tx) => {
    const [template] = await tx
      .select({ id: templates.id })
      .from(templates)
      .where(and(eq(templates.id, templateId), eq(templates.userId, sellerId)))
      .for('update');
    if (!template) throw notFound(TEMPLATE_NOT_FOUND);
    const [{ active }] = (await tx
      .select({ active: sql<number>`count(*)::int` })
      .from(sharedPreviews)
      .where(and(eq(sharedPreviews.templateId, templateId), isActive(now)))) as [
      { active: number },
    ];
    if (active >= MAX_ACTIVE_SHARES_PER_TEMPLATE) {
      throw new AppError('conflict', SHARED_PREVIEW_MESSAGES.tooMany);
    }
    const token = createShareToken();
    const [row] = await tx
      .insert(sharedPreviews)
      .values({
        userId: sellerId,
        templateId,
        tokenHash: hashShareToken(token),
        label: input.label,
        createdAt: now,
        expiresAt: new Date(now.getTime() + input.expiresInDays * DAY_MS),
      })
      .returning();
    return { share: toSharedPreview(row!), token };
  });
}

/** Revoking a link another seller made, or one already revoked or expired, is a 404. */
export async function revokeSharedPreview(
  db: Database,
  sellerId: string,
  templateId: string,
  shareId: string,
  now: Date,
): Promise<void> {
  const revoked = await db
    .update(sharedPreviews)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sharedPreviews.id, shareId),
        eq(sharedPreviews.userId, sellerId),
        eq(sharedPreviews.templateId, templateId),
        isActive(now),
      ),
    )
    .returning({ id: sharedPreviews.id });
  if (revoked.length === 0) throw notFound(SHARED_PREVIEW_MESSAGES.notFound);
}

/**
 * The published template a token opens, with its seller, or undefined when the token is unknown,
 * revoked or expired, or the seller's sending was suspended by an operator (a suspended account's
 * emails are not shown to anyone on Thankly's address). The caller cannot tell which.
 */
export async function findSharedTemplate(db: Database, token: string, now: Date) {
  const [row] = await db
    .select({ share: sharedPreviews, template: templates, seller: users })
    .from(sharedPreviews)
    .innerJoin(templates, eq(templates.id, sharedPreviews.templateId))
    .innerJoin(users, eq(users.id, sharedPreviews.userId))
    .where(and(eq(sharedPreviews.tokenHash, hashShareToken(token)), isActive(now)))
    .limit(1);
  if (!row || row.seller.sendingSuspendedAt) return undefined;
  return row;
}
