import type { FastifyInstance } from 'fastify';
import { insightsQuerySchema } from '@thankly/api-contract';
import { endpoints } from '@thankly/api-contract/endpoints';
import { currentUser, requireUser } from '../auth/session-plugin.ts';
import { route } from '../infrastructure/http/route.ts';
import { parseInput } from '../infrastructure/http/validate.ts';
import { insightsCsv } from './insights-csv.ts';
import { insightsFor } from './insights-report.ts';
import { readTrackingSettings, saveTrackingSettings } from './tracking-settings.ts';

/** The seller's insights and their tracking setting. */
export async function insightsRoutes(app: FastifyInstance) {
  app.addHook('onRequest', requireUser);
  const { db, trackingEvents } = app.ctx;
  // The opens and clicks this process still holds are written first: the numbers include them.
  const report = async (
    user: Parameters<typeof insightsFor>[1],
    query: Parameters<typeof insightsFor>[2],
  ) => {
    await trackingEvents.flush();
    return insightsFor(db, user, query);
  };

  const api = endpoints.insights;

  route(app, api.report)(async ({ query }, request) => report(currentUser(request), query));

  app.get('/insights/export.csv', async (request, reply) => {
    const query = parseInput(insightsQuerySchema, request.query);
    const insights = await report(currentUser(request), query);
    return reply
      .type('text/csv; charset=utf-8')
      .header(
        'content-disposition',
        `attachment; filename="thankly-insights-${query.from}-${query.to}.csv"`,
      )
      .send(insightsCsv(insights));
  });

  route(
    app,
    api.settings,
  )(async (_input, request) => readTrackingSettings(db, currentUser(request).id));

  route(
    app,
    api.updateSettings,
  )(async ({ body }, request) => saveTrackingSettings(db, currentUser(request).id, body));
}
