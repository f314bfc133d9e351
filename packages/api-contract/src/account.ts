import { z } from 'zod';
import { postalAddressSchema } from '@thankly/email';
import { billingIntervalSchema, planIdSchema } from './plans.ts';
import { DEFAULT_TIME_ZONE } from './time-zones.ts';

export const meSchema = z.object({
  email: z.string(),
  plan: planIdSchema,
  isPaused: z.boolean(),
  emailVerified: z.boolean(),
  /** The address of a requested email change, until its mailed link is followed (or expires). */
  pendingEmail: z.string().nullable(),
  /** Shown in the footer of every buyer email; '' for none. */
  postalAddress: z.string().default(''),
  /** How the paid plan is billed, from the live subscription; null on Starter. */
  billingInterval: billingIntervalSchema.nullable().default(null),
  /** True once the seller has a subscription at the payment provider, so its portal has something to manage. */
  canManageBilling: z.boolean().default(false),
  /** The seller's IANA time zone (PATCH /me/time-zone). */
  timeZone: z.string().default(DEFAULT_TIME_ZONE),
});
export type Me = z.infer<typeof meSchema>;

export const pauseSchema = z.object({ isPaused: z.boolean() });

/**
 * GET /me/pauses/latest: the seller's latest pause and the orders it held back, which get no
 * thank-you unless the seller asks for it (POST /pauses/:id/thank).
 */
export const latestPauseSchema = z.object({
  pause: z
    .object({
      id: z.uuid(),
      pausedAt: z.string(),
      resumedAt: z.string().nullable(),
      /** Orders paid during it, not thanked since. */
      heldOrders: z.number().int(),
    })
    .nullable(),
});
export type LatestPause = z.infer<typeof latestPauseSchema>;

/** POST /pauses/:id/thank: how many thank-yous were queued now. */
export const thankHeldOrdersSchema = z.object({ queued: z.number().int() });

export const PAUSE_MESSAGES = {
  notFound: 'That pause was not found.',
  stillPaused: 'Sending is still paused. Turn it back on first, then thank these buyers.',
} as const;

/** The body of PATCH /me/postal-address: '' removes the address. */
export const postalAddressInputSchema = z.object({ postalAddress: postalAddressSchema });

export const dailyStatsSchema = z.object({
  /** What the daily limit counts: emails sent and printed cards, together. */
  sentToday: z.number().int(),
  emailsToday: z.number().int().default(0),
  cardsToday: z.number().int().default(0),
  /** Marketplace messages the seller sent themselves: shown, never counted against the limit. */
  messagesToday: z.number().int().default(0),
  dailyLimit: z.number().int(),
  tempLimit: z.number().int(),
  planName: z.string(),
});
export type DailyStats = z.infer<typeof dailyStatsSchema>;
