import type { DnsRecordCheck, DnsRecordStatus, SendingDomainStatus } from '@thankly/api-contract';
import type { DnsLookup } from '../infrastructure/dns/dns-lookup.ts';

/** The label under a seller's domain that is CNAMEd to the bounce domain (SPF return-path mode). */
export const RETURN_PATH_LABEL = 'thankly-bounces';

/*
 * The records a seller publishes for their sending domain, and what a lookup of each means. Pure
 * given a lookup, so every rule is tested without DNS.
 */

/** How the operator's relay works, which decides the SPF record a seller is shown. */
export interface RecordSettings {
  spfMode: 'return-path' | 'include';
  spfInclude: string | undefined;
  bounceDomain: string;
  /**
   * Thankly's support address. DMARC reports are not suggested there: a receiver sends reports to
   * another domain only once that domain publishes `<seller domain>._report._dmarc.<its domain>`
   * (RFC 7489 §7.1), so the suggestion names a mailbox on the seller's own domain, and the
   * explanation says what SUPPORT_EMAIL's domain would have to publish.
   */
  supportEmail: string;
}

/** The parts of a sending domain its records are made from. */
export interface DomainKey {
  domain: string;
  dkimSelector: string;
  dkimPublicKey: string;
}

/** One record after a lookup; a failed lookup keeps the status it had and says so. */
export interface RecordFinding {
  record: DnsRecordCheck;
  lookupFailed: boolean;
}

type Judgement = { status: Exclude<DnsRecordStatus, 'unchecked'>; explanation: string };

/** The records to publish, not looked up yet, in the order the seller reads them. */
export function expectedRecords(key: DomainKey, settings: RecordSettings): DnsRecordCheck[] {
  const { domain } = key;
  const records: Array<Omit<DnsRecordCheck, 'status' | 'explanation'>> = [
    {
      purpose: 'dkim',
      type: 'TXT',
      name: `${key.dkimSelector}._domainkey.${domain}`,
      value: `v=DKIM1; k=rsa; p=${key.dkimPublicKey}`,
      required: true,
    },
    settings.spfMode === 'return-path'
      ? {
          purpose: 'return-path',
          type: 'CNAME',
          name: `${RETURN_PATH_LABEL}.${domain}`,
          value: settings.bounceDomain,
          required: true,
        }
      : {
          purpose: 'spf',
          type: 'TXT',
          name: domain,
          value: `v=spf1 include:${settings.spfInclude} ~all`,
          required: true,
        },
    {
      purpose: 'dmarc',
      type: 'TXT',
      name: `_dmarc.${domain}`,
      value: `v=DMARC1; p=none; rua=mailto:${dmarcReportMailbox(domain)}`,
      required: false,
    },
  ];
  return records.map((record) => ({
    ...record,
    status: 'unchecked',
    explanation: whatItDoes(record.purpose, domain, settings),
  }));
}

/** Where the suggested DMARC record sends aggregate reports: a mailbox on the seller's domain. */
export function dmarcReportMailbox(domain: string): string {
  return `dmarc@${domain}`;
}

/**
 * What it takes for reports to reach an address on another domain, in the seller's words: that
 * domain's authorisation record (RFC 7489 §7.1), with SUPPORT_EMAIL as the example.
 */
function reportsElsewhere(domain: string, supportEmail: string): string {
  const supportDomain = supportEmail.slice(supportEmail.lastIndexOf('@') + 1).toLowerCase();
  if (supportDomain === domain) return '';
  return ` Reports to an address on another domain are dropped unless that domain publishes a TXT record ${domain}._report._dmarc.<that domain> with the value "v=DMARC1": to use ${supportEmail}, ${supportDomain} must publish ${domain}._report._dmarc.${supportDomain}, so ask support first.`;
}

/**
 * The records as the seller should see them now: the ones the current settings ask for, each with
 * its last finding if that finding was about this very record (the operator may have changed the
 * SPF mode since, or the bounce domain).
 */
export function currentRecords(
  key: DomainKey,
  settings: RecordSettings,
  stored: readonly DnsRecordCheck[],
): DnsRecordCheck[] {
  return expectedRecords(key, settings).map(
    (record) => stored.find((found) => isSameRecord(found, record)) ?? record,
  );
}

/** Looks every record up and judges what is there. */
export async function checkRecords(
  key: DomainKey,
  settings: RecordSettings,
  lookup: DnsLookup,
  previous: readonly DnsRecordCheck[],
): Promise<RecordFinding[]> {
  return Promise.all(
    expectedRecords(key, settings).map((record) =>
      checkRecord(record, lookup, previous, key.domain),
    ),
  );
}

/**
 * The CNAME that makes `host` the seller's branded link host: it points at Thankly's link host
 * (LINK_HOST, by default APP_URL's), which the operator's proxy serves over TLS for it.
 */
export function expectedLinkRecord(host: string, target: string): DnsRecordCheck {
  return {
    purpose: 'link',
    type: 'CNAME',
    name: host,
    value: target,
    required: true,
    status: 'unchecked',
    explanation: `Once found, the links and the open pixel in your emails use ${host} instead of Thankly's address, so every address in them is on your domain.`,
  };
}

/** Looks the link host's CNAME up and judges it, as each sending-domain record is. */
export function checkLinkRecord(
  host: string,
  target: string,
  lookup: DnsLookup,
  previous: readonly DnsRecordCheck[],
  domain: string,
): Promise<RecordFinding> {
  return checkRecord(expectedLinkRecord(host, target), lookup, previous, domain);
}

async function checkRecord(
  record: DnsRecordCheck,
  lookup: DnsLookup,
  previous: readonly DnsRecordCheck[],
  domain: string,
): Promise<RecordFinding> {
  const result =
    record.type === 'TXT' ? await lookup.txt(record.name) : await lookup.cname(record.name);
  if ('failure' in result) {
    const before = previous.find((found) => isSameRecord(found, record));
    return {
      record: {
        ...record,
        status: before?.status ?? 'unchecked',
        explanation: `The DNS lookup failed just now (${result.failure}), so this record could not be checked. Nothing changes until it can be: try Verify again in a few minutes.`,
      },
      lookupFailed: true,
    };
  }
  return { record: { ...record, ...judge(record, result.values, domain) }, lookupFailed: false };
}

/**
 * Verified once every required record is found. A domain that was verified and now misses one is
 * failing (its mail goes from Thankly's address meanwhile). A lookup that failed proves nothing
 * either way, so it leaves the status as it was.
 */
export function nextDomainStatus(
  current: SendingDomainStatus,
  findings: readonly RecordFinding[],
): SendingDomainStatus {
  const required = findings.filter((finding) => finding.record.required);
  if (required.some((finding) => !finding.lookupFailed && finding.record.status !== 'ok'))
    return current === 'pending' ? 'pending' : 'failing';
  if (required.some((finding) => finding.lookupFailed)) return current;
  return 'verified';
}

function isSameRecord(a: DnsRecordCheck, b: DnsRecordCheck): boolean {
  return a.purpose === b.purpose && a.name === b.name && a.value === b.value;
}

function whatItDoes(
  purpose: DnsRecordCheck['purpose'],
  domain: string,
  settings: RecordSettings,
): string {
  switch (purpose) {
    case 'dkim':
      return `Signs your emails, so inboxes can tell they really come from ${domain}.`;
    case 'return-path':
      return `Sends bounces back to Thankly through ${domain}, so SPF passes for your domain.`;
    case 'spf':
      return `Allows Thankly's mail relay to send email for ${domain} (SPF).`;
    case 'link':
      return `Puts the links and the open pixel in your emails on your own domain.`;
    case 'dmarc':
      return `Recommended: tells inboxes what to do with mail that fails these checks, and sends daily reports to ${dmarcReportMailbox(domain)} (create that mailbox or an alias first, or change the address to one of yours at ${domain}).${reportsElsewhere(domain, settings.supportEmail)}`;
  }
}

const NOT_FOUND_YET =
  'New records can take from a few minutes to a few hours to be seen: if you just added it, verify again later.';

function judge(record: DnsRecordCheck, values: string[], domain: string): Judgement {
  switch (record.purpose) {
    case 'dkim':
      return judgeDkim(record, values, domain);
    case 'return-path':
      return judgeReturnPath(record, values, domain);
    case 'spf':
      return judgeSpf(record, values);
    case 'dmarc':
      return judgeDmarc(record, values, domain);
    case 'link':
      return judgeLinkHost(record, values, domain);
  }
}

/** A DKIM record's tags (v=, k=, p=, ...) by lower-case name. */
function dkimTags(text: string): Map<string, string> {
  const tags = new Map<string, string>();
  for (const part of text.split(';')) {
    const at = part.indexOf('=');
    if (at > 0) tags.set(part.slice(0, at).trim().toLowerCase(), part.slice(at + 1));
  }
  return tags;
}

/** Keys are compared without the spaces and quotes a long value picks up when pasted in pieces. */
const bareKey = (value: string | undefined) => (value ?? '').replace(/[\s"]/g, '');

function judgeDkim(record: DnsRecordCheck, values: string[], domain: string): Judgement {
  const ours = bareKey(dkimTags(record.value).get('p'));
  const published = values.map(dkimTags);
  if (published.some((tags) => bareKey(tags.get('p')) === ours))
    return { status: 'ok', explanation: 'Found: your emails are signed with this key.' };
  if (values.length === 0)
    return {
      status: 'missing',
      explanation: `No TXT record at ${record.name} yet. Add one with the value shown (some DNS providers want the name without .${domain}). ${NOT_FOUND_YET}`,
    };
  if (published.some((tags) => tags.has('p')))
    return {
      status: 'wrong',
      explanation: `A DKIM record is published at ${record.name}, but with a different key. Replace its value with the one shown, all of it: the key is long, and one missing character breaks it.`,
    };
  return {
    status: 'wrong',
    explanation: `There is a TXT record at ${record.name}, but it is not the DKIM key shown. Replace its value with the one shown.`,
  };
}

const hostName = (name: string) => name.trim().toLowerCase().replace(/\.$/, '');

function judgeReturnPath(record: DnsRecordCheck, values: string[], domain: string): Judgement {
  const target = hostName(record.value);
  if (values.some((value) => hostName(value) === target))
    return {
      status: 'ok',
      explanation: 'Found: bounces come back through your domain, so SPF passes for it.',
    };
  if (values.length === 0)
    return {
      status: 'missing',
      explanation: `No CNAME record at ${record.name} yet. Add one pointing to ${record.value} (some DNS providers want the name without .${domain}). ${NOT_FOUND_YET}`,
    };
  return {
    status: 'wrong',
    explanation: `${record.name} points to ${values.map(hostName).join(', ')} instead of ${record.value}. Change the CNAME's target to ${record.value}.`,
  };
}

function judgeLinkHost(record: DnsRecordCheck, values: string[], domain: string): Judgement {
  const target = hostName(record.value);
  if (values.some((value) => hostName(value) === target))
    return {
      status: 'ok',
      explanation: `Found: the links and the open pixel in your emails now use ${record.name}.`,
    };
  if (values.length === 0)
    return {
      status: 'missing',
      explanation: `No CNAME record at ${record.name} yet. Add one pointing to ${record.value} (some DNS providers want the name without .${domain}). Until it is found, links go through Thankly's address as before. ${NOT_FOUND_YET}`,
    };
  return {
    status: 'wrong',
    explanation: `${record.name} points to ${values.map(hostName).join(', ')} instead of ${record.value}. Change the CNAME's target to ${record.value}; until then, links go through Thankly's address.`,
  };
}

function judgeSpf(record: DnsRecordCheck, values: string[]): Judgement {
  const include = /include:(\S+)/.exec(record.value)?.[1] ?? '';
  const spfRecords = values.filter((value) => /^v=spf1(\s|$)/i.test(value.trim()));
  if (spfRecords.length === 0)
    return {
      status: 'missing',
      explanation: `No SPF record on ${record.name} yet. Add a TXT record on ${record.name} itself (many DNS providers call this name @) with the value shown. ${NOT_FOUND_YET}`,
    };
  if (spfRecords.length > 1)
    return {
      status: 'wrong',
      explanation: `${record.name} has ${spfRecords.length} SPF records. A domain may have only one: with more, SPF fails for all mail from it. Merge them into one record that has include:${include}.`,
    };
  const spf = spfRecords[0]!.trim();
  // "include:x" and "+include:x" pass; "~include:x" and "-include:x" would not authorise us.
  const includesOurs = spf
    .split(/\s+/)
    .some((term) => term.toLowerCase().replace(/^\+/, '') === `include:${include.toLowerCase()}`);
  if (includesOurs)
    return {
      status: 'ok',
      explanation: `Found: your SPF record lets Thankly's mail relay send for ${record.name}.`,
    };
  return {
    status: 'wrong',
    explanation: `${record.name} already has an SPF record ("${spf}"), but it does not include ${include}. Add include:${include} to that record, before its ~all or -all. Do not add a second SPF record: with two, SPF fails for all mail from your domain.`,
  };
}

function judgeDmarc(record: DnsRecordCheck, values: string[], domain: string): Judgement {
  if (values.some((value) => /^v=DMARC1\s*(;|$)/i.test(value.trim())))
    return {
      status: 'ok',
      explanation:
        'Found: DMARC is set up. With p=none inboxes only send reports; once they show your mail passing, move to p=quarantine.',
    };
  return {
    status: 'missing',
    explanation: `Recommended, not required: no DMARC record at ${record.name} yet. It tells inboxes what to do with mail that claims to come from ${domain} but fails these checks. Start with p=none, which only asks for reports, and move to p=quarantine once everything passes. The record shown sends the reports to ${dmarcReportMailbox(domain)}: create that mailbox or an alias first.`,
  };
}
