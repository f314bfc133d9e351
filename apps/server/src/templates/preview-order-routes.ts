import { endpoints } from '@thankly/api-contract/endpoints';
import type { FastifyInstance } from 'fastify';
import { currentUser, requireUser } from '../auth/session-plugin.ts';
import { route } from '../infrastructure/http/route.ts';
import { listPreviewOrders } from './preview-orders.ts';

/** "Preview as": the signed-in seller's own recent orders, as the editor's preview data. */
export async function previewOrderRoutes(app: FastifyInstance) {
  app.addHook('onRequest', requireUser);
  route(
    app,
    endpoints.preview.orders,
  )(async (_input, request) => ({
    orders: await listPreviewOrders(app.ctx.db, currentUser(request).id),
  }));
}
