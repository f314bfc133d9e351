import { CONNECT_MESSAGES, SHOP_NOT_FOUND } from '@thankly/api-contract';
import { endpoints } from '@thankly/api-contract/endpoints';
import type { FastifyInstance } from 'fastify';
import { currentUser, requireUser } from '../../auth/session-plugin.ts';
import { AppError, notFound } from '../../infrastructure/http/errors.ts';
import { loggableError } from '../../infrastructure/http/loggable-error.ts';
import { rateLimitBy } from '../../infrastructure/http/rate-limits.ts';
import { route } from '../../infrastructure/http/route.ts';
import { acceptRawBodies, rawBodyOf } from '../../infrastructure/http/raw-body.ts';
import { findShop, shopIdFrom, signInToResume, toShop } from '../shops-service.ts';
import {
  finishWooAuthorisation,
  receiveWooKey,
  startWooAuthorisation,
} from './woo-authorisation.ts';
import { connectWooStore, handleWooDelivery, wooSetupFor } from './woo-service.ts';

export async function wooRoutes(app: FastifyInstance) {
  const { ctx } = app;

  await app.register(async (seller) => {
    seller.addHook('onRequest', requireUser);
    route(seller, endpoints.shops.wooConnect, {
      preHandler: rateLimitBy(
        app,
        'woo-connect',
        ctx.rateLimits.wooConnectPerUser,
        (request) => currentUser(request).id,
      ),
    })(async ({ body }, request) => {
      const { shop, setup } = await connectWooStore(ctx, currentUser(request).id, body);
      return { shop: toShop(shop), setup };
    });
    // The one-click way: the store's own page where its owner approves Thankly.
    route(seller, endpoints.shops.wooAuthorize, {
      preHandler: rateLimitBy(
        app,
        'woo-connect',
        ctx.rateLimits.wooConnectPerUser,
        (request) => currentUser(request).id,
      ),
    })(async ({ body }, request) => ({
      url: await startWooAuthorisation(ctx, currentUser(request).id, body),
    }));
    route(
      seller,
      endpoints.shops.wooSetup,
    )(async ({ params }, request) => {
      const shop = await findShop(ctx.db, currentUser(request).id, params.id);
      if (shop.marketplace !== 'woocommerce') throw notFound(SHOP_NOT_FOUND);
      return { setup: wooSetupFor(ctx, shop) };
    });
  });

  // The store POSTs the key it created for Thankly; anything but a 200 makes it delete the key.
  await app.register(async (keys) => {
    acceptRawBodies(keys, 8 * 1024);
    keys.post('/woocommerce/callback', { config: { allowCrossSite: true } }, async (request) => {
      await receiveWooKey(ctx, rawBodyOf(request.body));
      return { ok: true };
    });
  });

  // The seller's browser back from the store: success=1 (approved) or success=0 (declined).
  app.get('/woocommerce/return', async (request, reply) => {
    const back = (params: Record<string, string>) =>
      reply.redirect(`/thankly?${new URLSearchParams(params)}`);
    try {
      const outcome = await finishWooAuthorisation(ctx, request.query, request.user?.id);
      if (outcome.kind === 'sign-in') return reply.redirect(signInToResume(request.url));
      return back({ connected: outcome.shop.name });
    } catch (failure) {
      request.log.warn({ err: loggableError(failure) }, 'WooCommerce authorisation not finished');
      return back({
        connect_error: failure instanceof AppError ? failure.message : CONNECT_MESSAGES.failed,
      });
    }
  });

  // Deliveries from the store: order.created, order.updated, and the ping when a webhook is saved.
  await app.register(async (webhooks) => {
    acceptRawBodies(webhooks);
    webhooks.post(
      '/woocommerce/webhook/:id',
      { config: { allowCrossSite: true } },
      async (request) => {
        const outcome = await handleWooDelivery(
          ctx,
          shopIdFrom(request.params),
          rawBodyOf(request.body),
          request.headers,
        );
        return { ok: true, handled: outcome.handled };
      },
    );
  });
}
