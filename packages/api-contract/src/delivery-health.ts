// The delivery-health thresholds with no schema library: the dashboard shows them without loading
// zod. deliverability.ts re-exports them with its schemas.
export const BOUNCE_RATE_LIMIT = 0.05;
export const COMPLAINT_RATE_LIMIT = 0.003;
export const HEALTH_WINDOW_DAYS = 30;
export const HEALTH_MINIMUM_SAMPLE = 100;
/**
 * The small sender's rule, judged however few emails were sent: this many hard bounces (no such
 * mailbox) among the seller's last SMALL_SENDER_RECENT_EMAILS emails pause sending. A mailbox
 * provider rates Thankly's shared domain, not the seller, so a list of dead addresses matters
 * long before the 100 emails the rates wait for.
 */
export const SMALL_SENDER_HARD_BOUNCES = 3;
export const SMALL_SENDER_RECENT_EMAILS = 10;
