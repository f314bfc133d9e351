import {
  CONNECT_MESSAGES,
  type ShopsReply,
  demoOrderSchema,
  shopPreferencesSchema,
} from '@thankly/api-contract';
import { parseInput } from '../http/validate.ts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { currentUser, requireUser } from '../auth/session-plugin.ts';
import { shops } from '../db/schema.ts';
import { AppError, notFound } from '../http/errors.ts';
import { escapeHtml } from '../mail/escape-html.ts';
import { orderNotificationJob } from '../sending/ingest.ts';
import { and, eq } from 'drizzle-orm';
import { createDemoOrder, newDemoAuthorizationCode } from './demo/demo-adapter.ts';
import {
  completeConnect,
  findShop,
  listShops,
  markDisconnected,
  setThankBy,
  oauthRedirectUri,
  signInToResume,
  startConnect,
} from './shops-service.ts';
import { shopifyRoutes } from './shopify/shopify-routes.ts';
import { wooRoutes } from './woocommerce/woo-routes.ts';
import { loggableError } from '../http/loggable-error.ts';

const shopIdSchema = z.object({ id: z.uuid() });
const callbackQuerySchema = z.object({
  state: z.string().max(200).optional(),
  code: z.string().max(2000).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(500).optional(),
});

export async function marketplaceRoutes(app: FastifyInstance) {
  const { ctx } = app;
  await app.register(shopifyRoutes);
  await app.register(wooRoutes);

  await app.register(async (seller) => {
    seller.addHook('onRequest', requireUser);

    seller.get('/etsy/connect', async (request) => ({
      url: await startConnect(ctx, ctx.marketplaces.forConnect(), currentUser(request).id),
    }));

    seller.get('/shops', async (request): Promise<ShopsReply> => ({
      shops: await listShops(ctx.db, currentUser(request).id),
      available: {
        etsy: ctx.marketplaces.etsy !== undefined,
        shopify: ctx.marketplaces.shopify !== undefined,
        woocommerce: true,
      },
    }));

    seller.delete('/shops/:id', async (request) => {
      const { id } = shopIdFrom(request.params);
      const shop = await findShop(ctx.db, currentUser(request).id, id);
      await markDisconnected(ctx.db, shop.id, 'Disconnected by you.');
      return { ok: true };
    });

    seller.put('/shops/:id/preferences', async (request) => {
      const shop = await findShop(ctx.db, currentUser(request).id, shopIdFrom(request.params).id);
      const { thankBy } = parseInput(shopPreferencesSchema, request.body);
      return setThankBy(ctx.db, shop.id, thankBy);
    });

    seller.post('/shops/:id/demo-order', async (request) => {
      const user = currentUser(request);
      const { withoutBuyerEmail } = parseInput(demoOrderSchema, request.body);
      const shop = await findShop(ctx.db, user.id, shopIdFrom(request.params).id);
      if (shop.marketplace !== 'demo')
        throw new AppError('invalid', 'Only a demo shop can simulate orders.');
      if (shop.status !== 'connected')
        throw new AppError('invalid', 'Connect the demo shop first.');
      const orderId = await createDemoOrder(
        ctx.db,
        shop.externalId,
        // Without an address, the order arrives as Etsy sends most: for a card or a message.
        { name: user.name, email: withoutBuyerEmail ? null : user.email },
        ctx.clock.now(),
      );
      // Announced like a marketplace webhook: the same job fetches and records it.
      await ctx.jobs.send(orderNotificationJob, { shopId: shop.id, orderId });
      return { ok: true, orderId };
    });
  });

  // The marketplace sends the seller's browser back here; the single-use state says who started
  // the connection, and only that seller's signed-in browser may finish it.
  app.get('/etsy/callback', async (request, reply) => {
    const query = callbackQuerySchema.safeParse(request.query);
    const back = (params: Record<string, string>) =>
      reply.redirect(`/thankly?${new URLSearchParams(params)}`);
    if (!query.success || !query.data.state)
      return back({ connect_error: CONNECT_MESSAGES.incomplete });
    const { state, code, error } = query.data;
    if (error || !code) {
      // Never the marketplace's own error_description: anyone can craft this URL, and the
      // dashboard would show their words to the seller as if Thankly said them.
      return back({
        connect_error:
          error === 'access_denied' ? CONNECT_MESSAGES.declined : CONNECT_MESSAGES.notCompleted,
      });
    }
    try {
      const outcome = await completeConnect(ctx, (m) => ctx.marketplaces.get(m), {
        state,
        code,
        sessionUserId: request.user?.id,
      });
      if (outcome.kind === 'sign-in')
        return reply.redirect(
          signInToResume(`/api/etsy/callback?${new URLSearchParams({ code, state })}`),
        );
      return back({ connected: outcome.shop.name });
    } catch (failure) {
      request.log.warn({ err: loggableError(failure) }, 'shop connection failed');
      const message = failure instanceof AppError ? failure.message : CONNECT_MESSAGES.notAccepted;
      return back({ connect_error: message });
    }
  });

  // Etsy order.paid deliveries: verified on the raw body, acknowledged at once, processed by a job.
  await app.register(async (webhooks) => {
    webhooks.removeContentTypeParser('application/json');
    webhooks.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: 64 * 1024 },
      (_req, body, done) => done(null, body),
    );
    webhooks.post('/etsy/webhook', { config: { allowCrossSite: true } }, async (request) => {
      const etsy = ctx.marketplaces.etsy;
      if (!etsy) throw notFound('Etsy is not configured.');
      const notification = etsy.parseWebhook(
        String(request.body ?? ''),
        request.headers,
        ctx.clock.now(),
      );
      if (!notification) throw new AppError('invalid', 'Invalid or stale webhook signature.');
      const [shop] = await ctx.db
        .select()
        .from(shops)
        .where(
          and(eq(shops.marketplace, 'etsy'), eq(shops.externalId, notification.shopExternalId)),
        );
      if (shop) {
        // Etsy resends with the same webhook-id: one job per delivery, whatever the retries.
        await ctx.jobs.send(
          orderNotificationJob,
          { shopId: shop.id, orderId: notification.orderId },
          { singletonKey: `etsy:${String(request.headers['webhook-id'])}` },
        );
      }
      return { ok: true };
    });
  });
}

/** The demo marketplace's consent page: a labelled local stand-in for Etsy's. */
export async function demoMarketplaceRoutes(app: FastifyInstance) {
  if (!app.ctx.config.standIns.demoShop) return;
  app.get('/demo-marketplace/authorize', async (request, reply) => {
    const query = z
      .object({ state: z.string().max(200), redirect_uri: z.string() })
      .safeParse(request.query);
    const expected = oauthRedirectUri(app.ctx.config.appUrl);
    if (!query.success || query.data.redirect_uri !== expected)
      throw new AppError('invalid', 'Invalid demo authorisation request.');
    const approve = `${expected}?${new URLSearchParams({ code: newDemoAuthorizationCode(), state: query.data.state })}`;
    const decline = `${expected}?${new URLSearchParams({ error: 'access_denied', state: query.data.state })}`;
    return reply.type('text/html')
      .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Demo shop — Thankly</title>
<style>body{font-family:system-ui,sans-serif;max-width:560px;margin:48px auto;padding:0 16px;color:#111}.badge{display:inline-block;background:#fef3c7;color:#92400e;border-radius:999px;padding:2px 10px;font-size:13px}a.button{display:inline-block;background:#4f46e5;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none;margin-right:12px}</style></head>
<body><p class="badge">Demo — no real marketplace</p><h1>Connect the demo shop</h1>
<p>No Etsy app credentials are configured, so Thankly offers a demo shop instead. It goes through the same connection, order and sending steps as a real shop; its orders are ones you simulate from the dashboard, and their emails go to your own address.</p>
<p><a class="button" href="${escapeHtml(approve)}">Connect demo shop</a><a href="${escapeHtml(decline)}">Cancel</a></p></body></html>`);
  });
}

function shopIdFrom(params: unknown): { id: string } {
  const parsed = shopIdSchema.safeParse(params);
  if (!parsed.success) throw notFound('Shop not found.');
  return parsed.data;
}
