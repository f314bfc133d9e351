// At start, a look at the DNS records MAIL_FROM's domain and the return-path domain need (the
// docs/operating.md's Deliverability section lists them), with a warning in the log for each one missing or
// wrong. It never holds start up and never stops the server: DNS is the operator's to fix.
import { type Config, isRealMailDomain } from '../config/env.ts';
import type { Logger } from '../logging/logger.ts';
import { type DnsLookup, createDnsLookup } from '../dns/dns-lookup.ts';
import type { PlatformDkim } from './platform-dkim.ts';

/** What the check looks for: everything is read from the settings Thankly runs with. */
export interface SenderDomains {
  /** MAIL_FROM's domain: DKIM and DMARC live here, and SPF for mail sent without a return path. */
  mailFromDomain: string;
  /** BOUNCE_DOMAIN: the envelope sender of every buyer email, so SPF is checked here. */
  bounceDomain: string;
  dkim: PlatformDkim['record'];
  /** The relay's SPF include (SPF_INCLUDE), when the operator named one. */
  spfInclude: string | undefined;
}

export interface SenderDnsProblem {
  record: 'spf' | 'dkim' | 'dmarc';
  name: string;
  /** What is wrong and what to publish, for the operator. */
  message: string;
}

const publicKeyOf = (record: string) =>
  /(?:^|;)\s*p=([^;]*)/i.exec(record)?.[1]?.replace(/\s+/g, '');

/** Every record missing or wrong; an empty list when all are as docs/operating.md says. */
export async function checkSenderDns(
  domains: SenderDomains,
  lookup: DnsLookup,
): Promise<SenderDnsProblem[]> {
  const problems: SenderDnsProblem[] = [];
  const spfValue = `v=spf1 ${domains.spfInclude ? `include:${domains.spfInclude}` : '<your relay’s mechanism, e.g. include:… or ip4:…>'} ~all`;

  const dkimName = domains.dkim.name;
  const dkim = await lookup.txt(dkimName);
  const wanted = publicKeyOf(domains.dkim.value);
  if ('failure' in dkim)
    problems.push({
      record: 'dkim',
      name: dkimName,
      message: `could not look up the DKIM record (${dkim.failure})`,
    });
  else if (!dkim.values.some((value) => publicKeyOf(value) === wanted))
    problems.push({
      record: 'dkim',
      name: dkimName,
      message: `${dkim.values.length === 0 ? 'no DKIM record' : 'the DKIM record holds another key'}: publish TXT ${dkimName} "${domains.dkim.value}", or mail From ${domains.mailFromDomain} fails DKIM`,
    });

  const spfDomains = [...new Set([domains.mailFromDomain, domains.bounceDomain])];
  for (const name of spfDomains) {
    const spf = await lookup.txt(name);
    if ('failure' in spf) {
      problems.push({ record: 'spf', name, message: `could not look up SPF (${spf.failure})` });
      continue;
    }
    const records = spf.values.filter((value) => /^v=spf1(\s|$)/i.test(value.trim()));
    if (records.length === 0)
      problems.push({
        record: 'spf',
        name,
        message: `no SPF record: publish TXT ${name} "${spfValue}"`,
      });
    else if (records.length > 1)
      problems.push({
        record: 'spf',
        name,
        message: `${records.length} SPF records: receivers treat that as an error (RFC 7208 §4.5); merge them into one`,
      });
    else if (
      domains.spfInclude &&
      !new RegExp(`(^|\\s)[+~?-]?include:${escapeRegExp(domains.spfInclude)}(\\s|$)`, 'i').test(
        records[0]!,
      )
    )
      problems.push({
        record: 'spf',
        name,
        message: `the SPF record does not include ${domains.spfInclude} (SPF_INCLUDE): add include:${domains.spfInclude} to "${records[0]}"`,
      });
  }

  const dmarcName = `_dmarc.${domains.mailFromDomain}`;
  const dmarc = await lookup.txt(dmarcName);
  if ('failure' in dmarc)
    problems.push({
      record: 'dmarc',
      name: dmarcName,
      message: `could not look up DMARC (${dmarc.failure})`,
    });
  else if (!dmarc.values.some((value) => /^v=DMARC1\s*(;|$)/i.test(value.trim())))
    problems.push({
      record: 'dmarc',
      name: dmarcName,
      message: `no DMARC record: publish TXT ${dmarcName} "v=DMARC1; p=none; rua=mailto:<a mailbox at ${domains.mailFromDomain}>" (Gmail and Yahoo refuse bulk mail without one)`,
    });
  return problems;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Runs the check in the background and logs what it finds. Tests run it only when they give a
 * DNS server of their own (DNS_SERVERS); elsewhere it runs for a real MAIL_FROM domain (a
 * placeholder such as thankly.local has nothing to find). Returns the check's promise, which
 * never rejects, or null when it does not run.
 */
export function warnAboutSenderDns(
  config: Pick<Config, 'env' | 'mailFrom'> & {
    deliverability: Pick<Config['deliverability'], 'dnsServers' | 'bounceDomain' | 'spfInclude'>;
  },
  dkim: PlatformDkim,
  log: Logger,
): Promise<void> | null {
  const { dnsServers, bounceDomain, spfInclude } = config.deliverability;
  const mailFromDomain = dkim.key.domainName;
  const runs = dnsServers?.length
    ? true
    : config.env !== 'test' && isRealMailDomain(config.mailFrom);
  if (!runs) return null;
  const lookup = createDnsLookup({ dnsServers });
  return checkSenderDns(
    { mailFromDomain, bounceDomain, dkim: dkim.record, spfInclude },
    lookup,
  ).then(
    (problems) => {
      for (const problem of problems)
        log.warn(
          { alert: 'sender-dns', record: problem.record, name: problem.name },
          `sender DNS: ${problem.record.toUpperCase()} at ${problem.name}: ${problem.message}`,
        );
      if (problems.length === 0)
        log.info({ mailFromDomain, bounceDomain }, 'sender DNS: SPF, DKIM and DMARC records found');
    },
    (error: unknown) => log.warn({ err: String(error) }, 'sender DNS: the check could not run'),
  );
}
