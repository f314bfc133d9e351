import { z } from 'zod';
import { BILLING_INTERVALS, PLAN_IDS } from './plan-catalog.ts';

export * from './plan-catalog.ts';

export const planIdSchema = z.enum(PLAN_IDS);
export const billingIntervalSchema = z.enum(BILLING_INTERVALS);
