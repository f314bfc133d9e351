import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { PLANS, getPlan, pauseSchema, postalAddressInputSchema } from '@thankly/api-contract';
import { findPendingEmailChange } from '../auth/email-tokens.ts';
import { currentUser, requireUser } from '../auth/session-plugin.ts';
import { users } from '../db/schema.ts';
import { parseInput } from '../http/validate.ts';
import { countSentToday } from './usage.ts';

export async function accountRoutes(app: FastifyInstance) {
  app.get('/plans', async () => ({
    plans: PLANS.map(({ id, name, priceMonthly, priceYearly, features }) => ({
      id,
      name,
      priceMonthly,
      priceYearly,
      features,
    })),
  }));

  await app.register(async (seller) => {
    seller.addHook('onRequest', requireUser);

    seller.get('/me', async (request) => {
      const { id, email, plan, isPaused, emailVerifiedAt, postalAddress } = currentUser(request);
      const billing = app.ctx.billing
        ? await app.ctx.billing.summaryFor({ id, plan })
        : { billingInterval: null, canManageBilling: false };
      return {
        email,
        plan,
        isPaused,
        emailVerified: emailVerifiedAt !== null,
        pendingEmail: await findPendingEmailChange(app.ctx.db, id, app.ctx.clock.now()),
        postalAddress,
        ...billing,
      };
    });

    // One address per account: it belongs to the business, and every template's footer shows it.
    seller.patch('/me/postal-address', async (request) => {
      const { postalAddress } = parseInput(postalAddressInputSchema, request.body);
      await app.ctx.db
        .update(users)
        .set({ postalAddress, updatedAt: app.ctx.clock.now() })
        .where(eq(users.id, currentUser(request).id));
      return { postalAddress };
    });

    seller.patch('/me/pause', async (request) => {
      const { isPaused } = parseInput(pauseSchema, request.body);
      await app.ctx.db
        .update(users)
        .set({ isPaused, updatedAt: app.ctx.clock.now() })
        .where(eq(users.id, currentUser(request).id));
      return { isPaused };
    });

    seller.get('/stats/daily', async (request) => {
      const user = currentUser(request);
      const plan = getPlan(user.plan);
      return {
        sentToday: await countSentToday(app.ctx.db, user.id, app.ctx.clock.now()),
        dailyLimit: plan.dailyLimit,
        tempLimit: plan.tempLimit,
        planName: plan.name,
      };
    });
  });
}
