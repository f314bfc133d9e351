import { CONNECTABLE_MARKETPLACES, type ConnectableMarketplaces } from '@thankly/api-contract';
import { endpoints } from '@thankly/api-contract/endpoints';
import type { FastifyInstance } from 'fastify';
import { currentUser, requireUser } from '../auth/session-plugin.ts';
import { route } from '../infrastructure/http/route.ts';
import { registerMarketplaceRoutes } from './registry.ts';
import {
  findShop,
  listShops,
  markDisconnected,
  setShopAddress,
  setThankBy,
} from './shops-service.ts';

/** A seller's shops on any marketplace, then each marketplace's own routes. */
export async function shopRoutes(app: FastifyInstance) {
  const { ctx } = app;
  await registerMarketplaceRoutes(app);

  await app.register(async (seller) => {
    seller.addHook('onRequest', requireUser);
    const api = endpoints.shops;

    route(
      seller,
      api.list,
    )(async (_input, request) => ({
      shops: await listShops(ctx.db, currentUser(request).id),
      // A marketplace is offered when the operator's settings built its adapter.
      available: Object.fromEntries(
        CONNECTABLE_MARKETPLACES.map((m) => [m, ctx.marketplaces.get(m) !== undefined]),
      ) as ConnectableMarketplaces,
    }));

    route(
      seller,
      api.disconnect,
    )(async ({ params }, request) => {
      const shop = await findShop(ctx.db, currentUser(request).id, params.id);
      await markDisconnected(ctx.db, shop.id, 'Disconnected by you.');
      return { ok: true };
    });

    route(
      seller,
      api.setPreferences,
    )(async ({ params, body: { thankBy } }, request) => {
      const shop = await findShop(ctx.db, currentUser(request).id, params.id);
      return setThankBy(ctx.db, shop.id, thankBy);
    });

    route(
      seller,
      api.setAddress,
    )(async ({ params, body: { url } }, request) => {
      const shop = await findShop(ctx.db, currentUser(request).id, params.id);
      return setShopAddress(ctx.db, shop.id, url);
    });
  });
}
