import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { pageViewSchema } from '@thankly/api-contract';
import { pageViews } from '../db/schema.ts';
import { byClient, rateLimitBy } from '../http/rate-limits.ts';
import { parseInput } from '../http/validate.ts';
import { athensDate } from '../time/athens.ts';

export async function analyticsRoutes(app: FastifyInstance) {
  // Counts a view per path and day; nothing about the visitor is kept. Limited per client, so a
  // script cannot inflate the counts or fill the table with made-up paths.
  app.post(
    '/analytics/page-view',
    {
      preHandler: rateLimitBy(app, 'page-view', app.ctx.rateLimits.pageViewPerClient, byClient),
    },
    async (request, reply) => {
      const { path } = parseInput(pageViewSchema, request.body);
      await app.ctx.db
        .insert(pageViews)
        .values({ day: athensDate(app.ctx.clock.now()), path, views: 1 })
        .onConflictDoUpdate({
          target: [pageViews.day, pageViews.path],
          set: { views: sql`${pageViews.views} + 1` },
        });
      return reply.status(204).send();
    },
  );
}
