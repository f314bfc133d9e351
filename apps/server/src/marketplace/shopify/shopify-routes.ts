import { CONNECT_MESSAGES, SHOPIFY_SHOP_DOMAIN, shopifyConnectSchema } from '@thankly/api-contract';
import { endpoints } from '@thankly/api-contract/endpoints';
import type { FastifyInstance } from 'fastify';
import { currentUser, requireUser } from '../../auth/session-plugin.ts';
import { AppError } from '../../infrastructure/http/errors.ts';
import { loggableError } from '../../infrastructure/http/loggable-error.ts';
import { route } from '../../infrastructure/http/route.ts';
import { parseInput } from '../../infrastructure/http/validate.ts';
import { acceptRawBodies, rawBodyOf } from '../../infrastructure/http/raw-body.ts';
import { STATE_TTL_MS, completeConnect, signInToResume } from '../shops-service.ts';
import {
  RESUME_PARAM,
  createResumeTicket,
  isGenuineCallback,
  isValidResumeTicket,
} from './shopify-hmac.ts';
import { handleShopifyWebhook, startShopifyConnect } from './shopify-service.ts';

export async function shopifyRoutes(app: FastifyInstance) {
  const { ctx } = app;

  await app.register(async (seller) => {
    seller.addHook('onRequest', requireUser);
    // POST { shop } from the dashboard; GET ?shop= like Etsy's connect path. Both answer { url }.
    route(
      seller,
      endpoints.shops.shopifyConnect,
    )(async ({ body: { shop } }, request) => ({
      url: await startShopifyConnect(ctx, currentUser(request).id, shop),
    }));
    seller.get('/shopify/connect', async (request) => {
      const { shop } = parseInput(shopifyConnectSchema, request.query);
      return { url: await startShopifyConnect(ctx, currentUser(request).id, shop) };
    });
  });

  // Shopify sends the seller's browser back here, signed: HMAC of the query, fresh timestamp,
  // and the single-use state issued for this very shop to the seller signed in here. Installs
  // that begin in the Shopify admin carry no state of ours and attach nothing to anyone.
  app.get('/shopify/callback', async (request, reply) => {
    const query = new URL(request.url, 'http://callback').searchParams;
    const ticket = query.get(RESUME_PARAM);
    query.delete(RESUME_PARAM);
    const back = (params: Record<string, string>) =>
      reply.redirect(`/thankly?${new URLSearchParams(params)}`);
    const config = ctx.config.shopify;
    const shop = query.get('shop')?.toLowerCase() ?? '';
    const state = query.get('state');
    const code = query.get('code');
    if (!config) return back({ connect_error: CONNECT_MESSAGES.shopifyMissing });
    if (!state || !code || !SHOPIFY_SHOP_DOMAIN.test(shop) || query.toString().length > 4000)
      return back({ connect_error: CONNECT_MESSAGES.shopifyIncomplete });
    const now = ctx.clock.now();
    const genuine = ticket
      ? isValidResumeTicket(query, ticket, ctx.config.appSecret, now, STATE_TTL_MS / 1000)
      : isGenuineCallback(query, config.apiSecret, now);
    if (!genuine) return back({ connect_error: CONNECT_MESSAGES.shopifyUnsigned });
    try {
      const outcome = await completeConnect(ctx, (m) => ctx.marketplaces.get(m), {
        state,
        code,
        shop: shop.replace(/\/+$/, ''),
        sessionUserId: request.user?.id,
      });
      if (outcome.kind === 'sign-in') {
        const resume = new URLSearchParams(query);
        resume.set(RESUME_PARAM, createResumeTicket(query, ctx.config.appSecret, now));
        return reply.redirect(signInToResume(`/api/shopify/callback?${resume}`));
      }
      return back({ connected: outcome.shop.name });
    } catch (failure) {
      request.log.warn({ err: loggableError(failure) }, 'Shopify connection failed');
      return back({
        connect_error:
          failure instanceof AppError ? failure.message : CONNECT_MESSAGES.shopifyNotAccepted,
      });
    }
  });

  // Every topic (orders/paid, app/uninstalled and the three privacy topics) comes here.
  await app.register(async (webhooks) => {
    acceptRawBodies(webhooks);
    webhooks.post(
      '/shopify/webhook',
      { config: { allowCrossSite: true } },
      async (request, reply) => {
        const outcome = await handleShopifyWebhook(ctx, rawBodyOf(request.body), request.headers);
        return reply.status(outcome.status).send(outcome.body);
      },
    );
  });
}
