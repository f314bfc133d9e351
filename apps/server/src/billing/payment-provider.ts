import type { BillingInterval, PlanId } from '@thankly/api-contract';

export type PaidPlanId = Exclude<PlanId, 'free'>;

/** A plan and interval a seller can buy, and the provider's price for it. */
export interface PriceChoice {
  planId: PaidPlanId;
  interval: BillingInterval;
  priceId: string;
}

export type PriceTable = Record<PaidPlanId, Record<BillingInterval, string>>;

/** The price of a plan and interval, and the other way round for syncing. */
export class PriceCatalog {
  constructor(private readonly prices: PriceTable) {}

  priceFor(planId: PaidPlanId, interval: BillingInterval): PriceChoice {
    return { planId, interval, priceId: this.prices[planId][interval] };
  }

  all(): PriceChoice[] {
    return (Object.keys(this.prices) as PaidPlanId[]).flatMap((planId) =>
      (Object.keys(this.prices[planId]) as BillingInterval[]).map((interval) =>
        this.priceFor(planId, interval),
      ),
    );
  }

  /** Undefined for a price that is not one of our plans (say, added by hand in the dashboard). */
  choiceOf(priceId: string): PriceChoice | undefined {
    for (const planId of Object.keys(this.prices) as PaidPlanId[]) {
      for (const interval of Object.keys(this.prices[planId]) as BillingInterval[]) {
        if (this.prices[planId][interval] === priceId) return { planId, interval, priceId };
      }
    }
    return undefined;
  }
}

/** A subscription as the provider reports it now. */
export interface ProviderSubscription {
  id: string;
  customerId: string;
  /** Stripe's statuses: active, trialing, past_due, unpaid, canceled, incomplete, … */
  status: string;
  cancelAtPeriodEnd: boolean;
  items: Array<{ id: string; priceId: string; currentPeriodEnd: Date | null }>;
}

/**
 * A verified webhook event, reduced to what a sync needs: which customer to re-read. The event's
 * own snapshot of the subscription is deliberately not used (it may be stale by the time it arrives).
 */
export interface BillingEvent {
  id: string;
  type: string;
  created: Date;
  customerId: string | null;
  /** checkout.session.completed: the seller id we put on the session. */
  clientReferenceId: string | null;
}

/** Where a "switch plan" portal flow should take an existing subscription. */
export interface PlanSwitch {
  subscriptionId: string;
  itemId: string;
  priceId: string;
}

/** The card-payment provider, real (Stripe) or the local demo checkout, behind one interface. */
export interface PaymentProvider {
  readonly kind: 'stripe' | 'demo';
  createCustomer(input: { sellerId: string; email: string; name: string }): Promise<string>;
  createCheckoutSession(input: {
    customerId: string;
    sellerId: string;
    priceId: string;
    successUrl: string;
    cancelUrl: string;
  }): Promise<{ id: string; url: string }>;
  createPortalSession(input: {
    customerId: string;
    sellerId: string;
    returnUrl: string;
    planSwitch?: PlanSwitch;
  }): Promise<{ url: string }>;
  /** Throws WebhookSignatureError unless the raw body carries a valid signature. */
  verifyWebhookEvent(rawBody: Buffer, signatureHeader: string | undefined): BillingEvent;
  listSubscriptions(customerId: string): Promise<ProviderSubscription[]>;
}

export class WebhookSignatureError extends Error {}

/** The provider could not be reached or refused the call; details stay in the server log. */
export class ProviderError extends Error {}
