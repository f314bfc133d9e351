// How big an email is as it will be sent: the one measure the save check and the deliverability
// check both report. Measured, not estimated: the template goes through composeBuyerEmail, the
// function every buyer email goes through, with every variable part at its longest.
import {
  POSTAL_ADDRESS_MAX_LENGTH,
  POSTAL_ADDRESS_MAX_LINES,
  emailSizeProblem,
  htmlBytes,
  longestTokenValues,
} from '@thankly/email';
import { type BuyerEmailInput, composeBuyerEmail } from './compose-buyer-email.ts';
import { unsubscribeLinkOffset, unsubscribeToken, unsubscribeUrl } from './unsubscribe-links.ts';

/** Ids only fill fixed-length slots (tracked links, the unsubscribe token): any will do. */
const MEASURED_ID = 'ffffffff-ffff-4fff-bfff-ffffffffffff';
/** The longest address a mailbox can have in practice: 64 before the @, a long domain after. */
const LONGEST_RECIPIENT = `${'w'.repeat(64)}@${'w'.repeat(63)}.${'w'.repeat(60)}.example`;
/** The longest postal address the account page takes, on as many lines as it allows. */
const LONGEST_POSTAL_ADDRESS = Array.from({ length: POSTAL_ADDRESS_MAX_LINES }, () =>
  'W'.repeat(Math.floor(POSTAL_ADDRESS_MAX_LENGTH / POSTAL_ADDRESS_MAX_LINES) - 1),
).join('\n');

export interface SentSize {
  /** Bytes of the HTML part as sent. */
  htmlBytes: number;
  /** Where the footer's unsubscribe link starts in it, in bytes. */
  unsubscribeOffset: number;
}

/**
 * The HTML a template is sent as for its longest plausible order: tokens at their longest (the
 * shop's name too), every link rewritten by click tracking (whether or not the seller tracks today:
 * they can turn it on without saving again), the open pixel, and the footer with the longest
 * address and unsubscribe link.
 */
export function measureSentEmail(
  config: BuyerEmailInput['config'],
  template: BuyerEmailInput['template'],
): SentSize {
  const email = composeBuyerEmail({
    config,
    template,
    shop: { id: MEASURED_ID, name: longestTokenValues['shop-name'] },
    sellerId: MEASURED_ID,
    sellerEmail: LONGEST_RECIPIENT,
    postalAddress: LONGEST_POSTAL_ADDRESS,
    recipient: LONGEST_RECIPIENT,
    tokenValues: longestTokenValues,
    tracking: { orderEmailId: MEASURED_ID },
  });
  const link = unsubscribeUrl(
    config.appUrl,
    unsubscribeToken(config.appSecret, MEASURED_ID, LONGEST_RECIPIENT),
  );
  return {
    htmlBytes: htmlBytes(email.html),
    unsubscribeOffset: unsubscribeLinkOffset(email.html, link),
  };
}

/** Why a template may not be saved for its size, or null when it fits (see emailSizeProblem). */
export function sentSizeProblem(
  config: BuyerEmailInput['config'],
  template: BuyerEmailInput['template'],
): string | null {
  return emailSizeProblem(measureSentEmail(config, template).htmlBytes);
}
