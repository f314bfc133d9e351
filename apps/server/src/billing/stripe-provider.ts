import Stripe from 'stripe';
import { z } from 'zod';
import type { StripeConfig } from '../infrastructure/config/env.ts';
import {
  type BillingEvent,
  type PaymentProvider,
  type ProviderSubscription,
  ProviderError,
  WebhookSignatureError,
} from './payment-provider.ts';

/** An id field that Stripe may also expand into the object it names. */
const idOf = z
  .union([z.string(), z.object({ id: z.string() })])
  .nullish()
  .transform((v) => (v == null ? null : typeof v === 'string' ? v : v.id));

/** The parts of an event envelope a sync needs; the rest may change freely. */
const eventSchema = z.object({
  id: z.string().min(1),
  type: z.string().min(1),
  created: z.number(),
  data: z.object({
    object: z
      .object({
        object: z.string(),
        // A customer event names itself; everything else names its customer.
        id: z.string().optional(),
        customer: idOf.optional(),
        client_reference_id: z.string().nullish(),
      })
      .loose(),
  }),
});

/** In current API versions the billing period lives on the items, not the subscription. */
const subscriptionSchema = z.object({
  id: z.string(),
  customer: idOf,
  status: z.string(),
  cancel_at_period_end: z.boolean().nullish(),
  items: z.object({
    data: z.array(
      z.object({
        id: z.string(),
        price: z.object({ id: z.string() }),
        current_period_end: z.number().nullish(),
      }),
    ),
  }),
});

/** Card payments through Stripe with the official SDK (optionally pointed at STRIPE_API_URL). */
export class StripeProvider implements PaymentProvider {
  readonly kind = 'stripe';
  private readonly stripe: Stripe;

  constructor(private readonly config: StripeConfig) {
    const api = config.apiUrl ? new URL(config.apiUrl) : undefined;
    this.stripe = new Stripe(config.secretKey, {
      telemetry: false,
      timeout: 20_000,
      ...(api && {
        host: api.hostname,
        port: Number(api.port || (api.protocol === 'https:' ? 443 : 80)),
        protocol: api.protocol === 'https:' ? 'https' : 'http',
        // A simulator answers at once; the real API is worth a retry (the SDK keeps the
        // idempotency key across retries, so a retried POST never acts twice).
        maxNetworkRetries: 0,
      }),
    });
  }

  async createCustomer(input: { sellerId: string; email: string; name: string }) {
    const customer = await this.call(() =>
      this.stripe.customers.create(
        { email: input.email, name: input.name, metadata: { sellerId: input.sellerId } },
        // Two tabs choosing a plan at once still make one customer.
        { idempotencyKey: `thankly-customer-${input.sellerId}` },
      ),
    );
    return customer.id;
  }

  async createCheckoutSession(input: {
    customerId: string;
    sellerId: string;
    priceId: string;
    successUrl: string;
    cancelUrl: string;
  }) {
    const session = await this.call(() =>
      this.stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: input.customerId,
        client_reference_id: input.sellerId,
        line_items: [{ price: input.priceId, quantity: 1 }],
        metadata: { sellerId: input.sellerId },
        subscription_data: { metadata: { sellerId: input.sellerId } },
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
      }),
    );
    if (!session.url) throw new ProviderError('Stripe returned a checkout session without a url');
    return { id: session.id, url: session.url };
  }

  async createPortalSession(input: {
    customerId: string;
    returnUrl: string;
    planSwitch?: { subscriptionId: string; itemId: string; priceId: string };
  }) {
    const { planSwitch } = input;
    const session = await this.call(() =>
      this.stripe.billingPortal.sessions.create({
        customer: input.customerId,
        return_url: input.returnUrl,
        ...(planSwitch && {
          flow_data: {
            type: 'subscription_update_confirm',
            subscription_update_confirm: {
              subscription: planSwitch.subscriptionId,
              items: [{ id: planSwitch.itemId, price: planSwitch.priceId, quantity: 1 }],
            },
            after_completion: { type: 'redirect', redirect: { return_url: input.returnUrl } },
          },
        }),
      }),
    );
    return { url: session.url };
  }

  verifyWebhookEvent(rawBody: Buffer, signatureHeader: string | undefined): BillingEvent {
    if (!signatureHeader) throw new WebhookSignatureError('Missing Stripe-Signature header');
    let raw: unknown;
    try {
      raw = this.stripe.webhooks.constructEvent(
        rawBody,
        signatureHeader,
        this.config.webhookSecret,
      );
    } catch (error) {
      throw new WebhookSignatureError((error as Error).message);
    }
    const parsed = eventSchema.safeParse(raw);
    if (!parsed.success) throw new WebhookSignatureError('Not a Stripe event');
    const { id, type, created, data } = parsed.data;
    const object = data.object;
    return {
      id,
      type,
      created: new Date(created * 1000),
      customerId: object.object === 'customer' ? (object.id ?? null) : (object.customer ?? null),
      clientReferenceId: object.client_reference_id ?? null,
    };
  }

  async listSubscriptions(customerId: string): Promise<ProviderSubscription[]> {
    const page = await this.call(() =>
      this.stripe.subscriptions.list({ customer: customerId, status: 'all', limit: 100 }),
    );
    const parsed = z.array(subscriptionSchema).safeParse(page.data);
    if (!parsed.success) throw new ProviderError('Stripe returned subscriptions of another shape');
    return parsed.data.map((s) => ({
      id: s.id,
      customerId: s.customer ?? customerId,
      status: s.status,
      cancelAtPeriodEnd: s.cancel_at_period_end ?? false,
      items: s.items.data.map((item) => ({
        id: item.id,
        priceId: item.price.id,
        currentPeriodEnd: item.current_period_end ? new Date(item.current_period_end * 1000) : null,
      })),
    }));
  }

  /** SDK errors become ProviderError with what an operator needs, never the key. */
  private async call<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      if (error instanceof Stripe.errors.StripeError) {
        const detail = [error.type, error.code, error.statusCode].filter(Boolean).join(' ');
        throw new ProviderError(`Stripe request failed (${detail}): ${error.message}`);
      }
      throw new ProviderError(`Stripe request failed: ${(error as Error).message}`);
    }
  }
}
