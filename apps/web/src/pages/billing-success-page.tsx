import { useEffect } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getPlan } from '@thankly/api-contract/catalog';
import { callApi } from '../lib/call-api.ts';
import { formatDailyLimit } from '../lib/plans.ts';
import { PRODUCT_PATH } from '../route-meta.ts';
import { ButtonLink, Card, Container } from '../components/ui/index.ts';

/**
 * Where the payment page sends the seller back after paying. The payment provider's webhook sets
 * the plan; this page also asks the server to re-read the subscription, so the new plan shows at
 * once even when the webhook is still on its way.
 */
export default function BillingSuccessPage() {
  const client = useQueryClient();
  const sync = useMutation({
    mutationFn: async () => (await callApi('POST /billing/sync')).plan,
    // Everything that shows the plan or its limits is read again.
    onSettled: () => client.invalidateQueries(),
  });
  const { mutate } = sync;
  useEffect(() => mutate(), [mutate]);

  const plan = sync.data ? getPlan(sync.data) : undefined;
  return (
    <Container className="py-12 sm:py-16">
      <Card className="mx-auto max-w-xl text-center">
        <h1 className="text-3xl font-bold tracking-tight">Thank you for subscribing!</h1>
        {sync.isPending || sync.isIdle ? (
          <p role="status" className="mt-4 text-slate-600">
            Confirming your payment…
          </p>
        ) : plan && plan.id !== 'free' ? (
          <div role="status" className="mt-4 space-y-2 text-slate-700">
            <p>
              You are now on the <strong>{plan.name}</strong> plan.
            </p>
            <p>
              {formatDailyLimit(plan.dailyLimit)} emails a day, {plan.tempLimit} templates, and
              conditional sending by date range.
            </p>
          </div>
        ) : (
          <p role="status" className="mt-4 text-slate-700">
            Your payment is being confirmed. Your plan changes as soon as the payment provider tells
            us it went through, usually within a minute.
          </p>
        )}
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <ButtonLink to={PRODUCT_PATH}>Go to your templates</ButtonLink>
          <ButtonLink to="/Account" variant="secondary">
            Account
          </ButtonLink>
        </div>
      </Card>
    </Container>
  );
}
