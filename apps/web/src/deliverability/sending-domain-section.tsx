// "Sending domain" on the Account page: on Starter, where buyer email goes from today and what an
// own domain would change; on Growth and Business, the seller's domains and a form to add one.
import { Link } from 'react-router';
import type { SendingDomainsReply } from '@thankly/api-contract';
import { UpgradeLink } from '../components/app-shell/usage-meter.tsx';
import { Button, Card } from '../components/ui/index.ts';
import { messageFor } from '../lib/api.ts';
import { SENDING_DOMAIN_ANCHOR, SENDING_DOMAIN_HELP_PATH } from '../route-meta.ts';
import { AddDomainForm } from './add-domain-form.tsx';
import { useSendingDomains } from './deliverability-queries.ts';
import { SendingDomainCard } from './sending-domain-card.tsx';

export const HELP_LINK_TEXT = 'What do these records mean?';

const link = 'focus-ring rounded font-medium text-brand-700 underline';

function DefaultFrom({ address }: { address: string }) {
  return <strong className="wrap-anywhere text-slate-900">{address}</strong>;
}

function StarterExplainer({ reply }: { reply: SendingDomainsReply }) {
  return (
    <div className="mt-2 space-y-3 text-sm text-slate-600">
      <p>
        Your thank-you emails go from <DefaultFrom address={reply.defaultFromAddress} /> with your
        shop name as the sender, and buyers’ replies come to your account email.
      </p>
      <p>
        On Growth and Business you can send from your own domain, such as hello@yourshop.com: buyers
        see your address, and mail signed for your domain is more likely to reach the inbox.
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <UpgradeLink urgent={false} />
        <Link to={SENDING_DOMAIN_HELP_PATH} className={link}>
          How sending domains work
        </Link>
      </div>
      {reply.domains.length > 0 ? (
        <>
          <p>
            The domains you added on a paid plan are kept here, unused, until you upgrade again; you
            can still check or remove them.
          </p>
          <DomainList reply={reply} />
        </>
      ) : null}
    </div>
  );
}

function DomainList({ reply }: { reply: SendingDomainsReply }) {
  return (
    <ul className="mt-5 space-y-4">
      {reply.domains.map((domain) => (
        <li key={domain.id}>
          <SendingDomainCard domain={domain} defaultFrom={reply.defaultFromAddress} />
        </li>
      ))}
    </ul>
  );
}

function OwnDomains({ reply }: { reply: SendingDomainsReply }) {
  const { domains, defaultFromAddress } = reply;
  return (
    <>
      <p className="mt-1 text-sm text-slate-600">
        Send buyer emails from an address at your own domain. Add the domain, publish the records
        below at the company that manages your domain’s DNS, then press Verify. Until a domain is
        verified, emails go from <DefaultFrom address={defaultFromAddress} /> with your shop name.{' '}
        <Link to={SENDING_DOMAIN_HELP_PATH} className={link}>
          {HELP_LINK_TEXT}
        </Link>
      </p>
      {domains.length > 0 ? <DomainList reply={reply} /> : null}
      <div className={domains.length > 0 ? 'mt-6 border-t border-slate-200 pt-5' : 'mt-5'}>
        <AddDomainForm primary={domains.length === 0} />
      </div>
    </>
  );
}

export function SendingDomainSection() {
  const domains = useSendingDomains();
  return (
    <Card
      id={SENDING_DOMAIN_ANCHOR}
      aria-labelledby="sending-domain-heading"
      className="scroll-mt-20 focus:outline-none"
    >
      <h2 id="sending-domain-heading" className="text-lg font-semibold">
        Sending domain
      </h2>
      {domains.isPending ? (
        <div aria-hidden="true" className="mt-3 space-y-2">
          <div className="h-4 w-3/4 animate-pulse rounded bg-slate-100" />
          <div className="h-4 w-1/2 animate-pulse rounded bg-slate-100" />
        </div>
      ) : domains.isError ? (
        <div role="alert" className="mt-3 flex flex-wrap items-center gap-3 text-sm text-slate-700">
          {messageFor(domains.error, 'Your sending domains could not be loaded.')}
          <Button variant="secondary" onClick={() => domains.refetch()}>
            Try again
          </Button>
        </div>
      ) : domains.data.allowed ? (
        <OwnDomains reply={domains.data} />
      ) : (
        <StarterExplainer reply={domains.data} />
      )}
    </Card>
  );
}
