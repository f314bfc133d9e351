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

/** The longest span one request may ask for. */
export const INSIGHTS_MAX_DAYS = 366;

/** GET /api/insights?from=&to= and GET /api/insights/export.csv?from=&to= (Athens calendar days, inclusive). */
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

export interface InsightsCounts {
  /** Thank-you emails sent. */
  sent: number;
  /** Emails opened at least once by a person (machine opens left out). */
  uniqueOpens: number;
  /** Opens by mail-privacy proxies and security scanners, counted apart. */
  machineOpens: number;
  /** Links followed by people, each link of an email once however often it is followed. */
  clicks: number;
  /** Links followed by link scanners, counted apart, each link of an email once. */
  machineClicks: number;
  /** Later orders from the shop that carried the seller's coupon code. */
  redemptions: number;
  /** Later orders from the same buyer within ATTRIBUTION_WINDOW_DAYS (coupon or not). */
  repeatOrders: number;
  /** What the attributed orders (redemptions and repeat orders, each once) were worth, per currency. */
  revenue: CurrencyAmount[];
}

export interface InsightsDay extends InsightsCounts {
  /** YYYY-MM-DD, Athens. */
  date: string;
}

export interface InsightsTemplateRow extends InsightsCounts {
  /** Null for emails whose template was since deleted. */
  templateId: string | null;
  templateName: string;
}

/** GET /api/insights?from=&to= */
export interface InsightsReply {
  from: string;
  to: string;
  /** Off: no pixel and no rewritten links in new emails, so opens and clicks are not counted. */
  trackingEnabled: boolean;
  totals: InsightsCounts;
  /** Every day from `from` to `to`, zeros included. */
  days: InsightsDay[];
  /** Templates that sent at least one email in the period, most sent first. */
  templates: InsightsTemplateRow[];
}

/** GET/PUT /api/insights/settings */
export const insightsSettingsSchema = z.object({
  trackingEnabled: z.boolean({ error: 'Say whether to track opens and clicks.' }),
});
export type InsightsSettings = z.output<typeof insightsSettingsSchema>;

const insightsCounts = {
  sent: z.number(),
  uniqueOpens: z.number(),
  machineOpens: z.number(),
  clicks: z.number(),
  machineClicks: z.number(),
  redemptions: z.number(),
  repeatOrders: z.number(),
  revenue: z.array(z.object({ currency: z.string(), amountMinor: z.number() })),
};

export const insightsReplySchema: z.ZodType<InsightsReply> = z.object({
  from: z.string(),
  to: z.string(),
  trackingEnabled: z.boolean(),
  totals: z.object(insightsCounts),
  days: z.array(z.object({ ...insightsCounts, date: z.string() })),
  templates: z.array(
    z.object({ ...insightsCounts, templateId: z.string().nullable(), templateName: z.string() }),
  ),
});
