import { addYears } from 'date-fns/addYears';

/**
 * How long a tracked link or pixel of a sent email stays live, from the email's sending. Past it,
 * a click shows our own page naming the address instead of leading there, and nothing is counted:
 * Thankly's domain must not stay a redirector for links nobody follows any more.
 */
export const TRACKING_LINK_LIFETIME_YEARS = 1;

/**
 * What a genuine tracking token stands for now:
 * - live: the email exists, its seller may send, and it was sent less than a year ago;
 * - unknown: no such email (a sample email's token, or a shop since removed);
 * - suspended: the seller's sending is suspended by the operator;
 * - expired: sent more than TRACKING_LINK_LIFETIME_YEARS ago.
 */
export type LinkState = 'live' | 'unknown' | 'suspended' | 'expired';

export interface TrackedEmailFacts {
  /** Null while the email is being sent (a link scanner may fetch before the send is written). */
  sentAt: Date | null;
  sellerSuspended: boolean;
}

export function linkStateOf(facts: TrackedEmailFacts | undefined, now: Date): LinkState {
  if (!facts) return 'unknown';
  if (facts.sellerSuspended) return 'suspended';
  if (facts.sentAt && now >= addYears(facts.sentAt, TRACKING_LINK_LIFETIME_YEARS)) return 'expired';
  return 'live';
}
