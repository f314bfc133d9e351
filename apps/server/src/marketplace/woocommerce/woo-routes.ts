import { SHOP_NOT_FOUND } from '@thankly/api-contract';
import { endpoints } from '@thankly/api-contract/endpoints';
import type { FastifyInstance } from 'fastify';
import { currentUser, requireUser } from '../../auth/session-plugin.ts';
import { notFound } from '../../http/errors.ts';
import { rateLimitBy } from '../../http/rate-limits.ts';
import { route } from '../../http/route.ts';
import { acceptRawBodies, rawBodyOf } from '../raw-body.ts';
import { findShop, shopIdFrom, toShop } from '../shops-service.ts';
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
    route(
      seller,
      endpoints.shops.wooSetup,
    )(async ({ params }, request) => {
      const shop = await findShop(ctx.db, currentUser(request).id, params.id);
      if (shop.marketplace !== 'woocommerce') throw notFound(SHOP_NOT_FOUND);
      return { setup: wooSetupFor(ctx, shop) };
    });
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
