import type { FastifyInstance } from 'fastify';
import type { Template } from '@thankly/api-contract';
import { findDeadLinks } from '@thankly/email';
import { endpoints } from '@thankly/api-contract/endpoints';
import { currentUser, requireUser } from '../auth/session-plugin.ts';
import { route } from '../infrastructure/http/route.ts';
import { findEffectiveTemplate } from './effective-template.ts';
import { deleteDraft, getDraft, saveDraft } from './template-drafts.ts';
import { emptyTokenWarnings, loadSellerTokenFacts } from './empty-token-warnings.ts';
import {
  clearSelection,
  createTemplate,
  deleteTemplate,
  findSelectedTemplateId,
  getTemplate,
  listTemplates,
  selectTemplate,
  updateTemplate,
} from './templates-service.ts';

/** A saved template with the blocks whose link would lead buyers nowhere, for the editor to name. */
function withLinkWarnings(template: Template): Template {
  return { ...template, linkWarnings: findDeadLinks(template.design) };
}

export async function templateRoutes(app: FastifyInstance) {
  app.addHook('onRequest', requireUser);
  const { db, clock, config } = app.ctx;
  const api = endpoints.templates;

  route(
    app,
    api.list,
  )(async (_input, request) => ({
    templates: await listTemplates(db, currentUser(request), clock.now()),
  }));

  route(
    app,
    api.create,
  )(async ({ body }, request) =>
    withLinkWarnings(await createTemplate(db, currentUser(request), body, config, clock.now())),
  );

  route(
    app,
    api.effective,
  )(async (_input, request) => findEffectiveTemplate(db, currentUser(request), clock.now()));

  route(
    app,
    api.selected,
  )(async (_input, request) => ({
    selectedTemplateId: await findSelectedTemplateId(db, currentUser(request).id),
  }));

  route(
    app,
    api.select,
  )(async ({ params }, request) => ({
    selectedTemplateId: await selectTemplate(db, currentUser(request).id, params.id),
  }));

  route(
    app,
    api.clearSelection,
  )(async (_input, request) => {
    await clearSelection(db, currentUser(request).id);
    return { ok: true };
  });

  route(
    app,
    api.get,
  )(async ({ params }, request) => getTemplate(db, currentUser(request).id, params.id));

  route(
    app,
    api.emptyTokens,
  )(async ({ params }, request) => {
    const sellerId = currentUser(request).id;
    const template = await getTemplate(db, sellerId, params.id);
    return { emptyTokens: emptyTokenWarnings(template, await loadSellerTokenFacts(db, sellerId)) };
  });

  route(
    app,
    api.getDraft,
  )(async ({ params }, request) => ({
    draft: await getDraft(db, currentUser(request).id, params.id),
  }));

  route(
    app,
    api.saveDraft,
  )(async ({ params, body }, request) =>
    saveDraft(db, currentUser(request).id, params.id, body, clock.now()),
  );

  route(
    app,
    api.discardDraft,
  )(async ({ params }, request) => {
    await deleteDraft(db, currentUser(request).id, params.id);
    return { ok: true };
  });

  route(
    app,
    api.update,
  )(async ({ params, body }, request) =>
    withLinkWarnings(
      await updateTemplate(db, currentUser(request), params.id, body, config, clock.now()),
    ),
  );

  route(
    app,
    api.delete,
  )(async ({ params }, request) => {
    const { selectionCleared } = await deleteTemplate(db, currentUser(request).id, params.id);
    return { ok: true, selectionCleared };
  });
}
