// A verified domain's branded link host (links.yourshop.com): the form to add one, then its CNAME
// to publish with what DNS shows, Verify and Remove, as the domain's own records are shown.
import { useState, type FormEvent } from 'react';
import { Link2, Loader2, RefreshCw, Trash2 } from 'lucide-react';
import { setLinkDomainSchema, type LinkDomain, type SendingDomain } from '@thankly/api-contract';
import { Badge, Button, TextField } from '../components/ui/index.ts';
import { messageFor } from '../lib/api.ts';
import { useFormatSellerTime } from '../lib/seller-time.ts';
import { toast } from '../lib/toast.ts';
import { useFocusFirstInvalid } from '../lib/use-focus-first-invalid.ts';
import { useLinkDomain } from './deliverability-queries.ts';
import { DnsRecordsTable } from './dns-records-table.tsx';
import { DOMAIN_STATUS } from './status-labels.ts';

export const LINK_MESSAGES = {
  intro: (domain: string) =>
    `Put the links and the open pixel in your emails on your own domain, such as links.${domain}, instead of Thankly’s address.`,
  needsVerified: (domain: string) => `Verify ${domain} first; then you can add a link domain.`,
  saveFailed: 'Could not save the link domain. Try again in a minute.',
  verifyFailed: 'Could not check DNS just now. Try again in a minute.',
  removeFailed: 'Could not remove the link domain. Try again in a minute.',
  confirmRemove: (host: string) =>
    `Remove ${host}? Emails sent from now on link through Thankly’s address again.`,
  removed: (host: string) => `${host} removed: links go through Thankly’s address.`,
  verified: (host: string) => `Found: the links in your emails now use ${host}.`,
  notYet:
    'The CNAME record is not found yet. DNS changes can take a few hours to show; check again later.',
  inUse: 'Links in your emails use it',
  notInUse: 'Links use Thankly’s address until it is verified',
} as const;

function AddLinkDomainForm({ domain }: { domain: SendingDomain }) {
  const [subdomain, setSubdomain] = useState('links');
  const [error, setError] = useState<string | null>(null);
  const [formRef, focusFirstInvalid] = useFocusFirstInvalid();
  const { set } = useLinkDomain(domain.id);

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = setLinkDomainSchema.safeParse({ subdomain });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? LINK_MESSAGES.saveFailed);
      focusFirstInvalid();
      return;
    }
    setError(null);
    set.mutate(parsed.data.subdomain, {
      onError: (err) => {
        setError(messageFor(err, LINK_MESSAGES.saveFailed));
        focusFirstInvalid();
      },
    });
  }

  return (
    <form
      ref={formRef}
      onSubmit={submit}
      noValidate
      className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-start"
    >
      <TextField
        label="Link domain"
        name="linkSubdomain"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        className="min-w-0 sm:w-72"
        value={subdomain}
        error={error}
        hint={
          <span className="wrap-anywhere">{`${subdomain.trim() || '…'}.${domain.domain}`}</span>
        }
        onChange={(event) => {
          setSubdomain(event.target.value);
          setError(null);
        }}
      />
      <Button
        type="submit"
        variant="secondary"
        className="self-start sm:mt-6"
        disabled={set.isPending}
      >
        <Link2 aria-hidden="true" className="h-4 w-4" />
        Add link domain
      </Button>
    </form>
  );
}

function LinkDomainDetails({ domain, link }: { domain: SendingDomain; link: LinkDomain }) {
  const formatTime = useFormatSellerTime();
  const { verify, remove } = useLinkDomain(domain.id);
  const status = DOMAIN_STATUS[link.status];

  function confirmRemove() {
    if (!window.confirm(LINK_MESSAGES.confirmRemove(link.host))) return;
    remove.mutate(undefined, {
      onSuccess: () => toast.success(LINK_MESSAGES.removed(link.host)),
      onError: (error) => toast.error(messageFor(error, LINK_MESSAGES.removeFailed)),
    });
  }

  return (
    <div className="mt-3 space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <span className="font-medium wrap-anywhere text-slate-900">{link.host}</span>
          <Badge tone={status.tone}>{status.label}</Badge>
          <span className="text-xs text-slate-600">
            {link.status === 'verified' ? LINK_MESSAGES.inUse : LINK_MESSAGES.notInUse}
          </span>
        </div>
        <Button
          variant="ghost"
          className="-my-1.5 shrink-0 px-3 py-1.5"
          disabled={remove.isPending}
          aria-label={`Remove link domain ${link.host}`}
          onClick={confirmRemove}
        >
          <Trash2 aria-hidden="true" className="h-4 w-4" />
          Remove
        </Button>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant={link.status === 'verified' ? 'secondary' : 'primary'}
          disabled={verify.isPending}
          aria-label={`Verify link domain ${link.host}`}
          onClick={() =>
            verify.mutate(undefined, {
              onError: (error) =>
                toast.error(messageFor(error, LINK_MESSAGES.verifyFailed), {
                  key: `verify-link-${domain.id}`,
                }),
            })
          }
        >
          {verify.isPending ? (
            <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin" />
          ) : (
            <RefreshCw aria-hidden="true" className="h-4 w-4" />
          )}
          {verify.isPending ? 'Checking DNS…' : 'Verify'}
        </Button>
        <p className="text-sm text-slate-600">
          {link.lastCheckedAt ? (
            <>
              Last checked{' '}
              <time dateTime={link.lastCheckedAt}>{formatTime(link.lastCheckedAt)}</time>
            </>
          ) : (
            'Not checked yet'
          )}
        </p>
        <p role="status" className="basis-full text-sm font-medium text-slate-800 empty:hidden">
          {verify.isSuccess
            ? verify.data.domain.linkDomain?.status === 'verified'
              ? LINK_MESSAGES.verified(link.host)
              : LINK_MESSAGES.notYet
            : ''}
        </p>
      </div>
      <DnsRecordsTable
        records={[link.record]}
        domain={domain.domain}
        caption={`DNS record for the link domain ${link.host}`}
      />
    </div>
  );
}

export function LinkDomainPanel({ domain }: { domain: SendingDomain }) {
  const headingId = `link-domain-${domain.id}-heading`;
  return (
    <section aria-labelledby={headingId}>
      <h4 id={headingId} className="font-semibold text-slate-900">
        Link domain
      </h4>
      <p className="mt-1 text-sm text-slate-600">{LINK_MESSAGES.intro(domain.domain)}</p>
      {domain.linkDomain ? (
        <LinkDomainDetails domain={domain} link={domain.linkDomain} />
      ) : domain.status === 'verified' ? (
        <AddLinkDomainForm domain={domain} />
      ) : (
        <p className="mt-2 text-sm text-slate-600">{LINK_MESSAGES.needsVerified(domain.domain)}</p>
      )}
    </section>
  );
}
