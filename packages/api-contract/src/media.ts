// Images a seller uploads (logo, product photos): POST/GET/DELETE /api/media.
import { z } from 'zod';
import type { PlanId } from './plan-catalog.ts';

/** The largest file a seller may upload; a bigger one is answered 413 before it is read whole. */
export const MEDIA_MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
/** Stored images are at most twice the 600 px canvas wide, sharp on high-density screens. */
export const MEDIA_MAX_WIDTH_PX = 1200;
/** What a seller may upload, detected from the bytes (never the file name or the header). */
export const MEDIA_ACCEPTED_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
/** What is stored and served: WebP becomes PNG or JPEG, since Outlook and older Apple Mail cannot show it. */
export const MEDIA_STORED_TYPES = ['image/png', 'image/jpeg', 'image/gif'] as const;

/**
 * POST /api/media must carry this header with the value "1": a cross-site form cannot set it, and
 * a cross-site fetch cannot send it without a preflight that is never granted.
 */
export const MEDIA_UPLOAD_HEADER = 'X-Thankly-Upload';

/** Bytes of stored (re-encoded) images a seller may keep, by plan. */
export const MEDIA_QUOTA_BYTES: Record<PlanId, number> = {
  free: 25 * 1024 * 1024,
  growth: 250 * 1024 * 1024,
  business: 1024 * 1024 * 1024,
};

export const MEDIA_MESSAGES = {
  tooLarge: 'That image is larger than 5 MB. Please choose a smaller file.',
  unsupportedType: 'Please upload a PNG, JPEG, GIF or WebP image.',
  noFile: 'Please choose an image to upload.',
  quotaExceeded:
    'Your image storage is full - delete images you no longer use, or upgrade your plan.',
  unreadable: 'That image could not be read. Please try another file.',
  unverified:
    'Confirm your email address before uploading images: follow the link we sent you, or use “Resend link” at the top of the page to get a new one.',
} as const;

export const templateRefSchema = z.object({ id: z.string(), name: z.string() });
export type TemplateRef = z.output<typeof templateRefSchema>;

export const mediaSchema = z.object({
  id: z.string(),
  /** Absolute and public: email clients fetch it without a session. Changes when the content does. */
  url: z.url(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  /** Stored size, after re-encoding. */
  bytes: z.number().int().nonnegative(),
  contentType: z.enum(MEDIA_STORED_TYPES),
  /** The seller's file name, for the library only. */
  fileName: z.string(),
  createdAt: z.string(),
  /** Saved templates whose design shows this image: deleting it then needs a confirmation. */
  usedIn: z.array(templateRefSchema),
});
export type Media = z.output<typeof mediaSchema>;

export const mediaUsageSchema = z.object({ bytes: z.number().int(), quotaBytes: z.number().int() });
export type MediaUsage = z.output<typeof mediaUsageSchema>;

/** 201 answer of POST /api/media. */
export const mediaCreatedSchema = z.object({ media: mediaSchema, usage: mediaUsageSchema });
/** GET /api/media: the seller's own images, newest first, and the storage used. */
export const mediaListSchema = z.object({ media: z.array(mediaSchema), usage: mediaUsageSchema });

/**
 * DELETE /api/media/:id answers 409 with this when a saved template uses the image and the
 * call did not say `?force=true`; the seller confirms, and the call is repeated with it.
 */
export const mediaInUseSchema = z.object({ error: z.string(), usedIn: z.array(templateRefSchema) });
