// GET /media/:key: stored images, public (email clients fetch them), cached for good.
import type { FastifyInstance } from 'fastify';
import { STORAGE_KEY } from './media-storage.ts';

const TYPE = { png: 'image/png', jpg: 'image/jpeg', gif: 'image/gif' } as const;

export async function publicMediaRoutes(app: FastifyInstance) {
  app.get<{ Params: { key: string } }>('/media/:key', async (request, reply) => {
    const { key } = request.params;
    const notFound = () =>
      reply.status(404).header('cache-control', 'no-store').send({ error: 'Image not found.' });
    if (!STORAGE_KEY.test(key)) return notFound();
    const bytes = await app.ctx.mediaStorage.get(key);
    if (!bytes) return notFound();
    return reply
      .header('content-type', TYPE[key.split('.').pop() as keyof typeof TYPE])
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cross-origin-resource-policy', 'cross-origin')
      .send(bytes);
  });
}
