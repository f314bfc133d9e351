import type { FastifyInstance } from 'fastify';
import { endpoints } from '@thankly/api-contract/endpoints';
import { currentUser, requireUser } from '../auth/session-plugin.ts';
import { route } from '../infrastructure/http/route.ts';
import { cancelScheduledEmail, readJourney, saveJourney } from './journey-service.ts';

export async function journeyRoutes(app: FastifyInstance) {
  app.addHook('onRequest', requireUser);
  const { db, clock } = app.ctx;
  const api = endpoints.journeys;

  route(
    app,
    api.journey,
  )(async (_input, request) => readJourney(db, currentUser(request), clock.now()));

  route(
    app,
    api.saveJourney,
  )(async ({ body }, request) => {
    const seller = currentUser(request);
    await saveJourney(db, seller, body, clock.now());
    return readJourney(db, seller, clock.now());
  });

  route(
    app,
    api.cancelScheduled,
  )(async ({ params }, request) => {
    await cancelScheduledEmail(db, currentUser(request).id, params.id, clock.now());
    return { ok: true as const };
  });
}
