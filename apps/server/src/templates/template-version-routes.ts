import type { FastifyInstance } from 'fastify';
import { TEMPLATE_VERSION_MESSAGES, templateVersionParamsSchema } from '@thankly/api-contract';
import { endpoints } from '@thankly/api-contract/endpoints';
import { currentUser, requireUser } from '../auth/session-plugin.ts';
import { notFound } from '../infrastructure/http/errors.ts';
import { route } from '../infrastructure/http/route.ts';
import {
  getVersion,
  getVersionHtml,
  listVersions,
  restoreVersion,
  undoRestore,
} from './template-versions.ts';

/**
 * A version's email as a document of its own, for the history list's thumbnails: the seller's
 * browser draws it in a sandboxed frame. The header sandboxes it again (no scripts, no forms, no
 * same-origin access even if opened directly) and lets it fetch nothing but its images and styles.
 */
const VERSION_HTML_POLICY =
  "sandbox; default-src 'none'; img-src https: http: data:; style-src 'unsafe-inline'; frame-ancestors 'self'";

/**
 * The email's web-font link, left out: a thumbnail asks nothing of other hosts (the policy would
 * refuse it anyway, and say so in the console), and shows the fallback font a client without web
 * fonts shows. The same rule as the web app's offline preview (lib/offline-preview.ts).
 */
const REMOTE_STYLESHEET = /<link\b[^>]*\bhref\s*=\s*["']?(?:https?:)?\/\/[^>]*>/gi;

export async function templateVersionRoutes(app: FastifyInstance) {
  app.addHook('onRequest', requireUser);
  const { db, clock } = app.ctx;
  const api = endpoints.templates;

  route(
    app,
    api.listVersions,
  )(async ({ params }, request) => listVersions(db, currentUser(request).id, params.id));

  route(
    app,
    api.getVersion,
  )(async ({ params }, request) =>
    getVersion(db, currentUser(request).id, params.id, params.versionId),
  );

  route(
    app,
    api.restoreVersion,
  )(async ({ params }, request) =>
    restoreVersion(db, currentUser(request), params.id, params.versionId, clock.now()),
  );

  route(
    app,
    api.undoRestore,
  )(async ({ params }, request) =>
    undoRestore(db, currentUser(request), params.id, params.versionId, clock.now()),
  );

  // Not JSON, so not in the contract's endpoints: an iframe's src.
  app.get('/templates/:id/versions/:versionId/html', async (request, reply) => {
    const parsed = templateVersionParamsSchema.safeParse(request.params);
    if (!parsed.success) throw notFound(TEMPLATE_VERSION_MESSAGES.notFound);
    const { id, versionId } = parsed.data;
    const html = await getVersionHtml(db, currentUser(request).id, id, versionId);
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-security-policy', VERSION_HTML_POLICY)
      .header('cache-control', 'private, max-age=3600')
      .send(html.replace(REMOTE_STYLESHEET, ''));
  });
}
