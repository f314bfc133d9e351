import type { FastifyInstance } from 'fastify';
import { endpoints } from '@thankly/api-contract/endpoints';
import { byClient, rateLimitBy } from '../infrastructure/http/rate-limits.ts';
import { route } from '../infrastructure/http/route.ts';
import { countPageView } from './page-views.ts';

export async function analyticsRoutes(app: FastifyInstance) {
  // Counts a view per path and day; nothing about the visitor is kept. Limited per client, so a
  // script cannot inflate the counts or fill the table with made-up paths.
  route(app, endpoints.analytics.pageView, {
    preHandler: rateLimitBy(app, 'page-view', app.ctx.rateLimits.pageViewPerClient, byClient),
  })(async ({ body: { path } }) => {
    await countPageView(app.ctx.db, path, app.ctx.clock.now());
    return null;
  });
}
