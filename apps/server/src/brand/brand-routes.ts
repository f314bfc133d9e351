// GET/PUT /api/brand (the seller's brand kit) and GET /api/templates/gallery (the starter designs
// wearing it). Both need a signed-in seller; each seller only ever sees their own brand.
import type { FastifyInstance } from 'fastify';
import { brandSchema, type GalleryDesign } from '@thankly/api-contract';
import { starterDesigns } from '@thankly/email';
import { currentUser, requireUser } from '../auth/session-plugin.ts';
import { AppError } from '../http/errors.ts';
import { parseInput } from '../http/validate.ts';
import { BRAND_FIELDS, getBrand, updateBrand, type BrandField } from './brand-service.ts';

const KNOWN = new Set<string>(BRAND_FIELDS);

/**
 * The fields a PUT names: an omitted field keeps its stored value, so a field name we do not know
 * (a typo, a renamed field) is refused rather than silently dropped.
 */
function namedFields(body: unknown): BrandField[] {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new AppError('invalid', 'Expected the brand as an object.');
  }
  const unknown = Object.keys(body).filter((key) => !KNOWN.has(key));
  if (unknown.length > 0) {
    throw new AppError('invalid', `Unknown brand field: ${unknown[0]!.slice(0, 40)}.`);
  }
  return BRAND_FIELDS.filter((field) => Object.hasOwn(body, field));
}

export async function brandRoutes(app: FastifyInstance) {
  app.addHook('onRequest', requireUser);
  const { db } = app.ctx;

  app.get('/brand', async (request) => ({ brand: await getBrand(db, currentUser(request).id) }));

  app.put('/brand', async (request) => {
    const fields = namedFields(request.body);
    const input = parseInput(brandSchema, request.body);
    const changes = Object.fromEntries(fields.map((field) => [field, input[field]]));
    return { brand: await updateBrand(db, currentUser(request).id, changes) };
  });

  // A static path: the router matches it before /templates/:id, whatever the registration order.
  app.get('/templates/gallery', async (request): Promise<{ designs: GalleryDesign[] }> => {
    const brand = await getBrand(db, currentUser(request).id);
    return {
      designs: starterDesigns(brand).map(({ id, name, subject, description, design }) => ({
        id,
        name,
        subject,
        description,
        design,
      })),
    };
  });
}
