import { CONNECT_MESSAGES } from '@thankly/api-contract';
import { endpoints } from '@thankly/api-contract/endpoints';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { currentUser, requireUser } from '../../auth/session-plugin.ts';
import { browserOrigin } from '../../infrastructure/http/browser-origin.ts';
import { AppError, notFound } from '../../infrastructure/http/errors.ts';
import { loggableError } from '../../infrastructure/http/loggable-error.ts';
import { route } from '../../infrastructure/http/route.ts';
import { orderNotificationJob } from '../ingest.ts';
import {
  completeConnect,
  findShopByExternalId,
  signInToResume,
  startConnect,
} from '../shops-service.ts';
import {
  getPurchaseMessage,
  keepEtsyPurchaseMessage,
  pushPurchaseMessage,
} from './purchase-message-service.ts';
import {
  addPurchaseMessageScheduleEntry,
  deletePurchaseMessageScheduleEntry,
  getPurchaseMessageSchedule,
  updatePurchaseMessageScheduleEntry,
} from './purchase-message-schedule.ts';

const callbackQuerySchema = z.object({
  state: z.string().max(200).optional(),
  code: z.string().max(2000).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(500).optional(),
});

/**
 * Etsy's connect, OAuth callback and order.paid webhook. Without Etsy app credentials the demo
 * shop stands in and connects through the same connect and callback paths.
 */
export async function etsyRoutes(app: FastifyInstance) {
  const { ctx } = app;

  await app.register(async (seller) => {
    seller.addHook('onRequest', requireUser);
    route(
      seller,
      endpoints.shops.etsyConnect,
    )(async (_input, request) => ({
      url: await startConnect(
        ctx,
        ctx.marketplaces.forConnect(),
        currentUser(request).id,
        undefined,
        browserOrigin(request, ctx.config),
      ),
    }));

    // The shop's purchase message, which Etsy sends every buyer (see purchase-message-service.ts).
    route(
      seller,
      endpoints.shops.purchaseMessage,
    )(({ params }, request) => getPurchaseMessage(ctx, currentUser(request).id, params.id));
    route(
      seller,
      endpoints.shops.setPurchaseMessage,
    )(({ params, body }, request) =>
      pushPurchaseMessage(ctx, currentUser(request).id, params.id, body),
    );
    route(
      seller,
      endpoints.shops.keepEtsyPurchaseMessage,
    )(({ params }, request) => keepEtsyPurchaseMessage(ctx, currentUser(request).id, params.id));
    // Dated purchase messages (see purchase-message-schedule.ts).
    route(
      seller,
      endpoints.shops.purchaseMessageSchedule,
    )(({ params }, request) => getPurchaseMessageSchedule(ctx, currentUser(request).id, params.id));
    route(
      seller,
      endpoints.shops.addPurchaseMessageScheduleEntry,
    )(({ params, body }, request) =>
      addPurchaseMessageScheduleEntry(ctx, currentUser(request).id, params.id, body),
    );
    route(
      seller,
      endpoints.shops.updatePurchaseMessageScheduleEntry,
    )(({ params, body }, request) =>
      updatePurchaseMessageScheduleEntry(
        ctx,
        currentUser(request).id,
        params.id,
        params.entryId,
        body,
      ),
    );
    route(
      seller,
      endpoints.shops.deletePurchaseMessageScheduleEntry,
    )(({ params }, request) =>
      deletePurchaseMessageScheduleEntry(ctx, currentUser(request).id, params.id, params.entryId),
    );
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
        origin: browserOrigin(request, ctx.config),
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

  // order.paid, order.shipped and order.canceled deliveries: verified on the raw body, acknowledged at once, processed by a job.
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
      const shop = await findShopByExternalId(ctx.db, 'etsy', notification.shopExternalId);
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
