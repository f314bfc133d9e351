// The seller's side of shared previews: make a link, list the ones that still work, revoke one.
import type { FastifyInstance } from 'fastify';
import { SHARED_PREVIEW_PATH } from '@thankly/api-contract';
import { endpoints } from '@thankly/api-contract/endpoints';
import { currentUser, requireUser } from '../auth/session-plugin.ts';
import { browserOrigin } from '../infrastructure/http/browser-origin.ts';
import { route } from '../infrastructure/http/route.ts';
import {
  createSharedPreview,
  listSharedPreviews,
  revokeSharedPreview,
} from './shared-previews-service.ts';

export async function sharedPreviewRoutes(app: FastifyInstance) {
  app.addHook('onRequest', requireUser);
  const { db, clock, config } = app.ctx;
  const api = endpoints.sharedPreviews;

  route(
    app,
    api.list,
  )(async ({ params }, request) => ({
    shares: await listSharedPreviews(db, currentUser(request).id, params.id, clock.now()),
  }));

  route(
    app,
    api.create,
  )(async ({ params, body }, request) => {
    const { share, token } = await createSharedPreview(
      db,
      currentUser(request).id,
      params.id,
      body,
      clock.now(),
    );
    // The one time the address exists outside the seller's clipboard: only its hash is kept.
    return { share, url: `${browserOrigin(request, config)}${SHARED_PREVIEW_PATH}/${token}` };
  });

  route(
    app,
    api.revoke,
  )(async ({ params }, request) => {
    await revokeSharedPreview(db, currentUser(request).id, params.id, params.shareId, clock.now());
    return { ok: true };
  });
}
