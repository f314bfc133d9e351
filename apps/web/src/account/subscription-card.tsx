// The seller's plan and its price, the plans to move to at the chosen interval, and the billing
// portal once there is a subscription behind it.
import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { BillingInterval, Me, PaidPlanId } from '@thankly/api-contract';
import type { PlanOffer as Plan } from '@thankly/api-contract/endpoints';
import { callApi } from '../lib/call-api.ts';
import { messageFor } from '../lib/api.ts';
import { toast } from '../lib/toast.ts';
import { formatPrice, priceSuffix } from '../lib/plans.ts';
import { IntervalToggle } from '../components/interval-toggle.tsx';
import { PLANS_ANCHOR } from '../components/app-shell/app-nav.ts';
import { Badge, Button, Card } from '../components/ui/index.ts';
import { goToBilling } from './billing.ts';
import { planName } from './plans-query.ts';

/** "$90/yr, billed yearly": what the seller pays now, from the subscription's own interval. */
function currentPriceLine(me: Me, plans: readonly Plan[]): string | null {
  const plan = plans.find((p) => p.id === me.plan);
  if (!plan || me.plan === 'free' || !me.billingInterval) return null;
  const billed = me.billingInterval === 'year' ? 'billed yearly' : 'billed monthly';
  return `${formatPrice(plan, me.billingInterval)}${priceSuffix(me.billingInterval)}, ${billed}`;
}

export function SubscriptionCard({ me, plans }: { me: Me; plans: readonly Plan[] }) {
  // The plan cards open on the interval the seller pays by, so a yearly plan shows its yearly price.
  const [interval, setBillingInterval] = useState<BillingInterval>(me.billingInterval ?? 'month');
  const priceLine = currentPriceLine(me, plans);
  const portal = useMutation({
    mutationFn: () => goToBilling(callApi('POST /billing/portal')),
    onError: (error) =>
      toast.error(messageFor(error, 'Could not open billing portal'), { key: 'billing' }),
  });
  const checkout = useMutation({
    mutationFn: (planId: PaidPlanId) =>
      goToBilling(callApi('POST /billing/checkout', { body: { planId, interval } })),
    onError: (error) =>
      toast.error(messageFor(error, 'Could not start checkout'), { key: 'billing' }),
  });
  const busy = portal.isPending || checkout.isPending;

  return (
    <Card
      id={PLANS_ANCHOR}
      aria-labelledby="subscription-heading"
      className="scroll-mt-20 focus:outline-none"
    >
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h2 id="subscription-heading" className="text-lg font-semibold">
            Subscription
          </h2>
          <p className="mt-1 text-sm text-slate-600" data-testid="current-plan">
            Current plan: <strong>{planName(me.plan, plans)}</strong>
            {priceLine ? ` · ${priceLine}` : null}
          </p>
        </div>
        {/* The portal only has something to show once there is a subscription behind it. */}
        {me.canManageBilling ? (
          <Button variant="secondary" onClick={() => portal.mutate()} disabled={busy}>
            Manage billing
          </Button>
        ) : null}
      </div>
      <div className="mt-5">
        <IntervalToggle value={interval} onChange={setBillingInterval} />
      </div>
      <ul className="mt-5 grid gap-4 md:grid-cols-3">
        {plans.map((plan) => {
          const current = plan.id === me.plan;
          // Starter with nothing to cancel: its card is simply where the seller already is.
          const isStarterHome = plan.id === 'free' && !me.canManageBilling;
          return (
            <li
              key={plan.id}
              className={`flex flex-col rounded-xl border p-4 ${
                current ? 'border-brand-600 ring-1 ring-brand-600' : 'border-slate-200'
              }`}
            >
              <div className="flex items-center justify-between gap-2">
                <h3 className="font-semibold">{plan.name}</h3>
                {current ? <Badge tone="brand">Current</Badge> : null}
              </div>
              <p className="mt-2">
                <span className="text-2xl font-bold">{formatPrice(plan, interval)}</span>
                <span className="text-sm text-slate-600">{priceSuffix(interval)}</span>
              </p>
              <ul className="mt-3 flex-1 space-y-1 text-sm text-slate-700">
                {plan.features.map((feature) => (
                  <li key={feature}>{feature}</li>
                ))}
              </ul>
              {isStarterHome ? (
                <p className="mt-4 rounded-lg bg-slate-50 px-3 py-2 text-center text-sm text-slate-600">
                  {current ? 'Your current plan' : 'Free forever'}
                </p>
              ) : (
                <Button
                  className="mt-4"
                  variant={current ? 'secondary' : 'primary'}
                  disabled={busy}
                  aria-label={`${current ? 'Manage' : 'Choose'} ${plan.name}`}
                  onClick={() =>
                    // Moving to Starter is a cancellation, done in the billing portal.
                    current || plan.id === 'free' ? portal.mutate() : checkout.mutate(plan.id)
                  }
                >
                  {current ? 'Manage' : 'Choose'}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
