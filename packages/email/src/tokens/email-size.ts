import { MAX_EMAIL_HTML_BYTES } from '../schema/limits.ts';
import { fillTokens, type TokenName } from './tokens.ts';

/** What sending adds after the design is rendered (the unsubscribe footer and its link). */
const SEND_TIME_ALLOWANCE_BYTES = 2 * 1024;

/** The longest a marketplace plausibly fills each token: a design is sized for its worst order. */
const longestTokenValues: Readonly<Record<TokenName, string>> = {
  'customer-first-name': 'M'.repeat(40),
  'customer-last-name': 'M'.repeat(60),
  'order-number': '9'.repeat(24),
  'order-date': 'September 30, 2026',
  'product-title-list': Array.from({ length: 10 }, () => 'W'.repeat(70)).join(', '),
  'shop-name': 'W'.repeat(60),
  'shop-url': `https://${'w'.repeat(60)}.example/${'w'.repeat(120)}`,
  'review-link': `https://${'w'.repeat(60)}.example/${'w'.repeat(120)}`,
  'coupon-code': 'W'.repeat(32),
  'order-total': '€ 9,999,999.99',
  'tracking-link': `https://${'w'.repeat(40)}.example/track/${'w'.repeat(200)}`,
  // Carriers' numbers run to about 35 characters (DHL's longest); Etsy's field has no stated limit.
  'tracking-number': 'W'.repeat(64),
  'order-count': '9'.repeat(6),
  // Never longer than the seller's own words, which the design already holds.
  'welcome-back': 'Welcome back!',
};

// TextEncoder rather than Buffer: the editor runs this too.
const utf8 = new TextEncoder();

/** Bytes of the email a design's worst plausible order would send. */
export function worstCaseEmailBytes(renderedHtml: string): number {
  const filled = fillTokens(renderedHtml, longestTokenValues, { escape: 'html' });
  return utf8.encode(filled).length + SEND_TIME_ALLOWANCE_BYTES;
}

/** Why a rendered design is too large to send whole, or null when it fits. */
export function emailSizeProblem(renderedHtml: string): string | null {
  const bytes = worstCaseEmailBytes(renderedHtml);
  if (bytes <= MAX_EMAIL_HTML_BYTES) return null;
  return (
    `This email would be about ${Math.ceil(bytes / 1024)} KB; Gmail cuts emails over 102 KB and ` +
    `hides the rest, unsubscribe link included. Keep it under ${MAX_EMAIL_HTML_BYTES / 1024} KB: ` +
    'remove some blocks, shorten long text, or use image links instead of pasted images.'
  );
}
