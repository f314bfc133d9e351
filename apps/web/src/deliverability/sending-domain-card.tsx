// One sending domain: where buyer email goes from, the records to publish and what DNS shows for
// each, and the seller's three actions on it: verify now, change the name before the @, remove.
import { Trash2 } from 'lucide-react';
import type { SendingDomain } from '@thankly/api-contract';
import { Badge, Button } from '../components/ui/index.ts';
import { messageFor } from '../lib/api.ts';
import { toast } from '../lib/toast.ts';
import { DnsHostGuides } from './dns-host-guides.tsx';
import { DnsRecordsTable } from './dns-records-table.tsx';
import { useRemoveSendingDomain } from './deliverability-queries.ts';
import { DOMAIN_MESSAGES } from './domain-messages.ts';
import { FromLine } from './from-line.tsx';
import { LinkDomainPanel } from './link-domain-panel.tsx';
import { LocalPartForm } from './local-part-form.tsx';
import { DOMAIN_STATUS } from './status-labels.ts';
import { VerifyControls } from './verify-controls.tsx';

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
        <DnsRecordsTable
          records={domain.records}
          domain={domain.domain}
          caption={`DNS records for ${domain.domain}`}
        />
        <DnsHostGuides />
      </div>

      <div className="mt-5 border-t border-slate-200 pt-4">
        <LocalPartForm key={domain.localPart} domain={domain} />
      </div>

      <div className="mt-5 border-t border-slate-200 pt-4">
        <LinkDomainPanel domain={domain} />
      </div>
    </article>
  );
}
