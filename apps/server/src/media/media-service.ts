// The seller's image library: rows in `media`, bytes in MediaStorage.
import { createHash, randomUUID } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import {
  MEDIA_MESSAGES,
  MEDIA_QUOTA_BYTES,
  type PlanId,
  type TemplateRef,
} from '@thankly/api-contract';
import type { Database } from '../infrastructure/db/database.ts';
import { media, templates, users } from '../infrastructure/db/schema.ts';
import { AppError } from '../infrastructure/http/errors.ts';
import type { Encoded } from './reencode.ts';
import type { MediaStorage } from './media-storage.ts';

export type MediaRow = typeof media.$inferSelect;

const EXTENSION = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/gif': 'gif' } as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The seller's name for the file, for the library only: never part of a path. */
export function cleanFileName(name: string | undefined): string {
  const base = [...((name ?? '').split(/[\\/]/).pop() ?? '')]
    .filter((char) => char.charCodeAt(0) >= 0x20 && char.charCodeAt(0) !== 0x7f)
    .join('')
    .trim();
  return (base || 'image').slice(0, 200);
}

export async function usedBytes(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${media.bytes}), 0)` })
    .from(media)
    .where(eq(media.userId, userId));
  return Number(row?.total ?? 0);
}

export const quotaOf = (plan: string) =>
  MEDIA_QUOTA_BYTES[plan as PlanId] ?? MEDIA_QUOTA_BYTES.free;

export async function saveMedia(
  db: Database,
  storage: MediaStorage,
  user: { id: string; plan: string },
  encoded: Encoded,
  fileName: string,
): Promise<MediaRow> {
  const sha256 = createHash('sha256').update(encoded.bytes).digest('hex');
  const [existing] = await findBySha(db, user.id, sha256);
  if (existing) return existing;
  const id = randomUUID();
  const storageKey = `${id}-${sha256.slice(0, 16)}.${EXTENSION[encoded.contentType]}`;
  // Stored first, then the row is the reservation: until it commits, nothing links to the bytes.
  await storage.put(storageKey, encoded.bytes, encoded.contentType);
  let row: MediaRow | undefined;
  try {
    row = await db.transaction(async (tx) => {
      // The seller's row lock makes the sum and the insert one step: parallel uploads queue here
      // instead of each reading the same total and all fitting under the quota.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
      const [again] = await findBySha(tx, user.id, sha256);
      if (again) return undefined;
      if ((await usedBytes(tx, user.id)) + encoded.bytes.length > quotaOf(user.plan)) {
        throw new AppError('forbidden', MEDIA_MESSAGES.quotaExceeded);
      }
      const [inserted] = await tx
        .insert(media)
        .values({
          id,
          userId: user.id,
          storageKey,
          sha256,
          fileName,
          contentType: encoded.contentType,
          width: encoded.width,
          height: encoded.height,
          bytes: encoded.bytes.length,
        })
        .returning();
      return inserted;
    });
  } catch (error) {
    await storage.delete(storageKey);
    throw error;
  }
  if (row) return row;
  // The same bytes arrived twice at once: keep the first, drop this copy.
  await storage.delete(storageKey);
  const [first] = await findBySha(db, user.id, sha256);
  return first!;
}

function findBySha(db: Database, userId: string, sha256: string) {
  return db
    .select()
    .from(media)
    .where(and(eq(media.userId, userId), eq(media.sha256, sha256)));
}

export async function listMedia(db: Database, userId: string): Promise<MediaRow[]> {
  return db
    .select()
    .from(media)
    .where(eq(media.userId, userId))
    .orderBy(desc(media.createdAt), desc(media.id));
}

export async function findMedia(
  db: Database,
  userId: string,
  id: string,
): Promise<MediaRow | null> {
  if (!UUID.test(id)) return null;
  const [row] = await db
    .select()
    .from(media)
    .where(and(eq(media.userId, userId), eq(media.id, id)));
  return row ?? null;
}

/** The seller's saved templates whose design mentions each storage key. */
export async function templatesUsing(
  db: Database,
  userId: string,
  keys: string[],
): Promise<Map<string, TemplateRef[]>> {
  const result = new Map<string, TemplateRef[]>(keys.map((key) => [key, []]));
  if (keys.length === 0) return result;
  const rows = await db
    .select({
      id: templates.id,
      name: templates.name,
      design: sql<string>`${templates.design}::text`,
    })
    .from(templates)
    .where(eq(templates.userId, userId));
  for (const row of rows) {
    for (const key of keys) {
      if (row.design.includes(key)) result.get(key)!.push({ id: row.id, name: row.name });
    }
  }
  return result;
}

export async function deleteMedia(
  db: Database,
  storage: MediaStorage,
  row: MediaRow,
): Promise<void> {
  await db.delete(media).where(eq(media.id, row.id));
  await storage.delete(row.storageKey);
}
