import type { FastifyInstance } from 'fastify';
import { endpoints } from '@thankly/api-contract/endpoints';
import { currentUser, requireUser } from '../auth/session-plugin.ts';
import { route } from '../infrastructure/http/route.ts';
import { deliveryHealthOfSeller } from './delivery-health.ts';

/** The seller's bounce and complaint rates, and whether sending was paused because of them. */
export async function deliveryHealthRoutes(app: FastifyInstance) {
  app.addHook('onRequest', requireUser);
  const { ctx } = app;

  route(
    app,
    endpoints.deliverability.health,
  )(async (_input, request) =>
    deliveryHealthOfSeller(ctx.db, currentUser(request).id, ctx.clock.now()),
  );
}
