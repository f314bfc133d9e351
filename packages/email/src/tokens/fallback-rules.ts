// A token's fallback is written by the seller and lands in the email as it is. Where it can become
// a link or image target, it must be one a buyer may safely open; anywhere else it still may not
// look like an address with a scheme other than the web, email or phone. Checked when a template
// is saved (a clear refusal), on top of the send-time check that drops unsafe targets anyway.
import { browserUrl, decodeAttribute } from '../render/url-attributes.ts';
import { findTokenFallbacks } from './tokens.ts';

const SAFE_SCHEMES = new Set(['http', 'https', 'mailto', 'tel']);
const SCHEME = /^([a-z][a-z0-9+.-]*):(?=\S)/i;
const SAFE_LINK_FALLBACK = /^(https?:\/\/|mailto:|tel:)\S/i;
const SAFE_IMAGE_FALLBACK = /^https?:\/\/\S/i;

const START_TAG = /<[a-zA-Z][a-zA-Z0-9:-]*(\s[^>]*?)?\/?>/g;
const URL_ATTRIBUTE = /\s(href|src|background)\s*=\s*("[^"]*"|'[^']*'|[^\s"'=<>`]+)/gi;

export const LINK_FALLBACK_MESSAGE =
  'A token used in a link or image address may only fall back to a full web address (https://…, or mailto: for a link)';
export const SCHEME_FALLBACK_MESSAGE =
  'A token’s fallback may not be an address with a scheme other than http(s), mailto or tel';

function otherScheme(text: string): boolean {
  const scheme = SCHEME.exec(browserUrl(decodeAttribute(text)))?.[1]?.toLowerCase();
  return scheme !== undefined && !SAFE_SCHEMES.has(scheme);
}

/**
 * Whether a token's fallback may stand as a link's (web, mailto) or an image's (web) address: the
 * save check and the editor's checks panel judge a fallback by this one rule.
 */
export function isSafeTargetFallback(target: 'link' | 'image', fallback: string): boolean {
  const address = browserUrl(fallback);
  return (
    address === '' || (target === 'link' ? SAFE_LINK_FALLBACK : SAFE_IMAGE_FALLBACK).test(address)
  );
}

/** The first fallback inside a link or image target that could change what it opens. */
function unsafeTargetFallback(html: string): string | null {
  for (const [, attributes] of html.matchAll(START_TAG)) {
    if (!attributes) continue;
    for (const [, kind = '', quoted = ''] of attributes.matchAll(URL_ATTRIBUTE)) {
      const value = decodeAttribute(quoted.replace(/^["']|["']$/g, ''));
      const firstToken = value.indexOf('[');
      if (firstToken === -1) continue;
      // A literal safe scheme before any token fixes what the target opens: tokens after it
      // only fill in a path or a query.
      if (/^(https?:|mailto:|tel:)/i.test(browserUrl(value.slice(0, firstToken)))) continue;
      const target = kind.toLowerCase() === 'href' ? 'link' : 'image';
      for (const { match, fallback } of findTokenFallbacks(value)) {
        if (!isSafeTargetFallback(target, fallback)) return match;
      }
    }
  }
  return null;
}

/**
 * Why a template's token fallbacks are refused, or null. `html` is the design rendered with its
 * tokens still in place; `subject` is the template's subject line.
 */
export function unsafeFallbackProblem(html: string, subject: string): string | null {
  const inTarget = unsafeTargetFallback(html);
  if (inTarget) return `${LINK_FALLBACK_MESSAGE}: ${decodeAttribute(inTarget)}`;
  for (const text of [decodeAttribute(html), subject]) {
    for (const { match, fallback } of findTokenFallbacks(text)) {
      if (otherScheme(fallback)) return `${SCHEME_FALLBACK_MESSAGE}: ${match}`;
    }
  }
  return null;
}
