import type { FastifyInstance } from 'fastify';
import { endpoints } from '@thankly/api-contract/endpoints';
import { currentUser, requireUser } from '../auth/session-plugin.ts';
import { route } from '../infrastructure/http/route.ts';
import { listActivity, readSendingSettings, saveSendingSettings } from './activity-service.ts';

export async function sendingRoutes(app: FastifyInstance) {
  app.addHook('onRequest', requireUser);
  const { db } = app.ctx;
  const api = endpoints.sending;

  route(
    app,
    api.activity,
  )(async (_input, request) => ({
    items: await listActivity(db, currentUser(request).id, app.ctx.clock.now()),
  }));

  route(
    app,
    api.settings,
  )(async (_input, request) => readSendingSettings(db, currentUser(request).id));

  route(
    app,
    api.updateSettings,
  )(async ({ body }, request) => saveSendingSettings(db, currentUser(request).id, body));
}
