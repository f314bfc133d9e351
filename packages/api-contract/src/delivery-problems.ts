/** What a bounce or complaint did to an order after it was sent. */
export const DELIVERY_PROBLEMS = ['bounced', 'complained'] as const;
export type DeliveryProblem = (typeof DELIVERY_PROBLEMS)[number];
