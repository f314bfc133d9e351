import { z } from 'zod';
import { planIdSchema } from './plans.ts';

export const meSchema = z.object({
  email: z.string(),
  plan: planIdSchema,
  isPaused: z.boolean(),
  emailVerified: z.boolean(),
  /** The address of a requested email change, until its mailed link is followed (or expires). */
  pendingEmail: z.string().nullable(),
});
export type Me = z.infer<typeof meSchema>;

export const pauseSchema = z.object({ isPaused: z.boolean() });

export const dailyStatsSchema = z.object({
  sentToday: z.number().int(),
  dailyLimit: z.number().int(),
  tempLimit: z.number().int(),
  planName: z.string(),
});
export type DailyStats = z.infer<typeof dailyStatsSchema>;
