// Printed cards and marketplace messages for orders that get no email. Every route is the signed-in
// seller's own: another seller's order is a 404, as if it did not exist.
import type { FastifyInstance } from 'fastify';
import { cardBatchQuerySchema, markCardsPrintedSchema } from '@thankly/api-contract';
import { z } from 'zod';
import { currentUser, requireUser } from '../auth/session-plugin.ts';
import { notFound } from '../http/errors.ts';
import { parseInput } from '../http/validate.ts';
import {
  byHandSummary,
  cardBatch,
  marketplaceMessage,
  markCardsPrinted,
  markMessageSent,
} from './by-hand-service.ts';

const orderParams = z.object({ id: z.uuid() });

function orderIdFrom(params: unknown): string {
  const parsed = orderParams.safeParse(params);
  if (!parsed.success) throw notFound('Order not found.');
  return parsed.data.id;
}

export async function byHandRoutes(app: FastifyInstance) {
  app.addHook('onRequest', requireUser);
  const { ctx } = app;

  app.get('/by-hand/summary', async (request) => byHandSummary(ctx.db, currentUser(request).id));

  app.get('/cards', async (request) => {
    const { ids } = parseInput(cardBatchQuerySchema, request.query);
    return cardBatch(ctx, currentUser(request), ids);
  });

  app.post('/cards/printed', async (request) => {
    const { orderIds } = parseInput(markCardsPrintedSchema, request.body);
    return markCardsPrinted(ctx, currentUser(request), orderIds);
  });

  app.get('/orders/:id/message', async (request) =>
    marketplaceMessage(ctx, currentUser(request), orderIdFrom(request.params)),
  );

  app.post('/orders/:id/message-sent', async (request) =>
    markMessageSent(ctx, currentUser(request), orderIdFrom(request.params)),
  );
}
