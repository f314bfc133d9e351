import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type EmptyTokensReply, templateInputSchema } from '@thankly/api-contract';
import { z } from 'zod';
import { currentUser, requireUser } from '../auth/session-plugin.ts';
import { notFound } from '../http/errors.ts';
import { parseInput } from '../http/validate.ts';
import { findEffectiveTemplate } from './effective-template.ts';
import { emptyTokenWarnings, loadSellerTokenFacts } from './empty-token-warnings.ts';
import {
  TEMPLATE_NOT_FOUND,
  clearSelection,
  createTemplate,
  deleteTemplate,
  findSelectedTemplateId,
  getTemplate,
  listTemplates,
  selectTemplate,
  updateTemplate,
} from './templates-service.ts';

const idParamsSchema = z.object({ id: z.uuid() });

/** A malformed id names no template of anyone's: the same 404 as a missing one. */
export function templateIdFrom(request: FastifyRequest): string {
  const parsed = idParamsSchema.safeParse(request.params);
  if (!parsed.success) throw notFound(TEMPLATE_NOT_FOUND);
  return parsed.data.id;
}

export async function templateRoutes(app: FastifyInstance) {
  app.addHook('onRequest', requireUser);
  const { db, clock } = app.ctx;

  app.get('/templates/', async (request) => ({
    templates: await listTemplates(db, currentUser(request), clock.now()),
  }));

  app.post('/templates', async (request, reply) => {
    const input = parseInput(templateInputSchema, request.body);
    return reply.status(201).send(await createTemplate(db, currentUser(request), input));
  });

  app.get('/templates/effective', async (request) =>
    findEffectiveTemplate(db, currentUser(request), clock.now()),
  );

  app.get('/templates/selectors/selected', async (request) => ({
    selectedTemplateId: await findSelectedTemplateId(db, currentUser(request).id),
  }));

  app.post('/templates/selectors/select/:id', async (request) => ({
    selectedTemplateId: await selectTemplate(db, currentUser(request).id, templateIdFrom(request)),
  }));

  app.delete('/templates/selectors/selected', async (request) => {
    await clearSelection(db, currentUser(request).id);
    return { ok: true };
  });

  app.get('/templates/:id', async (request) =>
    getTemplate(db, currentUser(request).id, templateIdFrom(request)),
  );

  app.get('/templates/:id/empty-tokens', async (request): Promise<EmptyTokensReply> => {
    const sellerId = currentUser(request).id;
    const template = await getTemplate(db, sellerId, templateIdFrom(request));
    return { emptyTokens: emptyTokenWarnings(template, await loadSellerTokenFacts(db, sellerId)) };
  });

  app.put('/templates/:id', async (request) => {
    const id = templateIdFrom(request);
    const input = parseInput(templateInputSchema, request.body);
    return updateTemplate(db, currentUser(request), id, input);
  });

  app.delete('/templates/:id', async (request) => {
    const { selectionCleared } = await deleteTemplate(
      db,
      currentUser(request).id,
      templateIdFrom(request),
    );
    return { ok: true, selectionCleared };
  });
}
