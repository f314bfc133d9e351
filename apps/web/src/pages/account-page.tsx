// /Account: the plan and billing, the account's email and password, the postal address for
// printed cards, the time zone, sending on or off, open tracking, help, and the sending domain.
import { useQuery } from '@tanstack/react-query';
import { PLANS } from '@thankly/api-contract';
import { messageFor } from '../lib/api.ts';
import { PostalAddressCard } from '../account/postal-address-card.tsx';
import { SendingDomainSection } from '../deliverability/sending-domain-section.tsx';
import { TrackingCard } from '../insights/tracking-card.tsx';
import { ACCOUNT_KEY, useAccount } from '../account/account-query.ts';
import { AccountSkeleton } from '../account/account-skeleton.tsx';
import { EmailCard } from '../account/email-card.tsx';
import { HelpCard } from '../account/help-card.tsx';
import { PasswordCard } from '../account/password-card.tsx';
import { PLANS_KEY, fetchPlans, planName } from '../account/plans-query.ts';
import { SendingCard } from '../account/sending-card.tsx';
import { SubscriptionCard } from '../account/subscription-card.tsx';
import { TimeZoneCard } from '../account/time-zone-card.tsx';
import { Alert, Badge, Button, Container } from '../components/ui/index.ts';

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
          <TimeZoneCard key={me.timeZone} timeZone={me.timeZone} accountKey={ACCOUNT_KEY} />
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
