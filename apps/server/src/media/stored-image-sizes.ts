// The size of a seller's uploaded image, known since the upload was re-encoded: an "auto" image
// the editor never measured gets its width attribute from it when the email is rendered to send.
import { type Design, type ImageSize, unsizedImageSources, withImageSizes } from '@thankly/email';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../infrastructure/db/database.ts';
import { media } from '../infrastructure/db/schema.ts';

/** `<upload id>-<16 hex of its SHA-256>.<ext>` (media-service.ts): names one upload only. */
const STORAGE_KEY =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-[0-9a-f]{16}\.[a-z]+$/;

/**
 * The storage key an image address names, whether it is served at `/media/<key>` or from
 * MEDIA_PUBLIC_URL (a bucket or CDN): the last segment of its path.
 */
export function storageKeyOf(src: string): string | null {
  let path: string;
  try {
    path = new URL(src).pathname;
  } catch {
    return null;
  }
  const key = path.split('/').at(-1) ?? '';
  return STORAGE_KEY.test(key) ? key : null;
}

/**
 * `design` with each unsized "auto" image that is one of `userId`'s uploads given its stored
 * size. Only the seller's own uploads are read; other images stay unsized (the server never
 * fetches images).
 */
export async function withStoredImageSizes(
  db: Database,
  userId: string,
  design: Design,
): Promise<Design> {
  const keys = [...new Set(unsizedImageSources(design).flatMap((src) => storageKeyOf(src) ?? []))];
  if (keys.length === 0) return design;
  const rows = await db
    .select({ storageKey: media.storageKey, width: media.width, height: media.height })
    .from(media)
    .where(and(eq(media.userId, userId), inArray(media.storageKey, keys)));
  const sizes = new Map<string, ImageSize>(rows.map((row) => [row.storageKey, row]));
  if (sizes.size === 0) return design;
  return withImageSizes(design, (src) => {
    const key = storageKeyOf(src);
    return key ? sizes.get(key) : undefined;
  });
}
