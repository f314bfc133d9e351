import type { FastifyInstance } from 'fastify';
import { PLANS, getPlan } from '@thankly/api-contract';
import { endpoints } from '@thankly/api-contract/endpoints';
import { findPendingEmailChange } from '../auth/email-tokens.ts';
import { currentUser, requireUser } from '../auth/session-plugin.ts';
import { route } from '../infrastructure/http/route.ts';
import { setPaused, setPostalAddress, setTimeZone } from './account-service.ts';
import { findLatestPause, thankHeldOrders } from './held-orders.ts';
import { thanksToday } from './usage.ts';

export async function accountRoutes(app: FastifyInstance) {
  const api = endpoints.account;

  route(
    app,
    api.plans,
  )(async () => ({
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

    route(
      seller,
      api.me,
    )(async (_input, request) => {
      const { id, email, plan, isPaused, emailVerifiedAt, postalAddress, timeZone } =
        currentUser(request);
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
        timeZone,
        ...billing,
      };
    });

    // One address per account: it belongs to the business, and every template's footer shows it.
    route(
      seller,
      api.setPostalAddress,
    )(async ({ body: { postalAddress } }, request) => {
      await setPostalAddress(
        app.ctx.db,
        currentUser(request).id,
        postalAddress,
        app.ctx.clock.now(),
      );
      return { postalAddress };
    });

    // The session's own account only: there is no id to name another seller's.
    route(
      seller,
      api.setTimeZone,
    )(async ({ body: { timeZone } }, request) => {
      await setTimeZone(app.ctx.db, currentUser(request).id, timeZone, app.ctx.clock.now());
      return { timeZone };
    });

    route(
      seller,
      api.setPause,
    )(async ({ body: { isPaused } }, request) => {
      await setPaused(app.ctx.db, currentUser(request).id, isPaused, app.ctx.clock.now());
      return { isPaused };
    });

    route(
      seller,
      api.latestPause,
    )(async (_input, request) => findLatestPause(app.ctx.db, currentUser(request).id));

    route(
      seller,
      api.thankHeldOrders,
    )(async ({ params }, request) => {
      const queued = await thankHeldOrders(
        app.ctx.db,
        currentUser(request).id,
        params.id,
        app.ctx.clock.now(),
      );
      if (queued > 0) app.ctx.notifyNewOrders();
      return { queued };
    });

    route(
      seller,
      api.dailyStats,
    )(async (_input, request) => {
      const user = currentUser(request);
      const plan = getPlan(user.plan);
      return {
        ...(await thanksToday(app.ctx.db, user.id, app.ctx.clock.now())),
        dailyLimit: plan.dailyLimit,
        tempLimit: plan.tempLimit,
        planName: plan.name,
      };
    });
  });
}
