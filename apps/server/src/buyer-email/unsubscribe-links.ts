import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import {
  DEFAULT_TEMPLATE_LANGUAGE,
  MAX_EMAIL_HTML_BYTES,
  type TemplateLanguage,
  compactUnsubscribeLink,
  escapeHtml,
  unsubscribeFooter,
  withEarlyUnsubscribeLink,
} from '@thankly/email';

export interface FooterOptions {
  language?: TemplateLanguage;
  postalAddress?: string;
  /** The design's backdrop colour: the footer's colours are computed to read on it. */
  backdropColor?: string;
}

/**
 * What a signed link does. Each has its own key, so the link in every email (unsubscribe) can never
 * be turned into the one that takes it back (undo), which only the confirmation page shows.
 */
type LinkPurpose = 'unsubscribe-links' | 'resubscribe-links';

const keys = new Map<string, Buffer>();

function signingKey(appSecret: string, purpose: LinkPurpose): Buffer {
  const cacheKey = `${purpose}\n${appSecret}`;
  let key = keys.get(cacheKey);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', appSecret, 'thankly', purpose, 32));
    keys.set(cacheKey, key);
  }
  return key;
}

function sign(appSecret: string, purpose: LinkPurpose, shopId: string, email: string): string {
  return createHmac('sha256', signingKey(appSecret, purpose))
    .update(`${shopId}\n${email}`)
    .digest('base64url')
    .slice(0, 32);
}

function signedToken(appSecret: string, purpose: LinkPurpose, shopId: string, email: string) {
  const normalised = email.trim().toLowerCase();
  return `${shopId}.${Buffer.from(normalised).toString('base64url')}.${sign(appSecret, purpose, shopId, normalised)}`;
}

function readSignedToken(
  keys: readonly string[],
  purpose: LinkPurpose,
  token: string,
): { shopId: string; email: string } | null {
  const [shopId, encodedEmail, signature, extra] = token.split('.');
  if (!shopId || !encodedEmail || !signature || extra !== undefined) return null;
  const email = Buffer.from(encodedEmail, 'base64url').toString('utf8');
  const given = Buffer.from(signature);
  const signedByAny = keys.some((key) => {
    const expected = Buffer.from(sign(key, purpose, shopId, email));
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  return signedByAny ? { shopId, email } : null;
}

/** A link only this buyer's email holds: it names the shop and the address, signed with APP_SECRET. */
export function unsubscribeToken(appSecret: string, shopId: string, email: string): string {
  return signedToken(appSecret, 'unsubscribe-links', shopId, email);
}

/** Reads a link signed with any of `keys` (links in old emails outlive an APP_SECRET rotation). */
export function readUnsubscribeToken(
  keys: readonly string[],
  token: string,
): { shopId: string; email: string } | null {
  return readSignedToken(keys, 'unsubscribe-links', token);
}

/** The undo of one unsubscribe, shown only once the buyer has unsubscribed. */
export function resubscribeToken(appSecret: string, shopId: string, email: string): string {
  return signedToken(appSecret, 'resubscribe-links', shopId, email);
}

export function readResubscribeToken(
  keys: readonly string[],
  token: string,
): { shopId: string; email: string } | null {
  return readSignedToken(keys, 'resubscribe-links', token);
}

export function unsubscribeUrl(appUrl: string, token: string): string {
  return `${appUrl}/api/unsubscribe/${token}`;
}

/**
 * The buyer's way out, added to every thank-you email at send time (the editor's preview shows the
 * design alone), in the template's language and with the seller's postal address when they gave
 * one. Inserted before </body>, which the renderer always writes.
 */
export function withUnsubscribeFooter(
  email: { html: string; text: string },
  shopName: string,
  url: string,
  {
    language = DEFAULT_TEMPLATE_LANGUAGE,
    postalAddress = '',
    backdropColor = '',
  }: FooterOptions = {},
): { html: string; text: string } {
  const footer = unsubscribeFooter(language, shopName, url, postalAddress, backdropColor);
  const at = email.html.lastIndexOf('</body>');
  const html =
    at === -1
      ? email.html + footer.html
      : email.html.slice(0, at) + footer.html + email.html.slice(at);
  const text = `${email.text.trimEnd()}\n\n--\n${footer.text}\n`;
  return { html, text };
}

/**
 * How far into a sent email's HTML its unsubscribe link must start: Gmail clips past 102 KB and
 * hides the rest; the save limit (90 KB, as sent for the longest order) leaves room for headers
 * and the MIME around the HTML.
 */
export const UNSUBSCRIBE_WITHIN_BYTES = MAX_EMAIL_HTML_BYTES;

/** The byte offset in `html` of the first link to `url`, or -1 when there is none. */
export function unsubscribeLinkOffset(html: string, url: string): number {
  const at = html.indexOf(`href="${escapeHtml(url)}"`);
  return at === -1 ? -1 : Buffer.byteLength(html.slice(0, at));
}

/**
 * The email as sent, with its way out within UNSUBSCRIBE_WITHIN_BYTES whatever the design: the
 * save check keeps designs under the limit for the longest order, but a template saved before it,
 * or an order longer than any we planned for, could push the footer past Gmail's clip. Then a
 * one-line copy of the link goes first in the body.
 */
export function withUnsubscribeLinkInReach(
  html: string,
  url: string,
  { language = DEFAULT_TEMPLATE_LANGUAGE, backdropColor = '' }: FooterOptions = {},
): string {
  const offset = unsubscribeLinkOffset(html, url);
  if (offset !== -1 && offset < UNSUBSCRIBE_WITHIN_BYTES) return html;
  return withEarlyUnsubscribeLink(html, compactUnsubscribeLink(language, url, backdropColor));
}
