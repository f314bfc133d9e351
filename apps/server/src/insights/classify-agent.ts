/*
 * Who fetched a pixel or followed a link: a person, a mail-privacy proxy, or a security scanner.
 * Decided from the user agent (and, for clicks, how soon after sending), the facts every request
 * carries. Machines are counted apart so the seller's open and click numbers are about people.
 */

export type TrackingAgent = 'person' | 'proxy' | 'scanner';

export interface FetchFacts {
  kind: 'open' | 'click';
  userAgent: string | undefined;
  /** Seconds between the email being sent and this request (null when it was never sent). */
  secondsSinceSent: number | null;
}

/** A click this soon after sending is a scanner checking links on delivery, not the buyer. */
export const SCANNER_CLICK_SECONDS = 10;

/**
 * Proxies that fetch images when the person opens the email, and cache them after: an open by a
 * person, seen once per email (Gmail, Yahoo and AOL).
 */
const OPEN_TIME_PROXY = /GoogleImageProxy|YahooMailProxy/i;

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
  if (OPEN_TIME_PROXY.test(agent)) return 'person';
  if (APPLE_PRIVACY_PROXY.test(agent)) return kind === 'open' ? 'proxy' : 'scanner';
  if (SCANNER.test(agent)) return 'scanner';
  if (kind === 'click' && secondsSinceSent !== null && secondsSinceSent < SCANNER_CLICK_SECONDS)
    return 'scanner';
  return 'person';
}
