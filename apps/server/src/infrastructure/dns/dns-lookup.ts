import { Resolver } from 'node:dns/promises';

/** What one DNS query found: the records there (none is an answer too), or why nothing answered. */
export type LookupResult = { values: string[] } | { failure: string };

export interface DnsLookup {
  /** Every TXT record at `name`, each with its character-strings joined. */
  txt(name: string): Promise<LookupResult>;
  cname(name: string): Promise<LookupResult>;
}

/** Long enough for a slow authoritative server, short enough that Verify answers while watched. */
const TIMEOUT_MS = 3000;
const TRIES = 2;

/** The answers that say "nothing there" rather than "no answer". */
const NOTHING_THERE = new Set(['ENOTFOUND', 'ENODATA']);

/** Why there was no answer, in the words a seller reads. */
const FAILURES: Record<string, string> = {
  ETIMEOUT: 'no DNS server answered in time',
  ESERVFAIL: "your domain's DNS servers answered with an error",
  EREFUSED: 'the DNS server refused to answer',
  ECONNREFUSED: 'the DNS server could not be reached',
};

/**
 * DNS as the domain checks read it: only TXT and CNAME queries, only for names made from a
 * seller's validated domain, only to the configured servers (DNS_SERVERS, e.g. 127.0.0.1:53535
 * in tests) or the system's. Nothing here connects to an address a seller chose.
 */
export function createDnsLookup(settings: { dnsServers: string[] | undefined }): DnsLookup {
  const resolver = new Resolver({ timeout: TIMEOUT_MS, tries: TRIES });
  if (settings.dnsServers?.length) resolver.setServers(settings.dnsServers);
  return {
    txt: (name) =>
      answer(resolver.resolveTxt(name).then((records) => records.map((chunks) => chunks.join('')))),
    cname: (name) => answer(resolver.resolveCname(name)),
  };
}

async function answer(query: Promise<string[]>): Promise<LookupResult> {
  try {
    return { values: await query };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unknown';
    if (NOTHING_THERE.has(code)) return { values: [] };
    return { failure: FAILURES[code] ?? `the DNS server answered ${code}` };
  }
}
