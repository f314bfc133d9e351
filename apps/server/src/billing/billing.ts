import type { FastifyInstance } from 'fastify';
import type { BaseContext } from '../base-context.ts';
import { AppError } from '../infrastructure/http/errors.ts';
import { BillingService } from './billing-service.ts';
import { DEMO_PRICES, DemoProvider } from './demo-provider.ts';
import { PriceCatalog, ProviderError } from './payment-provider.ts';
import { loggableError } from '../infrastructure/http/loggable-error.ts';

/**
 * The process's billing, built once with the other services (runtime.ts): Stripe when its keys
 * are set, otherwise the local demo checkout where stand-ins are allowed, otherwise none. The
 * Stripe SDK is loaded only then: it costs a process tens of megabytes.
 */
export async function createBilling(
  ctx: Pick<BaseContext, 'config' | 'db' | 'clock' | 'log'>,
): Promise<BillingService | null> {
  if (ctx.config.stripe) {
    const { StripeProvider } = await import('./stripe-provider.ts');
    return new BillingService(
      ctx,
      new StripeProvider(ctx.config.stripe),
      new PriceCatalog(ctx.config.stripe.prices),
      ctx.log,
    );
  }
  if (ctx.config.standIns.demoCheckout)
    return new BillingService(ctx, new DemoProvider(ctx), new PriceCatalog(DEMO_PRICES), ctx.log);
  ctx.log.warn('No STRIPE_SECRET_KEY: card payments are off and paid plans cannot be bought.');
  return null;
}

/** The billing the API routes and the demo pages share. */
export function billingFor(app: FastifyInstance): BillingService | null {
  return app.ctx.billing;
}

/** The billing service, or a 503 that says why there is none. */
export function requireBilling(app: FastifyInstance): BillingService {
  const service = billingFor(app);
  if (!service) throw new AppError('unavailable', 'Card payments are not set up on this server.');
  return service;
}

/** Runs a call to the provider; its failures are logged here and reach the client as a 502. */
export async function callProvider<T>(app: FastifyInstance, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    app.log.error({ err: loggableError(error) }, 'payment provider call failed');
    throw new AppError(
      'upstream_failed',
      'The payment provider could not be reached. Please try again.',
    );
  }
}
