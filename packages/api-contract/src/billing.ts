import { z } from 'zod';
import { billingIntervalSchema } from './plans.ts';

/** POST /billing/checkout: a paid plan and how often to pay. Starter needs no checkout. */
export const checkoutSchema = z.object({
  planId: z.enum(['growth', 'business'], 'Choose the Growth or Business plan.'),
  interval: billingIntervalSchema.default('month'),
});
export type CheckoutInput = z.input<typeof checkoutSchema>;
export type PaidPlanId = CheckoutInput['planId'];

/** POST /stripe/create-checkout-session at registration: the plan as the register form has it. */
export const registrationCheckoutSchema = z.object({
  plan: z.string('Choose a plan.').max(40),
  interval: billingIntervalSchema.default('month'),
});

/** Both billing calls answer with the address the browser goes to next. */
export const billingRedirectSchema = z.object({ url: z.url() });
export type BillingRedirect = z.infer<typeof billingRedirectSchema>;
