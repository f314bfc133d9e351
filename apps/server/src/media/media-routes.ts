// POST/GET/DELETE /api/media: the signed-in seller's image library.
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  MEDIA_MAX_UPLOAD_BYTES,
  MEDIA_MESSAGES,
  type Media,
  type MediaUsage,
} from '@thankly/api-contract';
import { endpoints } from '@thankly/api-contract/endpoints';
import { currentUser, requireUser } from '../auth/session-plugin.ts';
import { browserOrigin } from '../infrastructure/http/browser-origin.ts';
import { AppError } from '../infrastructure/http/errors.ts';
import { rateLimitBy } from '../infrastructure/http/rate-limits.ts';
import { route } from '../infrastructure/http/route.ts';
import { detectImageType } from './detect-type.ts';
import {
  cleanFileName,
  deleteMedia,
  findMedia,
  listMedia,
  quotaOf,
  saveMedia,
  templatesUsing,
  usedBytes,
  type MediaRow,
} from './media-service.ts';
import { reencode } from './reencode.ts';

/** Where a stored image is fetched from by email clients: absolute, no session needed. */
export function mediaUrl(request: FastifyRequest, key: string): string {
  const { config } = request.server.ctx;
  if (config.mediaPublicUrl) return `${config.mediaPublicUrl.replace(/\/+$/, '')}/${key}`;
  return `${browserOrigin(request, config)}/media/${key}`;
}

function toMedia(request: FastifyRequest, row: MediaRow, usedIn: Media['usedIn']): Media {
  return {
    id: row.id,
    url: mediaUrl(request, row.storageKey),
    width: row.width,
    height: row.height,
    bytes: row.bytes,
    contentType: row.contentType as Media['contentType'],
    fileName: row.fileName,
    createdAt: row.createdAt.toISOString(),
    usedIn,
  };
}

async function usageOf(request: FastifyRequest): Promise<MediaUsage> {
  const user = currentUser(request);
  return { bytes: await usedBytes(request.server.ctx.db, user.id), quotaBytes: quotaOf(user.plan) };
}

async function readUpload(request: FastifyRequest): Promise<{ bytes: Buffer; fileName: string }> {
  if (!request.isMultipart()) throw new AppError('invalid', MEDIA_MESSAGES.noFile);
  try {
    const part = await request.file();
    if (!part || part.fieldname !== 'file') {
      part?.file.resume();
      throw new AppError('invalid', MEDIA_MESSAGES.noFile);
    }
    const bytes = await part.toBuffer();
    // toBuffer does not always throw at the limit: the stream may end cut at exactly the limit
    // with only `truncated` set, and a cut image can still decode.
    if (part.file.truncated) throw new TooLarge();
    return { bytes, fileName: cleanFileName(part.filename) };
  } catch (error) {
    if (error instanceof AppError || error instanceof TooLarge) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new TooLarge();
    if (code === 'FST_FILES_LIMIT')
      throw new AppError('invalid', 'Please upload one image at a time.');
    throw new AppError('invalid', MEDIA_MESSAGES.noFile);
  }
}

/** 413 with the contract's message (AppError has no code for it). */
class TooLarge extends Error {
  readonly statusCode = 413;
  constructor() {
    super(MEDIA_MESSAGES.tooLarge);
  }
}

export async function mediaRoutes(app: FastifyInstance) {
  app.addHook('onRequest', requireUser);
  const { db, mediaStorage } = app.ctx;
  await app.register(multipart, {
    limits: { fileSize: MEDIA_MAX_UPLOAD_BYTES, files: 1, fields: 5, parts: 6 },
  });
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof TooLarge) return reply.status(413).send({ error: error.message });
    throw error;
  });

  app.post(
    '/media',
    {
      config: { acceptsUpload: true },
      preHandler: rateLimitBy(
        app,
        'media-upload',
        app.ctx.rateLimits.mediaUploadPerUser,
        (request) => currentUser(request).id,
      ),
    },
    async (request, reply) => {
      const user = currentUser(request);
      // Decoding costs CPU that every seller shares: only an address someone proved may spend it.
      if (!user.emailVerifiedAt) throw new AppError('forbidden', MEDIA_MESSAGES.unverified);
      const { bytes, fileName } = await readUpload(request);
      const type = detectImageType(bytes);
      if (!type) throw new AppError('unsupported_media_type', MEDIA_MESSAGES.unsupportedType);
      const encoded = await reencode(bytes, type);
      const row = await saveMedia(db, mediaStorage, user, encoded, fileName);
      const usedIn = (await templatesUsing(db, user.id, [row.storageKey])).get(row.storageKey)!;
      return reply
        .status(201)
        .send({ media: toMedia(request, row, usedIn), usage: await usageOf(request) });
    },
  );

  route(
    app,
    endpoints.media.list,
  )(async (_input, request) => {
    const user = currentUser(request);
    const rows = await listMedia(db, user.id);
    const used = await templatesUsing(
      db,
      user.id,
      rows.map((row) => row.storageKey),
    );
    return {
      media: rows.map((row) => toMedia(request, row, used.get(row.storageKey)!)),
      usage: await usageOf(request),
    };
  });

  // A 409 names the saved templates that use the image (mediaInUseSchema); `force` deletes anyway.
  route(
    app,
    endpoints.media.delete,
  )(async ({ params, query }, request) => {
    const user = currentUser(request);
    const row = await findMedia(db, user.id, params.id);
    if (!row) throw new AppError('not_found', 'Image not found.');
    if (query.force !== 'true') {
      const usedIn = (await templatesUsing(db, user.id, [row.storageKey])).get(row.storageKey)!;
      if (usedIn.length > 0) {
        throw new AppError(
          'conflict',
          'This image is used in saved templates. Delete it anyway?',
          undefined,
          { usedIn },
        );
      }
    }
    await deleteMedia(db, mediaStorage, row);
    return null;
  });
}
