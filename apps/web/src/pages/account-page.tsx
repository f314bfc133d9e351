import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PLANS,
  getPlan,
  type BillingInterval,
  type Me,
  type Plan,
  type PlanId,
} from '@thankly/api-contract';
import { api, messageFor } from '../lib/api.ts';
import { toast } from '../lib/toast.ts';
import { formatPrice, priceSuffix } from '../lib/plans.ts';
import { IntervalToggle } from '../components/interval-toggle.tsx';
import { PostalAddressCard } from '../account/postal-address-card.tsx';
import { SendingDomainSection } from '../deliverability/sending-domain-section.tsx';
import { TrackingCard } from '../insights/tracking-card.tsx';
import { Switch } from '../components/ui/index.ts';
import { ACCOUNT_KEY, useAccount } from '../account/account-query.ts';
import { useFocusFirstInvalid } from '../lib/use-focus-first-invalid.ts';
import { PLANS_ANCHOR } from '../components/app-shell/app-nav.ts';
import { Alert, Badge, Button, Card, Container, TextField } from '../components/ui/index.ts';

export { ACCOUNT_KEY };
export const PLANS_KEY = ['plans'] as const;
export const PAUSE_FAILED = 'Unable to update pause state';
export const NEW_PASSWORD_TOO_SHORT = 'New password must be at least 8 characters';

async function fetchPlans(): Promise<Plan[]> {
  const { plans } = await api.get<{ plans: Plan[] }>('/plans');
  return plans;
}

/** Both billing calls answer `{ url }` and the browser leaves for it. */
async function goToBilling(path: '/billing/portal' | '/billing/checkout', body: unknown) {
  const { url } = await api.post<{ url: string }>(path, body);
  if (typeof url !== 'string' || !url) throw new Error('No billing address returned');
  window.location.assign(url);
}

function planName(id: PlanId, plans: readonly Plan[]): string {
  return plans.find((p) => p.id === id)?.name ?? getPlan(id).name;
}

export default function AccountPage() {
  const account = useAccount();
  const plansQuery = useQuery({ queryKey: PLANS_KEY, queryFn: fetchPlans, retry: false });
  const plans = plansQuery.data ?? PLANS;

  if (account.isPending) return <AccountSkeleton />;
  if (account.isError) {
    return (
      <Container className="py-10">
        <h1 className="text-3xl font-bold tracking-tight">Account</h1>
        <div className="mt-6 space-y-4">
          <Alert>{messageFor(account.error, 'Failed to load account')}</Alert>
          <Button variant="secondary" onClick={() => account.refetch()}>
            Try again
          </Button>
        </div>
      </Container>
    );
  }
  const me = account.data;
  return (
    <Container className="py-10">
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold tracking-tight">Account</h1>
        <Badge tone="brand">{planName(me.plan, plans)}</Badge>
        <Badge tone={me.isPaused ? 'amber' : 'green'}>{me.isPaused ? 'Paused' : 'Active'}</Badge>
      </header>
      <div className="mt-8 grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <SubscriptionCard me={me} plans={plans} />
          <EmailCard
            key={me.email}
            email={me.email}
            emailVerified={me.emailVerified}
            pendingEmail={me.pendingEmail}
          />
          <PasswordCard />
          <PostalAddressCard
            key={me.postalAddress}
            postalAddress={me.postalAddress}
            accountKey={ACCOUNT_KEY}
          />
        </div>
        <div className="space-y-6">
          <SendingCard isPaused={me.isPaused} />
          <TrackingCard />
          <HelpCard />
        </div>
        {/* The whole width: a domain's DNS records are long values side by side. */}
        <div className="lg:col-span-3">
          <SendingDomainSection />
        </div>
      </div>
    </Container>
  );
}

function AccountSkeleton() {
  return (
    <Container className="py-10">
      <div aria-busy="true" aria-live="polite" data-testid="account-skeleton">
        <span className="sr-only">Loading account</span>
        <div className="flex items-center gap-3">
          <div className="h-9 w-40 animate-pulse rounded bg-slate-200" />
          <div className="h-6 w-16 animate-pulse rounded-full bg-slate-200" />
          <div className="h-6 w-16 animate-pulse rounded-full bg-slate-200" />
        </div>
        <div className="mt-8 grid gap-6 lg:grid-cols-3">
          <div className="h-72 animate-pulse rounded-2xl bg-slate-100 lg:col-span-2" />
          <div className="h-40 animate-pulse rounded-2xl bg-slate-100" />
        </div>
      </div>
    </Container>
  );
}

/** "$90/yr, billed yearly": what the seller pays now, from the subscription's own interval. */
function currentPriceLine(me: Me, plans: readonly Plan[]): string | null {
  const plan = plans.find((p) => p.id === me.plan);
  if (!plan || me.plan === 'free' || !me.billingInterval) return null;
  const billed = me.billingInterval === 'year' ? 'billed yearly' : 'billed monthly';
  return `${formatPrice(plan, me.billingInterval)}${priceSuffix(me.billingInterval)}, ${billed}`;
}

function SubscriptionCard({ me, plans }: { me: Me; plans: readonly Plan[] }) {
  // The plan cards open on the interval the seller pays by, so a yearly plan shows its yearly price.
  const [interval, setBillingInterval] = useState<BillingInterval>(me.billingInterval ?? 'month');
  const priceLine = currentPriceLine(me, plans);
  const portal = useMutation({
    mutationFn: () => goToBilling('/billing/portal', {}),
    onError: (error) =>
      toast.error(messageFor(error, 'Could not open billing portal'), { key: 'billing' }),
  });
  const checkout = useMutation({
    mutationFn: (planId: PlanId) => goToBilling('/billing/checkout', { planId, interval }),
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

/** Optimistic: the switch moves at once and moves back if the server refuses. */
export function usePauseMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (isPaused: boolean) => api.patch<{ isPaused: boolean }>('/me/pause', { isPaused }),
    onMutate: async (isPaused) => {
      await client.cancelQueries({ queryKey: ACCOUNT_KEY });
      const previous = client.getQueryData<Me>(ACCOUNT_KEY);
      if (previous) client.setQueryData<Me>(ACCOUNT_KEY, { ...previous, isPaused });
      return { previous };
    },
    onError: (error, _isPaused, context) => {
      if (context?.previous) client.setQueryData<Me>(ACCOUNT_KEY, context.previous);
      toast.error(messageFor(error, PAUSE_FAILED), { key: 'pause' });
    },
    onSuccess: (reply, isPaused) => {
      const confirmed = typeof reply?.isPaused === 'boolean' ? reply.isPaused : isPaused;
      client.setQueryData<Me>(ACCOUNT_KEY, (old) => (old ? { ...old, isPaused: confirmed } : old));
      toast.success(confirmed ? 'Sending paused' : 'Sending resumed', { key: 'pause' });
    },
  });
}

function SendingCard({ isPaused }: { isPaused: boolean }) {
  const pause = usePauseMutation();
  const labelId = useId();
  const active = !isPaused;
  return (
    <Card aria-labelledby="sending-heading">
      <h2 id="sending-heading" className="text-lg font-semibold">
        Sending status
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        While paused, paid orders get no thank-you email. Resume at any time.
      </p>
      <div className="mt-4 flex items-center justify-between gap-4">
        <span id={labelId} className="text-sm font-medium">
          Automatic sending
        </span>
        <div className="flex items-center gap-3">
          <span className="text-sm font-semibold" aria-hidden="true">
            {active ? 'Active' : 'Paused'}
          </span>
          <Switch
            checked={active}
            labelledBy={labelId}
            disabled={pause.isPending}
            onChange={(on) => pause.mutate(!on)}
          />
        </div>
      </div>
    </Card>
  );
}

/**
 * Asking for a change changes nothing yet: the new address gets a link, and the account moves to it
 * when the link is followed. Until then the card shows the address waiting for confirmation.
 */
function EmailCard({
  email: currentEmail,
  emailVerified,
  pendingEmail,
}: {
  email: string;
  emailVerified: boolean;
  pendingEmail: string | null;
}) {
  const client = useQueryClient();
  const [email, setEmail] = useState(currentEmail);
  const [password, setPassword] = useState('');
  const update = useMutation({
    mutationFn: () =>
      api.patch<{ pendingEmail?: string }>('/auth/update-email', { email, password }),
    onSuccess: (reply) => {
      setPassword('');
      const pending = reply?.pendingEmail ?? email.trim().toLowerCase();
      client.setQueryData<Me>(ACCOUNT_KEY, (old) =>
        old ? { ...old, pendingEmail: pending } : old,
      );
      toast.success('Email updated', { key: 'update-email' });
    },
    onError: (error) =>
      toast.error(messageFor(error, 'Could not update email'), { key: 'update-email' }),
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate();
  };
  return (
    <Card aria-labelledby="email-heading">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="email-heading" className="text-lg font-semibold">
          Account email
        </h2>
        <Badge tone={emailVerified ? 'green' : 'amber'}>
          {emailVerified ? 'Confirmed' : 'Not confirmed'}
        </Badge>
      </div>
      <p className="mt-1 text-sm text-slate-600">
        Currently <strong className="break-all text-slate-800">{currentEmail}</strong>. A new
        address takes effect once you follow the link we mail to it.
      </p>
      {pendingEmail ? (
        <div className="mt-4" data-testid="pending-email">
          <Alert tone="info">
            Waiting for confirmation: we sent a link to{' '}
            <strong className="break-all">{pendingEmail}</strong>. Your account email changes to it
            when you follow that link (within 1 hour); until then it stays {currentEmail}.
          </Alert>
        </div>
      ) : null}
      <form onSubmit={onSubmit} className="mt-4 grid gap-4 sm:grid-cols-2">
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <TextField
          label="Confirm with password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <div className="sm:col-span-2">
          <Button type="submit" disabled={update.isPending}>
            Update email
          </Button>
        </div>
      </form>
    </Card>
  );
}

function PasswordCard() {
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [invalidFocusRef, focusFirstInvalid] = useFocusFirstInvalid();
  const update = useMutation({
    mutationFn: () => api.patch('/auth/update-password', { currentPassword, newPassword }),
    onSuccess: () => {
      setCurrentPassword('');
      setNewPassword('');
      toast.success('Password updated', { key: 'update-password' });
    },
    onError: (err) =>
      toast.error(messageFor(err, 'Could not update password'), { key: 'update-password' }),
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (newPassword.length < 8) {
      setError(NEW_PASSWORD_TOO_SHORT);
      focusFirstInvalid();
      return;
    }
    setError(null);
    update.mutate();
  };
  return (
    <Card aria-labelledby="password-heading">
      <h2 id="password-heading" className="text-lg font-semibold">
        Change password
      </h2>
      <form ref={invalidFocusRef} onSubmit={onSubmit} className="mt-4 grid gap-4 sm:grid-cols-2">
        <TextField
          label="Current password"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          required
          value={currentPassword}
          onChange={(e) => setCurrentPassword(e.target.value)}
        />
        <TextField
          label="New password"
          name="newPassword"
          type="password"
          autoComplete="new-password"
          required
          value={newPassword}
          onChange={(e) => {
            setNewPassword(e.target.value);
            setError(null);
          }}
          error={error}
        />
        <div className="sm:col-span-2">
          <Button type="submit" disabled={update.isPending}>
            Update password
          </Button>
        </div>
      </form>
    </Card>
  );
}

function HelpCard() {
  return (
    <Card aria-labelledby="help-heading">
      <h2 id="help-heading" className="text-lg font-semibold">
        Need help
      </h2>
      <ul className="mt-3 space-y-2 text-sm">
        <li>
          <Link to="/contact" className="font-medium text-brand-700 underline">
            Contact support
          </Link>
        </li>
        <li>
          <Link to="/docs/billing" className="font-medium text-brand-700 underline">
            Billing help
          </Link>
        </li>
      </ul>
    </Card>
  );
}
