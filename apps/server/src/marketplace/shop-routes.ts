import { type ShopsReply, shopPreferencesSchema } from '@thankly/api-contract';
import type { FastifyInstance } from 'fastify';
import { currentUser, requireUser } from '../auth/session-plugin.ts';
import { parseInput } from '../http/validate.ts';
import { registerMarketplaceRoutes } from './registry.ts';
import { findShop, listShops, markDisconnected, setThankBy, shopIdFrom } from './shops-service.ts';

/** A seller's shops on any marketplace, then each marketplace's own routes. */
export async function shopRoutes(app: FastifyInstance) {
  const { ctx } = app;
  await registerMarketplaceRoutes(app);

  await app.register(async (seller) => {
    seller.addHook('onRequest', requireUser);

    seller.get('/shops', async (request): Promise<ShopsReply> => ({
      shops: await listShops(ctx.db, currentUser(request).id),
      available: {
        etsy: ctx.marketplaces.etsy !== undefined,
        shopify: ctx.marketplaces.shopify !== undefined,
        woocommerce: true,
      },
    }));

    seller.delete('/shops/:id', async (request) => {
      const shop = await findShop(ctx.db, currentUser(request).id, shopIdFrom(request.params));
      await markDisconnected(ctx.db, shop.id, 'Disconnected by you.');
      return { ok: true };
    });

    seller.put('/shops/:id/preferences', async (request) => {
      const shop = await findShop(ctx.db, currentUser(request).id, shopIdFrom(request.params));
      const { thankBy } = parseInput(shopPreferencesSchema, request.body);
      return setThankBy(ctx.db, shop.id, thankBy);
    });
  });
}
