// What each state of a sending domain and of its records means, in plain words (the help page).
import type { DnsRecordStatus, SendingDomainStatus } from '@thankly/api-contract';
import { Badge } from '../components/ui/index.ts';
import { DOMAIN_STATUS, RECORD_STATUS, type Tone } from './status-labels.ts';

const DOMAIN_STATUS_MEANING: Record<SendingDomainStatus, string> = {
  pending:
    'Thankly has not found every required record yet. Buyer emails go from Thankly’s address with your shop name in the meantime.',
  verified:
    'Every required record is in place. Buyer emails go from your address, signed for your domain.',
  failing:
    'The domain was verified, but a later check no longer finds a required record (often after a change at the DNS host). Buyer emails go from Thankly’s address again until the record is back; the record marked on your Account page says what to fix.',
};

const RECORD_STATUS_MEANING: Record<DnsRecordStatus, string> = {
  ok: 'The record is published exactly as shown.',
  missing:
    'Nothing was found under that name yet. Check the name, or wait: new records can take a while to show.',
  wrong:
    'Something is published under that name, but not what Thankly asked for. The explanation next to it says what differs.',
  unchecked: 'Thankly has not looked this record up yet. Press Verify.',
};

/** Each state as its badge, with what it means under it. */
function StatusMeaningList<S extends string>({
  labels,
  meanings,
}: {
  labels: Record<S, { label: string; tone: Tone }>;
  meanings: Record<S, string>;
}) {
  return (
    <dl className="space-y-3">
      {(Object.keys(meanings) as S[]).map((status) => (
        <div key={status}>
          <dt>
            <Badge tone={labels[status].tone}>{labels[status].label}</Badge>
          </dt>
          <dd className="mt-1">{meanings[status]}</dd>
        </div>
      ))}
    </dl>
  );
}

export function DomainStatusMeanings() {
  return <StatusMeaningList labels={DOMAIN_STATUS} meanings={DOMAIN_STATUS_MEANING} />;
}

export function RecordStatusMeanings() {
  return <StatusMeaningList labels={RECORD_STATUS} meanings={RECORD_STATUS_MEANING} />;
}
