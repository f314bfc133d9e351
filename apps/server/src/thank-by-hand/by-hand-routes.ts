// Printed cards and marketplace messages for orders that get no email. Every route is the signed-in
// seller's own: another seller's order is a 404, as if it did not exist.
import type { FastifyInstance } from 'fastify';
import { endpoints } from '@thankly/api-contract/endpoints';
import { currentUser, requireUser } from '../auth/session-plugin.ts';
import { rateLimitBy } from '../infrastructure/http/rate-limits.ts';
import { route } from '../infrastructure/http/route.ts';
import {
  byHandSummary,
  cardBatch,
  marketplaceMessage,
  markCardsPrinted,
  markMessageSent,
} from './by-hand-service.ts';
import { markPacked, readCardSettings, saveCardSettings } from './packing-service.ts';

export async function byHandRoutes(app: FastifyInstance) {
  app.addHook('onRequest', requireUser);
  const { ctx } = app;
  const api = endpoints.byHand;

  route(
    app,
    api.summary,
  )(async (_input, request) => byHandSummary(ctx.db, currentUser(request).id));

  route(app, api.cards, {
    preHandler: rateLimitBy(
      app,
      'card-batch',
      ctx.rateLimits.cardBatchPerUser,
      (request) => currentUser(request).id,
    ),
  })(async ({ query: { ids, batch } }, request) =>
    cardBatch(ctx, currentUser(request), { ids, batch }),
  );

  route(
    app,
    api.markPacked,
  )(async ({ body }, request) => markPacked(ctx, currentUser(request), body));

  route(
    app,
    api.settings,
  )(async (_input, request) => readCardSettings(ctx.db, currentUser(request).id));

  route(
    app,
    api.saveSettings,
  )(async ({ body }, request) => saveCardSettings(ctx, currentUser(request).id, body));

  route(
    app,
    api.markPrinted,
  )(async ({ body: { orderIds } }, request) =>
    markCardsPrinted(ctx, currentUser(request), orderIds),
  );

  route(
    app,
    api.message,
  )(async ({ params }, request) => marketplaceMessage(ctx, currentUser(request), params.id));

  route(
    app,
    api.markMessageSent,
  )(async ({ params }, request) => markMessageSent(ctx, currentUser(request), params.id));
}
