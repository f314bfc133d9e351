import type { FastifyInstance } from 'fastify';
import { requireOperator } from '../infrastructure/http/operator-auth.ts';
import { pollIntervals } from './ingest.ts';
import { connectedShopCounts, requestsUsedToday } from './poll-schedule.ts';

/**
 * For the operator: how much of Etsy's request allowance the app is using today, and how often
 * each shop is polled as a result (ETSY_POLL_SECONDS, stretched when the budget cannot cover it).
 */
export async function requestBudgetRoutes(app: FastifyInstance) {
  const { ctx } = app;
  app.addHook('onRequest', requireOperator);

  app.get('/operator/marketplace-requests', async () => {
    const now = ctx.clock.now();
    const { dailyRequestBudget, requestsPerSecond, pollSeconds } = ctx.config.etsy;
    const [used, counts, intervals] = await Promise.all([
      requestsUsedToday(ctx.db, 'etsy', now),
      connectedShopCounts(ctx.db),
      pollIntervals(ctx),
    ]);
    return {
      etsy: {
        day: now.toISOString().slice(0, 10),
        requestsUsedToday: used,
        dailyRequestBudget,
        requestsPerSecondPerProcess: requestsPerSecond,
        connectedShops: counts.get('etsy') ?? 0,
        configuredPollSeconds: pollSeconds,
        pollSeconds: intervals.get('etsy') ?? pollSeconds,
      },
    };
  });
}
