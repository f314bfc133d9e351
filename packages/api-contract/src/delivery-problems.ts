/**
 * What a report did to an order after it was sent: the buyer's mail server refused the address
 * (bounced), the buyer marked it as spam (complained), or a receiving server refused Thankly's
 * relay rather than the buyer (blocked: sent again later, up to a limit).
 */
export const DELIVERY_PROBLEMS = ['bounced', 'complained', 'blocked'] as const;
export type DeliveryProblem = (typeof DELIVERY_PROBLEMS)[number];

/** The problems that mean the email never reached the buyer's mailbox. */
export const UNDELIVERED_PROBLEMS: readonly DeliveryProblem[] = ['bounced', 'blocked'];
