import type { ByHandReason } from '@thankly/api-contract';

/** Someone else's words (a receiving server's, an operator's) inside our sentence: no full stop of their own. */
export function withoutFullStop(words: string): string {
  return words.trim().replace(/[.\s]+$/, '');
}

/** Why an order got no email, in words for the seller's activity list. */
export const SKIP_REASONS = {
  paused: 'Sending was paused when this order arrived.',
  pausedNow: 'Sending is paused.',
  /** A blocked email is sent again from the version it was made from, kept for the newest 50. */
  versionGone: 'The template version it was made from is no longer kept.',
  unsubscribed: 'The buyer unsubscribed from this shop’s emails.',
  noTemplate: 'No template was selected for future emails.',
  dailyLimit: (limit: number, planName: string) =>
    `Today’s limit of ${limit} emails on the ${planName} plan was reached.`,
  /**
   * The order waits for a printed card or a marketplace message instead of an email. `words` are
   * the shop's marketplace's (its MarketplaceModule in marketplace/registry.ts).
   */
  byHand: (why: ByHandReason, words: { withheldAddressText: string; buyerMessageName: string }) =>
    why === 'print-preferred'
      ? 'This shop is set to thank buyers with a printed card or a marketplace message, so no email was sent.'
      : `${words.withheldAddressText} Thank them with a printed card or ${words.buyerMessageName} instead.`,
  refusedRecipient: (problem: string) =>
    `The buyer’s email address from the marketplace was not one plain address (it had ${problem}), so Thankly did not send anything: a thank-you goes to exactly one buyer.`,
  unverified:
    'Your account’s email address is not confirmed yet, so Thankly sent nothing. Open the link we emailed you (or ask for a new one in your account) to start sending.',
  suspended: (reason: string | null) =>
    `Sending from this account was suspended by Thankly${reason?.trim() ? `: ${withoutFullStop(reason)}` : ''}. Contact support to have it lifted.`,
  /** Bounce or complaint rate past its limit: sending stopped until an operator looks. */
  deliveryPaused: (reason: string | null) =>
    reason?.trim() ||
    'Sending was paused automatically because too many emails bounced or were reported as spam.',
  suppressed: (reason: string) =>
    `Earlier email to this address bounced (${withoutFullStop(reason)}), so Thankly did not send it again.`,
  /** A hard bounce of another shop's email: said without naming that shop. */
  platformSuppressed: (reason: string) =>
    `This address does not exist: ${withoutFullStop(reason)}. Thankly emails it no more, for any shop, so it did not send this.`,
  /** The relay took the whole message and the connection failed before its reply. */
  unconfirmed:
    'The mail server received this email but the connection dropped before it confirmed it. It may have been delivered, so Thankly did not send it again.',
  interrupted:
    'Sending was interrupted while the email was being handed to the mail server. It may have been delivered, so Thankly did not send it again.',
  failed: (attempts: number, error: string) =>
    `Could not send after ${attempts} attempts: ${error}`,
  unreadableOrder:
    'This order’s details as stored could not be read (it was recorded by an older version of Thankly), so Thankly sent nothing.',
  unreadableDesign:
    'The template’s saved design could not be read, so Thankly sent nothing. Open the template in the editor and save it again; later orders will use it.',
  stalled:
    'the worker stopped each time before the email reached the mail server, so nothing was delivered',
};
