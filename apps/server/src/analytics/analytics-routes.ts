import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { pageViewSchema } from '@thankly/api-contract';
import { pageViews } from '../db/schema.ts';
import { parseInput } from '../http/validate.ts';
import { athensDate } from '../time/athens.ts';

export async function analyticsRoutes(app: FastifyInstance) {
  // Counts a view per path and day; nothing about the visitor is kept.
  app.post('/analytics/page-view', async (request, reply) => {
    const { path } = parseInput(pageViewSchema, request.body);
    await app.ctx.db
      .insert(pageViews)
      .values({ day: athensDate(app.ctx.clock.now()), path, views: 1 })
      .onConflictDoUpdate({
        target: [pageViews.day, pageViews.path],
        set: { views: sql`${pageViews.views} + 1` },
      });
    return reply.status(204).send();
  });
}
