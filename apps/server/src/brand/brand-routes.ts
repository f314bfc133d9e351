// GET/PUT /api/brand (the seller's brand kit), the restyle of saved templates with it and its undo
// (/api/brand/restyle), and GET /api/templates/gallery (the starter designs wearing it). Both need a signed-in seller; each seller only ever sees their own brand.
import type { FastifyInstance } from 'fastify';
import { BRAND_FIELDS, BRAND_NOT_AN_OBJECT } from '@thankly/api-contract';
import { endpoints } from '@thankly/api-contract/endpoints';
import { starterDesigns } from '@thankly/email';
import { currentUser, requireUser } from '../auth/session-plugin.ts';
import { AppError } from '../infrastructure/http/errors.ts';
import { route } from '../infrastructure/http/route.ts';
import { getBrand, updateBrand } from './brand-service.ts';
import { countRestylable, restyleTemplates, undoRestyle } from './restyle-service.ts';

export async function brandRoutes(app: FastifyInstance) {
  app.addHook('onRequest', requireUser);
  const { db, clock } = app.ctx;

  route(
    app,
    endpoints.brand.get,
  )(async (_input, request) => ({
    brand: await getBrand(db, currentUser(request).id),
  }));

  // The body schema refuses a field name it does not know; an omitted field keeps its value.
  route(
    app,
    endpoints.brand.update,
  )(async ({ body }, request) => {
    // A JSON null reads as an empty body to the schema: it is no brand either.
    if (request.body === null) throw new AppError('invalid', BRAND_NOT_AN_OBJECT);
    const named = BRAND_FIELDS.filter((field) => Object.hasOwn(request.body as object, field));
    const changes = Object.fromEntries(named.map((field) => [field, body[field]]));
    return { brand: await updateBrand(db, currentUser(request).id, changes, clock.now()) };
  });

  route(
    app,
    endpoints.brand.restyleOffer,
  )(async (_input, request) => ({
    templates: await countRestylable(db, currentUser(request).id),
  }));

  route(
    app,
    endpoints.brand.restyle,
  )(async (_input, request) => restyleTemplates(db, currentUser(request).id, clock.now()));

  route(
    app,
    endpoints.brand.undoRestyle,
  )(async ({ params }, request) =>
    undoRestyle(db, currentUser(request).id, params.id, clock.now()),
  );

  // A static path: the router matches it before /templates/:id, whatever the registration order.
  route(
    app,
    endpoints.templates.gallery,
  )(async (_input, request) => {
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
