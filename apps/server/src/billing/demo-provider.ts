import { randomBytes } from 'node:crypto';
import { addMonths } from 'date-fns/addMonths';
import { addYears } from 'date-fns/addYears';
import { and, eq } from 'drizzle-orm';
import type { BaseContext } from '../base-context.ts';
import {
  demoBillingSessions,
  demoBillingSubscriptions,
} from '../infrastructure/db/tables/billing.ts';
import {
  type BillingEvent,
  type PaymentProvider,
  type PriceChoice,
  PriceCatalog,
  type PriceTable,
  type ProviderSubscription,
  WebhookSignatureError,
} from './payment-provider.ts';

/** The demo's own price ids; they only mean something to the demo provider. */
export const DEMO_PRICES: PriceTable = {
  growth: { month: 'demo_growth_month', year: 'demo_growth_year' },
  business: { month: 'demo_business_month', year: 'demo_business_year' },
};

const CHECKOUT_TTL_MS = 24 * 60 * 60 * 1000;
const PORTAL_TTL_MS = 60 * 60 * 1000;

const newId = (prefix: string) => `${prefix}_demo_${randomBytes(16).toString('hex')}`;

export type DemoSession = typeof demoBillingSessions.$inferSelect;

/**
 * The local demo checkout: stands in for the card-payment provider when no Stripe keys are set.
 * Its sessions and subscriptions live in our database; its pages (demo-pages.ts) play the part
 * of the hosted checkout and portal, and report what happened as events to the same sync the
 * webhook uses.
 */
export class DemoProvider implements PaymentProvider {
  readonly kind = 'demo';
  private readonly catalog = new PriceCatalog(DEMO_PRICES);

  constructor(private readonly ctx: Pick<BaseContext, 'db' | 'clock'>) {}

  catalogChoice(priceId: string): PriceChoice | undefined {
    return this.catalog.choiceOf(priceId);
  }

  allChoices(): PriceChoice[] {
    return this.catalog.all();
  }

  async createCustomer(): Promise<string> {
    return newId('cus');
  }

  async createCheckoutSession(input: {
    customerId: string;
    sellerId: string;
    priceId: string;
    successUrl: string;
    cancelUrl: string;
  }) {
    const id = newId('cs');
    const now = this.ctx.clock.now();
    await this.ctx.db.insert(demoBillingSessions).values({
      id,
      kind: 'checkout',
      customerId: input.customerId,
      userId: input.sellerId,
      priceId: input.priceId,
      successUrl: input.successUrl.replace('{CHECKOUT_SESSION_ID}', id),
      cancelUrl: input.cancelUrl,
      createdAt: now,
      expiresAt: new Date(now.getTime() + CHECKOUT_TTL_MS),
    });
    // The demo pages are served where the seller will come back to, so the session cookie goes along.
    return { id, url: `${new URL(input.successUrl).origin}/billing/demo-checkout?session=${id}` };
  }

  async createPortalSession(input: {
    customerId: string;
    sellerId: string;
    returnUrl: string;
    planSwitch?: { priceId: string };
  }) {
    const id = newId('bps');
    const now = this.ctx.clock.now();
    await this.ctx.db.insert(demoBillingSessions).values({
      id,
      kind: 'portal',
      customerId: input.customerId,
      userId: input.sellerId,
      priceId: input.planSwitch?.priceId ?? null,
      successUrl: input.returnUrl,
      cancelUrl: input.returnUrl,
      createdAt: now,
      expiresAt: new Date(now.getTime() + PORTAL_TTL_MS),
    });
    return { url: `${new URL(input.returnUrl).origin}/billing/demo-portal?session=${id}` };
  }

  verifyWebhookEvent(): BillingEvent {
    throw new WebhookSignatureError('The demo checkout sends no webhooks');
  }

  async listSubscriptions(customerId: string): Promise<ProviderSubscription[]> {
    const rows = await this.ctx.db
      .select()
      .from(demoBillingSubscriptions)
      .where(eq(demoBillingSubscriptions.customerId, customerId));
    return rows.map((row) => ({
      id: row.id,
      customerId: row.customerId,
      status: row.status,
      cancelAtPeriodEnd: false,
      items: [
        { id: `${row.id}_item`, priceId: row.priceId, currentPeriodEnd: row.currentPeriodEnd },
      ],
    }));
  }

  /** An open, unexpired session of the given kind, or undefined. */
  async findOpenSession(id: string, kind: DemoSession['kind']): Promise<DemoSession | undefined> {
    const [session] = await this.ctx.db
      .select()
      .from(demoBillingSessions)
      .where(and(eq(demoBillingSessions.id, id), eq(demoBillingSessions.kind, kind)))
      .limit(1);
    if (!session || session.status !== 'open') return undefined;
    if (session.expiresAt <= this.ctx.clock.now()) return undefined;
    return session;
  }

  async closeSession(id: string, status: 'complete' | 'expired'): Promise<boolean> {
    const closed = await this.ctx.db
      .update(demoBillingSessions)
      .set({ status })
      .where(and(eq(demoBillingSessions.id, id), eq(demoBillingSessions.status, 'open')))
      .returning({ id: demoBillingSessions.id });
    return closed.length > 0;
  }

  /**
   * What paying does at the provider: one subscription per customer, as the portal keeps it
   * (a second checkout replaces the price rather than charging twice).
   */
  async subscribe(customerId: string, priceId: string): Promise<void> {
    const now = this.ctx.clock.now();
    const periodEnd = priceId.endsWith('_year') ? addYears(now, 1) : addMonths(now, 1);
    const [current] = await this.activeSubscriptions(customerId);
    if (current) {
      await this.ctx.db
        .update(demoBillingSubscriptions)
        .set({ priceId, currentPeriodEnd: periodEnd, updatedAt: now })
        .where(eq(demoBillingSubscriptions.id, current.id));
      return;
    }
    await this.ctx.db.insert(demoBillingSubscriptions).values({
      id: newId('sub'),
      customerId,
      priceId,
      status: 'active',
      currentPeriodEnd: periodEnd,
      createdAt: now,
      updatedAt: now,
    });
  }

  /** The demo cancels at once, so the effect is visible straight away. */
  async cancel(customerId: string): Promise<void> {
    await this.ctx.db
      .update(demoBillingSubscriptions)
      .set({ status: 'canceled', updatedAt: this.ctx.clock.now() })
      .where(
        and(
          eq(demoBillingSubscriptions.customerId, customerId),
          eq(demoBillingSubscriptions.status, 'active'),
        ),
      );
  }

  async activeSubscriptions(customerId: string) {
    return this.ctx.db
      .select()
      .from(demoBillingSubscriptions)
      .where(
        and(
          eq(demoBillingSubscriptions.customerId, customerId),
          eq(demoBillingSubscriptions.status, 'active'),
        ),
      );
  }

  /** An event as the provider would send it, for the sync. */
  event(type: string, customerId: string, clientReferenceId: string | null = null): BillingEvent {
    return {
      id: newId('evt'),
      type,
      created: this.ctx.clock.now(),
      customerId,
      clientReferenceId,
    };
  }
}
