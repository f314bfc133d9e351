import type { FastifyInstance } from 'fastify';
import { matchPlan } from '@thankly/api-contract';
import { endpoints } from '@thankly/api-contract/endpoints';
import { currentUser, requireUser } from '../auth/session-plugin.ts';
import { browserOrigin } from '../infrastructure/http/browser-origin.ts';
import { AppError } from '../infrastructure/http/errors.ts';
import { route } from '../infrastructure/http/route.ts';
import { callProvider, requireBilling } from './billing.ts';
import { WebhookSignatureError } from './payment-provider.ts';

/** Billing under /api: checkout, portal, a sync on return, and the provider's webhook. */
export async function billingRoutes(app: FastifyInstance) {
  await app.register(async (seller) => {
    seller.addHook('onRequest', requireUser);

    const api = endpoints.billing;

    route(
      seller,
      api.checkout,
    )(async ({ body: { planId, interval } }, request) => {
      const billing = requireBilling(app);
      const origin = browserOrigin(request, app.ctx.config);
      return callProvider(app, () =>
        billing.startCheckout(currentUser(request), planId, interval, origin),
      );
    });

    route(
      seller,
      api.portal,
    )(async (_input, request) => {
      const billing = requireBilling(app);
      const origin = browserOrigin(request, app.ctx.config);
      return callProvider(app, () => billing.openPortal(currentUser(request), origin));
    });

    /** The success page asks for this, so the plan is right even before the webhook lands. */
    route(
      seller,
      api.sync,
    )(async (_input, request) => {
      const billing = requireBilling(app);
      return { plan: await callProvider(app, () => billing.syncSeller(currentUser(request))) };
    });

    /** Registration's checkout: the plan as the register form has it ("Growth", "gro"). */
    route(
      seller,
      api.registrationCheckout,
    )(async ({ body: input }, request) => {
      const planId = matchPlan(input.plan);
      if (planId === 'free') {
        throw new AppError('invalid', 'Starter is free: there is nothing to pay for.');
      }
      const billing = requireBilling(app);
      const origin = browserOrigin(request, app.ctx.config);
      return callProvider(app, () =>
        billing.startCheckout(currentUser(request), planId, input.interval, origin),
      );
    });
  });

  // The webhook proves itself by its signature, computed over the exact bytes sent: this scope
  // keeps every body as raw bytes instead of parsing it.
  await app.register(async (webhook) => {
    webhook.removeAllContentTypeParsers();
    webhook.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => {
      done(null, body);
    });

    webhook.post('/stripe/webhook', { config: { allowCrossSite: true } }, async (request) => {
      const billing = requireBilling(app);
      if (billing.provider.kind !== 'stripe') {
        throw new AppError(
          'not_found',
          'Card payments through Stripe are not set up on this server.',
        );
      }
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['stripe-signature'];
      let event;
      try {
        event = billing.provider.verifyWebhookEvent(
          raw,
          typeof signature === 'string' ? signature : undefined,
        );
      } catch (error) {
        if (!(error instanceof WebhookSignatureError)) throw error;
        request.log.warn({ reason: error.message }, 'stripe webhook refused');
        throw new AppError('invalid', 'The webhook signature is not valid.');
      }
      const outcome = await callProvider(app, () => billing.processEvent(event));
      request.log.info({ eventId: event.id, type: event.type, outcome }, 'stripe webhook');
      return { received: true, outcome };
    });
  });
}
