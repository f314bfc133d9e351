import { and, desc, eq, lt, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type BillingInterval, PLAN_IDS, type PlanId } from '@thankly/api-contract';
import type { SessionUser } from '../auth/sessions.ts';
import type { BaseContext } from '../base-context.ts';
import {
  billingCustomers,
  billingEvents,
  billingSubscriptions,
} from '../infrastructure/db/tables/billing.ts';
import { users } from '../infrastructure/db/tables/accounts.ts';
import type {
  BillingEvent,
  PaidPlanId,
  PaymentProvider,
  PriceCatalog,
  ProviderSubscription,
} from './payment-provider.ts';

/** The events that can change what a seller has paid for; anything else is acknowledged only. */
export const HANDLED_EVENTS: ReadonlySet<string> = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.paused',
  'customer.subscription.resumed',
  'invoice.paid',
  'invoice.payment_succeeded',
  'invoice.payment_failed',
]);

/**
 * Statuses that keep the plan. past_due is in on purpose: while Stripe retries a failed renewal
 * the seller keeps their plan; when the retries run out Stripe cancels the subscription (or marks
 * it unpaid, per the dashboard's settings) and the next sync moves the seller to Starter.
 */
export const ENTITLING_STATUSES: ReadonlySet<string> = new Set(['active', 'trialing', 'past_due']);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The plan a customer's subscriptions pay for: the highest tier among the live ones. */
export function planFromSubscriptions(
  subscriptions: ProviderSubscription[],
  catalog: PriceCatalog,
): PlanId {
  let best: PlanId = 'free';
  for (const subscription of subscriptions) {
    if (!ENTITLING_STATUSES.has(subscription.status)) continue;
    for (const item of subscription.items) {
      const choice = catalog.choiceOf(item.priceId);
      if (choice && PLAN_IDS.indexOf(choice.planId) > PLAN_IDS.indexOf(best)) best = choice.planId;
    }
  }
  return best;
}

export interface BillingSummary {
  billingInterval: BillingInterval | null;
  canManageBilling: boolean;
}

export type EventOutcome = 'processed' | 'duplicate' | 'ignored';

/**
 * Billing: the seller's customer at the provider, checkout and portal sessions, and the one sync
 * that sets the seller's plan from the provider's state. Webhooks and the demo checkout only
 * trigger that sync; neither sets a plan directly.
 */
export class BillingService {
  constructor(
    private readonly ctx: Pick<BaseContext, 'db' | 'clock'>,
    readonly provider: PaymentProvider,
    readonly catalog: PriceCatalog,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The seller's customer at the provider, made on first use and reused ever after. */
  async ensureCustomer(user: SessionUser): Promise<string> {
    const existing = await this.findCustomer(user.id);
    if (existing) return existing;
    const created = await this.provider.createCustomer({
      sellerId: user.id,
      email: user.email,
      name: user.name,
    });
    await this.ctx.db
      .insert(billingCustomers)
      .values({ userId: user.id, provider: this.provider.kind, customerId: created })
      .onConflictDoNothing();
    // Two requests at once: whichever insert won is the customer from now on.
    return (await this.findCustomer(user.id))!;
  }

  /**
   * `origin` is where the seller's browser comes back to (http/browser-origin.ts).
   *
   * Where the seller goes to pay for a plan: a new checkout, or, when they already pay for one,
   * the portal's confirm-the-switch page (a second checkout would charge them twice).
   */
  async startCheckout(
    user: SessionUser,
    planId: PaidPlanId,
    interval: BillingInterval,
    origin: string,
  ): Promise<{ url: string }> {
    const customerId = await this.ensureCustomer(user);
    const { priceId } = this.catalog.priceFor(planId, interval);
    const live = (await this.provider.listSubscriptions(customerId)).filter((s) =>
      ENTITLING_STATUSES.has(s.status),
    );
    for (const subscription of live) {
      const item = subscription.items.find((i) => this.catalog.choiceOf(i.priceId));
      if (!item) continue;
      return this.provider.createPortalSession({
        customerId,
        sellerId: user.id,
        returnUrl: `${origin}/Account`,
        ...(item.priceId !== priceId && {
          planSwitch: { subscriptionId: subscription.id, itemId: item.id, priceId },
        }),
      });
    }
    const session = await this.provider.createCheckoutSession({
      customerId,
      sellerId: user.id,
      priceId,
      successUrl: `${origin}/billing/success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${origin}/billing/cancel`,
    });
    return { url: session.url };
  }

  async openPortal(user: SessionUser, origin: string): Promise<{ url: string }> {
    const customerId = await this.ensureCustomer(user);
    return this.provider.createPortalSession({
      customerId,
      sellerId: user.id,
      returnUrl: `${origin}/Account`,
    });
  }

  /**
   * One verified event: ignored unless it can change a plan, acknowledged once per event id, and
   * otherwise a sync of its customer. It is recorded only after the sync succeeded, so a failed
   * sync is retried when the provider redelivers.
   */
  async processEvent(event: BillingEvent): Promise<EventOutcome> {
    if (!HANDLED_EVENTS.has(event.type)) return 'ignored';
    const kind = this.provider.kind;
    const [seen] = await this.ctx.db
      .select({ id: billingEvents.eventId })
      .from(billingEvents)
      .where(and(eq(billingEvents.provider, kind), eq(billingEvents.eventId, event.id)))
      .limit(1);
    if (seen) return 'duplicate';

    if (event.type === 'checkout.session.completed' && event.customerId) {
      await this.linkCustomer(event.clientReferenceId, event.customerId);
    }
    if (event.customerId) await this.syncCustomer(event.customerId);

    const recorded = await this.ctx.db
      .insert(billingEvents)
      .values({ provider: kind, eventId: event.id, type: event.type, customerId: event.customerId })
      .onConflictDoNothing()
      .returning({ id: billingEvents.eventId });
    return recorded.length ? 'processed' : 'duplicate';
  }

  /** Re-syncs the signed-in seller (the success page asks, in case the webhook is still on its way). */
  async syncSeller(user: SessionUser): Promise<PlanId> {
    const customerId = await this.findCustomer(user.id);
    if (customerId) await this.syncCustomer(customerId);
    const [row] = await this.ctx.db
      .select({ plan: users.plan })
      .from(users)
      .where(eq(users.id, user.id))
      .limit(1);
    return row?.plan ?? user.plan;
  }

  /**
   * The sync: re-read the customer's subscriptions from the provider and set the seller's plan.
   * Idempotent, and ordered by ticket: a sync that read the provider earlier never overwrites one
   * that read it later, whatever order the events that caused them arrived in.
   */
  async syncCustomer(customerId: string): Promise<PlanId | undefined> {
    const kind = this.provider.kind;
    const whereCustomer = and(
      eq(billingCustomers.provider, kind),
      eq(billingCustomers.customerId, customerId),
    );
    const [ticket] = await this.ctx.db
      .update(billingCustomers)
      .set({ syncRequested: sql`${billingCustomers.syncRequested} + 1` })
      .where(whereCustomer)
      .returning({ userId: billingCustomers.userId, number: billingCustomers.syncRequested });
    if (!ticket) {
      this.log.warn({ customerId }, 'billing event for a customer that is not ours; ignored');
      return undefined;
    }

    const subscriptions = await this.provider.listSubscriptions(customerId);
    const plan = planFromSubscriptions(subscriptions, this.catalog);
    const now = this.ctx.clock.now();

    const applied = await this.ctx.db.transaction(async (tx) => {
      const won = await tx
        .update(billingCustomers)
        .set({ syncApplied: ticket.number, syncedAt: now })
        .where(and(whereCustomer, lt(billingCustomers.syncApplied, ticket.number)))
        .returning({ userId: billingCustomers.userId });
      if (!won.length) return false;
      for (const subscription of subscriptions) {
        const item = subscription.items.find((i) => this.catalog.choiceOf(i.priceId));
        const choice = item && this.catalog.choiceOf(item.priceId);
        const values = {
          userId: ticket.userId,
          customerId,
          status: subscription.status,
          planId: choice?.planId ?? null,
          interval: choice?.interval ?? null,
          priceId: item?.priceId ?? subscription.items[0]?.priceId ?? null,
          currentPeriodEnd: item?.currentPeriodEnd ?? null,
          cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
          syncedAt: now,
        };
        await tx
          .insert(billingSubscriptions)
          .values({ provider: kind, subscriptionId: subscription.id, ...values })
          .onConflictDoUpdate({
            target: [billingSubscriptions.provider, billingSubscriptions.subscriptionId],
            set: values,
          });
      }
      await tx
        .update(users)
        .set({ plan, updatedAt: now })
        .where(and(eq(users.id, ticket.userId), ne(users.plan, plan)));
      return true;
    });
    if (applied) this.log.info({ customerId, plan }, 'billing synced');
    return plan;
  }

  /**
   * What Account shows about billing, from the mirror the sync keeps: the interval of the live
   * subscription that pays for the seller's plan, and whether the provider's portal has anything
   * to manage (a seller who never subscribed would find an empty portal there).
   */
  async summaryFor(user: { id: string; plan: PlanId }): Promise<BillingSummary> {
    const rows = await this.ctx.db
      .select({
        status: billingSubscriptions.status,
        planId: billingSubscriptions.planId,
        interval: billingSubscriptions.interval,
      })
      .from(billingSubscriptions)
      .where(
        and(
          eq(billingSubscriptions.userId, user.id),
          eq(billingSubscriptions.provider, this.provider.kind),
        ),
      )
      .orderBy(desc(billingSubscriptions.syncedAt));
    const paying = rows.find(
      (row) => ENTITLING_STATUSES.has(row.status) && row.planId === user.plan && row.interval,
    );
    return {
      billingInterval: user.plan === 'free' ? null : (paying?.interval ?? null),
      canManageBilling: rows.length > 0,
    };
  }

  private async findCustomer(userId: string): Promise<string | undefined> {
    const [row] = await this.ctx.db
      .select({ customerId: billingCustomers.customerId })
      .from(billingCustomers)
      .where(
        and(eq(billingCustomers.userId, userId), eq(billingCustomers.provider, this.provider.kind)),
      )
      .limit(1);
    return row?.customerId;
  }

  /**
   * Checkout normally runs with the customer we made, so this is a safety net: a completed
   * checkout whose customer we do not know yet is linked to the seller named on the session.
   */
  private async linkCustomer(sellerId: string | null, customerId: string): Promise<void> {
    if (!sellerId || !UUID.test(sellerId)) return;
    const [seller] = await this.ctx.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.id, sellerId))
      .limit(1);
    if (!seller) return;
    await this.ctx.db
      .insert(billingCustomers)
      .values({ userId: seller.id, provider: this.provider.kind, customerId })
      .onConflictDoNothing();
  }
}
