import type { FastifyInstance } from 'fastify';
import { insightsQuerySchema, insightsSettingsSchema } from '@thankly/api-contract';
import { currentUser, requireUser } from '../auth/session-plugin.ts';
import { parseInput } from '../http/validate.ts';
import { insightsCsv } from './insights-csv.ts';
import { insightsFor } from './insights-report.ts';
import { readTrackingSettings, saveTrackingSettings } from './tracking-settings.ts';

/** The seller's insights and their tracking setting. */
export async function insightsRoutes(app: FastifyInstance) {
  app.addHook('onRequest', requireUser);
  const { db } = app.ctx;

  app.get('/insights', async (request) =>
    insightsFor(db, currentUser(request).id, parseInput(insightsQuerySchema, request.query)),
  );

  app.get('/insights/export.csv', async (request, reply) => {
    const query = parseInput(insightsQuerySchema, request.query);
    const insights = await insightsFor(db, currentUser(request).id, query);
    return reply
      .type('text/csv; charset=utf-8')
      .header(
        'content-disposition',
        `attachment; filename="thankly-insights-${query.from}-${query.to}.csv"`,
      )
      .send(insightsCsv(insights));
  });

  app.get('/insights/settings', async (request) =>
    readTrackingSettings(db, currentUser(request).id),
  );

  app.put('/insights/settings', async (request) =>
    saveTrackingSettings(
      db,
      currentUser(request).id,
      parseInput(insightsSettingsSchema, request.body),
    ),
  );
}
