import { MAX_EMAIL_HTML_BYTES } from '../schema/limits.ts';
import type { TokenName } from './tokens.ts';

/**
 * The longest a marketplace plausibly fills each token: a design is sized for its worst order. The
 * server measures an email as it will be sent with these (apps/server/src/buyer-email/sent-size.ts).
 */
export const longestTokenValues: Readonly<Record<TokenName, string>> = {
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

/**
 * Why an email of `sentBytes` (its HTML as sent for the longest order: links tracked, footer
 * included) may not be saved, or null when it fits. The save check and the deliverability check
 * say the same thing about the same number.
 */
export function emailSizeProblem(sentBytes: number): string | null {
  if (sentBytes <= MAX_EMAIL_HTML_BYTES) return null;
  return (
    `This email would be up to ${Math.ceil(sentBytes / 1024)} KB as buyers get it (tracked links, ` +
    'the longest order details and the unsubscribe footer included); Gmail cuts emails over 102 KB ' +
    `and hides the rest, unsubscribe link included. Keep it under ${MAX_EMAIL_HTML_BYTES / 1024} KB: ` +
    'remove some blocks or links, shorten long text, or use image links instead of pasted images.'
  );
}
