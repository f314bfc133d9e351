/*
 * Who fetched a pixel or followed a link: a person, a mail-privacy proxy, or a security scanner.
 * Decided from the user agent and how soon after sending, the facts every request carries; the
 * report applies the timing rules again from the send record (insights-report.ts), since a
 * scanner may fetch before the send is written. Machines are counted apart so the seller's open
 * and click numbers are about people. Opens and clicks follow the same rules:
 * - a known scanner or script agent, or none at all: a scanner;
 * - Apple's privacy proxy (bare "Mozilla/5.0"): a proxy open (it fetches on delivery, read or not);
 * - within SCANNER_SECONDS of sending: a scanner checking the email on delivery;
 * - clicks on two or more links of one email within BURST_SECONDS of each other (and any open
 *   among them): a scanner following every link at once (report only: it needs the other events);
 * - Gmail's and Yahoo's image proxies: a person, since they fetch when the person opens the email.
 */

export type TrackingAgent = 'person' | 'proxy' | 'scanner';

export interface FetchFacts {
  kind: 'open' | 'click';
  userAgent: string | undefined;
  /** Seconds between the email being sent and this request (null when it was never sent). */
  secondsSinceSent: number | null;
}

/** An open or click this soon after sending is a scanner checking the email on delivery. */
export const SCANNER_SECONDS = 10;

/** Different links of one email followed this close together: a machine, no person clicks so fast. */
export const BURST_SECONDS = 2;

/**
 * Apple Mail Privacy Protection fetches every image on delivery, opened or not, from Apple's
 * proxies with the bare user agent "Mozilla/5.0".
 */
const APPLE_PRIVACY_PROXY = /^Mozilla\/5\.0$/;

/** Link and attachment scanners, previewers and scripts: nobody reading. */
const SCANNER = new RegExp(
  [
    'Microsoft Office/', // Office "existence discovery" and Outlook link previews
    'Microsoft Office Existence Discovery',
    'BingPreview',
    'Barracuda',
    'Proofpoint',
    'urldefense',
    'Mimecast',
    'Google-Safety',
    'HeadlessChrome',
    'PhantomJS',
    'curl/',
    'Wget/',
    'python-requests',
    'python-urllib',
    'aiohttp',
    'Go-http-client',
    'okhttp',
    'Java/',
    'libwww-perl',
    'node-fetch',
    'axios/',
    'undici',
    'bot\\b',
    'crawler',
    'spider',
    'scanner',
  ].join('|'),
  'i',
);

export function classifyFetch({ kind, userAgent, secondsSinceSent }: FetchFacts): TrackingAgent {
  const agent = userAgent?.trim() ?? '';
  if (!agent) return 'scanner';
  if (APPLE_PRIVACY_PROXY.test(agent)) return kind === 'open' ? 'proxy' : 'scanner';
  if (SCANNER.test(agent)) return 'scanner';
  if (secondsSinceSent !== null && secondsSinceSent < SCANNER_SECONDS) return 'scanner';
  // Browsers and mail apps, and Gmail's and Yahoo's image proxies (GoogleImageProxy,
  // YahooMailProxy), which fetch when the person opens the email and cache after: a person.
  return 'person';
}
