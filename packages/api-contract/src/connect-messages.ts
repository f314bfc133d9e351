import { PLANS, shopLimitMessage } from './plan-catalog.ts';

/**
 * What a marketplace callback tells the seller, by way of `/thankly?connect_error=…`. The
 * dashboard shows only these (and the plan's shop cap): anyone can craft that URL, and words of
 * theirs must not appear on the dashboard as if Thankly said them.
 */
export const CONNECT_MESSAGES = {
  connected: 'Your shop is connected. New paid orders get your thank-you email.',
  failed: 'The shop was not connected. Please try again.',
  incomplete: 'The marketplace sent an incomplete answer.',
  declined: 'You declined the connection.',
  notCompleted: 'The connection was not completed.',
  notAccepted: 'The marketplace did not accept the connection. Please try again.',
  expired: 'This connection link has expired or was already used. Please try again.',
  otherAccount:
    'This connection was started from another Thankly account, so nothing was connected. Sign in as the account that clicked Connect and start again.',
  unavailable: 'This marketplace is not available.',
  takenShop: 'This shop is already connected to another Thankly account.',
  shopifyMissing: 'Shopify is not set up on this server.',
  shopifyIncomplete: 'Shopify sent an incomplete answer. Please try again.',
  shopifyUnsigned: 'That answer was not signed by Shopify, or it is too old. Please try again.',
  shopifyNotAccepted: 'Shopify did not accept the connection. Please try again.',
  wooDeclined:
    'You didn’t approve Thankly in your store, so nothing was connected. Click Connect WooCommerce to try again.',
  wooKeyMissing:
    'Your store didn’t send Thankly its key, so nothing was connected. Click Connect WooCommerce to try again, or enter a key by hand there.',
  wooSetupFailed:
    'Thankly couldn’t set up your store just now, so nothing was connected. Try again in a moment from Connect WooCommerce.',
} as const;

const KNOWN = new Set<string>([...Object.values(CONNECT_MESSAGES), ...PLANS.map(shopLimitMessage)]);

/** The text to show for a callback's `connect_error`: ours as it is, anything else generic. */
export function connectErrorText(fromUrl: string): string {
  return KNOWN.has(fromUrl) ? fromUrl : CONNECT_MESSAGES.failed;
}
