import { z } from 'zod';
import { calendarDateSchema } from './templates.ts';

/*
 * Insights: what the thank-you emails bring back. Opens and clicks (when the seller tracks them),
 * coupon redemptions and repeat orders attributed to an email, and their revenue per currency.
 */

/** The periods the insights page offers, in days. */
export const INSIGHT_PERIODS = [7, 30, 90] as const;
export type InsightPeriod = (typeof INSIGHT_PERIODS)[number];

/** A later order counts as a repeat order of the email's buyer within this many days. */
export const ATTRIBUTION_WINDOW_DAYS = 60;

/**
 * An order with the seller's coupon code is a redemption of an email only if that email went to
 * the same buyer at most this many days before it; sellers may choose 1 to 365 days.
 */
export const DEFAULT_REDEMPTION_WINDOW_DAYS = 30;
export const MAX_REDEMPTION_WINDOW_DAYS = 365;

/** Below this many delivered emails a rate says more about chance than about the email. */
export const MIN_DELIVERED_FOR_RATE = 20;

/** How each rate is worked out, in the words the page shows beside it. */
export const RATE_FORMULAS = {
  openRate: 'Emails opened by a person ÷ emails delivered',
  clickRate: 'Emails with at least one click by a person ÷ emails delivered',
  redemptionRate: 'Emails whose coupon code the same buyer used ÷ emails delivered',
} as const;

/** part ÷ delivered, never above 1 (0 to 1); null when nothing was delivered. */
export function rateOf(part: number, delivered: number): number | null {
  if (delivered <= 0) return null;
  return Math.min(1, Math.max(0, part / delivered));
}

/** The longest span one request may ask for. */
export const INSIGHTS_MAX_DAYS = 366;

/** GET /api/insights?from=&to= and GET /api/insights/export.csv?from=&to= (calendar days in the seller's time zone, inclusive). */
export const insightsQuerySchema = z
  .object({ from: calendarDateSchema, to: calendarDateSchema })
  .refine(({ from, to }) => from <= to, {
    message: 'The start date must be on or before the end date.',
    path: ['from'],
  })
  .refine(
    ({ from, to }) =>
      (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 <
      INSIGHTS_MAX_DAYS,
    { message: `Choose at most ${INSIGHTS_MAX_DAYS} days.`, path: ['to'] },
  );
export type InsightsQuery = z.output<typeof insightsQuerySchema>;

/** An amount in one currency, in its minor unit (cents), as orders report it. */
export interface CurrencyAmount {
  currency: string;
  /** Minor units: 1999 with currency USD is $19.99. */
  amountMinor: number;
}

export interface InsightsRates {
  /** RATE_FORMULAS.openRate, 0 to 1; null when nothing was delivered. */
  openRate: number | null;
  clickRate: number | null;
  redemptionRate: number | null;
  /** Fewer than MIN_DELIVERED_FOR_RATE emails delivered: too few to tell. */
  tooFewToTell: boolean;
}

export interface InsightsCounts {
  /** Emails sent (thank-yous and journey follow-ups). */
  sent: number;
  /** Sent and not bounced back. */
  delivered: number;
  /** Emails opened at least once by a person (machine opens left out). */
  uniqueOpens: number;
  /** Emails opened by mail-privacy proxies and security scanners, counted apart. */
  machineOpens: number;
  /** Emails with at least one link followed by a person. */
  clickedEmails: number;
  /** Links followed by people, each link of an email once however often it is followed. */
  clicks: number;
  /** Links followed by link scanners, counted apart, each link of an email once. */
  machineClicks: number;
  /** Later orders with the seller's coupon code from the email's own buyer within the window. */
  redemptions: number;
  /** Emails with at least one redemption. */
  redeemedEmails: number;
  /** Later orders from the same buyer within ATTRIBUTION_WINDOW_DAYS (coupon or not). */
  repeatOrders: number;
  /** What the attributed orders (redemptions and repeat orders, each once) were worth, per currency. */
  revenue: CurrencyAmount[];
  /** Revenue ÷ emails sent, per currency (minor units, rounded). */
  revenuePerEmail: CurrencyAmount[];
  rates: InsightsRates;
}

export interface InsightsDay extends InsightsCounts {
  /** YYYY-MM-DD, on the seller's calendar. */
  date: string;
}

export interface InsightsTemplateRow extends InsightsCounts {
  /** Null for emails whose template was since deleted. */
  templateId: string | null;
  templateName: string;
}

export interface InsightsStepRow extends InsightsCounts {
  /** THANK_YOU_STEP, or a journey step's id. */
  stepKey: string;
  stepName: string;
}

/** GET /api/insights?from=&to= */
export interface InsightsReply {
  from: string;
  to: string;
  /** Off: no pixel and no rewritten links in new emails, so opens and clicks are not counted. */
  trackingEnabled: boolean;
  /** The seller's redemption window, in days. */
  redemptionWindowDays: number;
  totals: InsightsCounts;
  /**
   * Orders placed in the period with the seller's coupon code that no email of the same buyer
   * within the window explains: the code was used, but not because of an email we can name.
   */
  codeUsedNotAttributed: number;
  /** Every day from `from` to `to`, zeros included. */
  days: InsightsDay[];
  /** Templates that sent at least one email in the period, most sent first. */
  templates: InsightsTemplateRow[];
  /** The thank-you and each journey step that sent at least one email in the period, most sent first. */
  steps: InsightsStepRow[];
}

const redemptionWindowDaysSchema = z
  .number({ error: 'Give the number of days.' })
  .int('Give a whole number of days.')
  .min(1, 'Choose at least 1 day.')
  .max(MAX_REDEMPTION_WINDOW_DAYS, `Choose at most ${MAX_REDEMPTION_WINDOW_DAYS} days.`);

/** GET /api/insights/settings */
export const insightsSettingsSchema = z.object({
  trackingEnabled: z.boolean({ error: 'Say whether to track opens and clicks.' }),
  redemptionWindowDays: redemptionWindowDaysSchema,
});
export type InsightsSettings = z.output<typeof insightsSettingsSchema>;

/** PUT /api/insights/settings: either setting, or both. */
export const insightsSettingsUpdateSchema = insightsSettingsSchema
  .partial()
  .refine((update) => Object.values(update).some((value) => value !== undefined), {
    message: 'Say which setting to change.',
  });
export type InsightsSettingsUpdate = z.output<typeof insightsSettingsUpdateSchema>;

const amounts = z.array(z.object({ currency: z.string(), amountMinor: z.number() }));
const insightsCounts = {
  sent: z.number(),
  delivered: z.number(),
  uniqueOpens: z.number(),
  machineOpens: z.number(),
  clickedEmails: z.number(),
  clicks: z.number(),
  machineClicks: z.number(),
  redemptions: z.number(),
  redeemedEmails: z.number(),
  repeatOrders: z.number(),
  revenue: amounts,
  revenuePerEmail: amounts,
  rates: z.object({
    openRate: z.number().nullable(),
    clickRate: z.number().nullable(),
    redemptionRate: z.number().nullable(),
    tooFewToTell: z.boolean(),
  }),
};

export const insightsReplySchema: z.ZodType<InsightsReply> = z.object({
  from: z.string(),
  to: z.string(),
  trackingEnabled: z.boolean(),
  redemptionWindowDays: z.number(),
  totals: z.object(insightsCounts),
  codeUsedNotAttributed: z.number(),
  days: z.array(z.object({ ...insightsCounts, date: z.string() })),
  templates: z.array(
    z.object({ ...insightsCounts, templateId: z.string().nullable(), templateName: z.string() }),
  ),
  steps: z.array(z.object({ ...insightsCounts, stepKey: z.string(), stepName: z.string() })),
});
