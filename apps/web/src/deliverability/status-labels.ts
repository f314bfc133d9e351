// The words and badge tones a seller reads for a domain's and a record's status, in one place so
// the section, its tests and the help page say the same thing.
import type { DnsRecordPurpose, DnsRecordStatus, SendingDomainStatus } from '@thankly/api-contract';

export type Tone = 'slate' | 'green' | 'amber' | 'brand';

export const DOMAIN_STATUS: Record<SendingDomainStatus, { label: string; tone: Tone }> = {
  pending: { label: 'Pending', tone: 'slate' },
  verified: { label: 'Verified', tone: 'green' },
  failing: { label: 'Needs attention', tone: 'amber' },
};

export const RECORD_STATUS: Record<DnsRecordStatus, { label: string; tone: Tone }> = {
  ok: { label: 'Found', tone: 'green' },
  missing: { label: 'Not found', tone: 'amber' },
  wrong: { label: 'Does not match', tone: 'amber' },
  unchecked: { label: 'Not checked yet', tone: 'slate' },
};

/** What each record is for, as its row and its Copy buttons name it. */
export const RECORD_PURPOSE: Record<DnsRecordPurpose, string> = {
  dkim: 'DKIM signature',
  'return-path': 'Return path',
  spf: 'SPF',
  dmarc: 'DMARC policy',
  link: 'Link domain',
};
