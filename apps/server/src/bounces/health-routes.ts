import type { FastifyInstance } from 'fastify';
import type { DeliveryHealth } from '@thankly/api-contract';
import { eq } from 'drizzle-orm';
import { currentUser, requireUser } from '../auth/session-plugin.ts';
import { users } from '../db/schema.ts';
import { deliveryHealthOf } from './delivery-health.ts';

/** The seller's bounce and complaint rates, and whether sending was paused because of them. */
export async function deliveryHealthRoutes(app: FastifyInstance) {
  app.addHook('onRequest', requireUser);
  const { ctx } = app;

  app.get('/deliverability/health', async (request): Promise<DeliveryHealth> => {
    const [seller] = await ctx.db
      .select()
      .from(users)
      .where(eq(users.id, currentUser(request).id));
    return deliveryHealthOf(ctx.db, seller!, ctx.clock.now());
  });
}
