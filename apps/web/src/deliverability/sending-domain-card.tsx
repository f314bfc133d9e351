// One sending domain: where buyer email goes from, the records to publish and what DNS shows for
// each, and the seller's three actions on it: verify now, change the name before the @, remove.
import { useState, type FormEvent } from 'react';
import { Loader2, RefreshCw, Trash2 } from 'lucide-react';
import { updateSendingDomainSchema, type SendingDomain } from '@thankly/api-contract';
import { Badge, Button, TextField } from '../components/ui/index.ts';
import { formatActivityTime } from '../dashboard/activity/activity-time.ts';
import { messageFor } from '../lib/api.ts';
import { toast } from '../lib/toast.ts';
import { useFocusFirstInvalid } from '../lib/use-focus-first-invalid.ts';
import { DnsRecordsTable } from './dns-records-table.tsx';
import {
  useChangeLocalPart,
  useRemoveSendingDomain,
  useVerifySendingDomain,
} from './deliverability-queries.ts';
import { DOMAIN_STATUS } from './status-labels.ts';

export const DOMAIN_MESSAGES = {
  checking: 'Checking DNS…',
  verifyFailed: 'Could not check DNS just now. Try again in a minute.',
  verified: (from: string) => `All required records found: buyer emails now go from ${from}.`,
  notYet: (count: number) =>
    `${count === 1 ? '1 required record is' : `${count} required records are`} not found yet. ` +
    'DNS changes can take up to 48 hours to show; check again later.',
  removed: (domain: string) =>
    `${domain} removed: buyer emails go from Thankly’s address with your shop name.`,
  removeFailed: 'Could not remove the domain. Try again in a minute.',
  confirmRemove: (domain: string) =>
    `Remove ${domain}? Buyer emails go from Thankly’s address again, and you would need to publish new records to add it back.`,
  saved: 'From address saved',
  saveFailed: 'Could not save the From address. Try again in a minute.',
} as const;

/** What the Verify button found, in one sentence. */
export function verifyOutcome(domain: SendingDomain): string {
  if (domain.status === 'verified') return DOMAIN_MESSAGES.verified(domain.fromAddress);
  return DOMAIN_MESSAGES.notYet(
    domain.records.filter((r) => r.required && r.status !== 'ok').length,
  );
}

function FromLine({ domain, defaultFrom }: { domain: SendingDomain; defaultFrom: string }) {
  const from = <strong className="wrap-anywhere text-slate-900">{domain.fromAddress}</strong>;
  const fallback = <strong className="wrap-anywhere text-slate-900">{defaultFrom}</strong>;
  if (domain.status === 'verified') {
    return <p className="mt-1 text-sm text-slate-600">Buyer emails go from {from}.</p>;
  }
  if (domain.status === 'failing') {
    return (
      <p className="mt-1 text-sm text-amber-900">
        A required record is no longer found, so buyer emails go from {fallback} until it is back.
        Check the records marked below, then press Verify.
      </p>
    );
  }
  return (
    <p className="mt-1 text-sm text-slate-600">
      Once verified, buyer emails go from {from}. Until then they go from {fallback} with your shop
      name.
    </p>
  );
}

function VerifyControls({ domain }: { domain: SendingDomain }) {
  const verify = useVerifySendingDomain(domain.id);
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button
        variant={domain.status === 'verified' ? 'secondary' : 'primary'}
        disabled={verify.isPending}
        onClick={() =>
          verify.mutate(undefined, {
            onError: (error) =>
              toast.error(messageFor(error, DOMAIN_MESSAGES.verifyFailed), {
                key: `verify-${domain.id}`,
              }),
          })
        }
      >
        {verify.isPending ? (
          <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin" />
        ) : (
          <RefreshCw aria-hidden="true" className="h-4 w-4" />
        )}
        {verify.isPending ? DOMAIN_MESSAGES.checking : 'Verify'}
      </Button>
      <p className="text-sm text-slate-600">
        {domain.lastCheckedAt ? (
          <>
            Last checked{' '}
            <time dateTime={domain.lastCheckedAt}>{formatActivityTime(domain.lastCheckedAt)}</time>
          </>
        ) : (
          'Not checked yet'
        )}
      </p>
      <p role="status" className="basis-full text-sm font-medium text-slate-800 empty:hidden">
        {verify.isSuccess ? verifyOutcome(verify.data.domain) : ''}
      </p>
    </div>
  );
}

function LocalPartForm({ domain }: { domain: SendingDomain }) {
  const [localPart, setLocalPart] = useState(domain.localPart);
  const [error, setError] = useState<string | null>(null);
  const [formRef, focusFirstInvalid] = useFocusFirstInvalid();
  const change = useChangeLocalPart(domain.id);

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = updateSendingDomainSchema.safeParse({ localPart });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? DOMAIN_MESSAGES.saveFailed);
      focusFirstInvalid();
      return;
    }
    setError(null);
    change.mutate(parsed.data.localPart, {
      onSuccess: (reply) => {
        setLocalPart(reply.domain.localPart);
        toast.success(DOMAIN_MESSAGES.saved, { key: `local-part-${domain.id}` });
      },
      onError: (err) => {
        setError(messageFor(err, DOMAIN_MESSAGES.saveFailed));
        focusFirstInvalid();
      },
    });
  }

  return (
    <form
      ref={formRef}
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-3 sm:flex-row sm:items-start"
    >
      <TextField
        label="Name before the @"
        name="localPart"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        className="min-w-0 sm:w-72"
        value={localPart}
        error={error}
        hint={
          <>
            From{' '}
            <span className="wrap-anywhere">{`${localPart.trim() || '…'}@${domain.domain}`}</span>
          </>
        }
        onChange={(event) => {
          setLocalPart(event.target.value);
          setError(null);
        }}
      />
      {/* Level with the input, below its label. */}
      <Button
        type="submit"
        variant="secondary"
        className="self-start sm:mt-6"
        disabled={change.isPending || localPart.trim().toLowerCase() === domain.localPart}
      >
        Save address
      </Button>
    </form>
  );
}

export function SendingDomainCard({
  domain,
  defaultFrom,
}: {
  domain: SendingDomain;
  defaultFrom: string;
}) {
  const remove = useRemoveSendingDomain(domain.id);
  const status = DOMAIN_STATUS[domain.status];
  const headingId = `domain-${domain.id}-heading`;

  function confirmRemove() {
    if (!window.confirm(DOMAIN_MESSAGES.confirmRemove(domain.domain))) return;
    remove.mutate(undefined, {
      onSuccess: () => toast.success(DOMAIN_MESSAGES.removed(domain.domain)),
      onError: (error) => toast.error(messageFor(error, DOMAIN_MESSAGES.removeFailed)),
    });
  }

  return (
    <article aria-labelledby={headingId} className="rounded-xl border border-slate-200 p-4 sm:p-5">
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <h3 id={headingId} className="font-semibold wrap-anywhere text-slate-900">
            {domain.domain}
          </h3>
          <Badge tone={status.tone}>{status.label}</Badge>
        </div>
        <Button
          variant="ghost"
          className="-my-1.5 shrink-0 px-3 py-1.5"
          disabled={remove.isPending}
          aria-label={`Remove ${domain.domain}`}
          onClick={confirmRemove}
        >
          <Trash2 aria-hidden="true" className="h-4 w-4" />
          Remove
        </Button>
      </div>
      <FromLine domain={domain} defaultFrom={defaultFrom} />

      <div className="mt-4">
        <VerifyControls domain={domain} />
      </div>

      <div className="mt-5">
        <DnsRecordsTable records={domain.records} caption={`DNS records for ${domain.domain}`} />
      </div>

      <div className="mt-5 border-t border-slate-200 pt-4">
        <LocalPartForm key={domain.localPart} domain={domain} />
      </div>
    </article>
  );
}
