// Link shorteners hide where a link leads, so spammers use them and filters (Spamhaus' and
// SURBL's lists, Gmail's own) count them against an email. A shop links to its own address instead.

/** Hosts of public shortening services; a subdomain of one (www.bit.ly) counts as that service. */
export const URL_SHORTENER_HOSTS: ReadonlySet<string> = new Set([
  'bit.ly',
  'bitly.com',
  'bl.ink',
  'buff.ly',
  'cutt.ly',
  'goo.gl',
  'is.gd',
  'lnkd.in',
  'ow.ly',
  'rb.gy',
  'rebrand.ly',
  's.id',
  'shorturl.at',
  't.co',
  't.ly',
  'tiny.cc',
  'tinyurl.com',
  'tr.im',
  'v.gd',
  'qrco.de',
  'shorte.st',
  'adf.ly',
  'soo.gd',
  'clck.ru',
  'x.co',
  'short.io',
  'tiny.one',
  'rotf.lol',
]);

/** The host of an http(s) link, lowercased, or null for anything else (mailto:, a token, junk). */
function webHost(url: string): string | null {
  try {
    const parsed = new URL(url.trim());
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
    return parsed.hostname.toLowerCase().replace(/\.$/, '');
  } catch {
    return null;
  }
}

/** Whether the link goes through a known URL shortener. */
export function isShortenedUrl(url: string): boolean {
  const host = webHost(url);
  if (!host) return false;
  const labels = host.split('.');
  // bit.ly, www.bit.ly, go.bit.ly: every suffix of two labels or more.
  for (let start = 0; start <= labels.length - 2; start += 1) {
    if (URL_SHORTENER_HOSTS.has(labels.slice(start).join('.'))) return true;
  }
  return false;
}
