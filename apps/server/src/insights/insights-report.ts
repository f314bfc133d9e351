import { TZDate } from '@date-fns/tz';
import { addDays } from 'date-fns/addDays';
import { type SQL, eq, sql } from 'drizzle-orm';
import {
  THANK_YOU_STEP,
  ATTRIBUTION_WINDOW_DAYS,
  type CurrencyAmount,
  type InsightsCounts,
  type InsightsQuery,
  type InsightsReply,
} from '@thankly/api-contract';
import { type Database, queryRows } from '../db/database.ts';
import { sendingSettings } from '../db/schema.ts';
import { BUSINESS_TIME_ZONE } from '../time/athens.ts';

/*
 * The one computation behind GET /api/insights and its CSV export. Everything is grouped in the
 * database; attribution is worked out at query time, so it always follows the seller's current
 * coupon code and needs nothing written when orders arrive.
 *
 * Attribution. A later order of the same shop (placed after an email was sent) belongs to:
 * - the latest email sent to the same buyer within ATTRIBUTION_WINDOW_DAYS before it: a repeat
 *   order, and a redemption too if it carries the seller's coupon code (case-insensitive);
 * - otherwise, if it carries the coupon code, the shop's latest email sent before it: a redemption
 *   (codes get passed on, so the buyer need not be the one who was emailed).
 * Each order belongs to one email at most and its revenue is counted once.
 *
 * Clicks. A click is a link of an email followed at least once: the same link followed again, by
 * the buyer or by anyone they forwarded it to, adds nothing, so no one holding a link can inflate
 * the number.
 *
 * Days. Everything is counted on the Athens day the email was sent, opens, clicks and the orders
 * it brought back included: a day's row says what that day's emails achieved, so the per-day and
 * per-template views add up to the same totals.
 */

const PERIOD_SQL = (userId: string, start: Date, end: Date, couponCode: string) => sql`
  sent AS (
    SELECT e.id,
      t.id AS template_id,
      coalesce(t.name, e.template_name, '') AS template_name,
      to_char(e.sent_at AT TIME ZONE ${BUSINESS_TIME_ZONE}, 'YYYY-MM-DD') AS day
    FROM order_emails e
    LEFT JOIN templates t ON t.id = e.template_id
    WHERE e.user_id = ${userId} AND e.status = 'sent'
      AND e.sent_at >= ${start.toISOString()} AND e.sent_at < ${end.toISOString()}
  ),
  later AS (
    SELECT o.id, o.shop_id, o.marketplace_order_id, lower(o.buyer_email) AS buyer,
      (o."order"->>'createdAt')::timestamptz AS placed_at,
      o."order"->'total' AS total,
      (${couponCode} <> '' AND EXISTS (
        SELECT 1 FROM jsonb_array_elements_text(coalesce(o."order"->'couponCodes', '[]'::jsonb)) AS c(code)
        WHERE lower(c.code) = lower(${couponCode}))) AS redeemed
    FROM order_emails o
    -- Recorded after it was placed, so this keeps every order placed in or after the period. An
    -- order is its thank-you's row; its follow-ups' rows are more emails, not more orders.
    WHERE o.user_id = ${userId} AND o.step_key = ${THANK_YOU_STEP}
      AND o.created_at >= ${start.toISOString()}
  ),
  attributed AS (
    SELECT l.id, coalesce(same_buyer.id, coupon_email.id) AS email_id,
      same_buyer.id IS NOT NULL AS is_repeat, l.redeemed, l.total
    FROM later l
    LEFT JOIN LATERAL (
      SELECT e.id FROM order_emails e
      WHERE e.shop_id = l.shop_id AND e.status = 'sent' AND lower(e.buyer_email) = l.buyer
        AND e.marketplace_order_id <> l.marketplace_order_id AND e.sent_at < l.placed_at
        AND e.sent_at >= l.placed_at - make_interval(days => ${ATTRIBUTION_WINDOW_DAYS})
      ORDER BY e.sent_at DESC LIMIT 1
    ) same_buyer ON true
    LEFT JOIN LATERAL (
      SELECT e.id FROM order_emails e
      WHERE l.redeemed AND same_buyer.id IS NULL
        AND e.shop_id = l.shop_id AND e.status = 'sent'
        AND e.marketplace_order_id <> l.marketplace_order_id AND e.sent_at < l.placed_at
      ORDER BY e.sent_at DESC LIMIT 1
    ) coupon_email ON true
    WHERE same_buyer.id IS NOT NULL OR coupon_email.id IS NOT NULL
  )`;

/** GROUPING(day, template_id) of each grouping set: per day, per template, the whole period. */
const BY_DAY = 1;
const BY_TEMPLATE = 2;

interface CountsRow {
  grouping: number;
  day: string | null;
  template_id: string | null;
  template_name: string | null;
  sent: number;
  unique_opens: number;
  machine_opens: number;
  clicks: number;
  machine_clicks: number;
  redemptions: number;
  repeat_orders: number;
}

interface RevenueRow {
  grouping: number;
  day: string | null;
  template_id: string | null;
  template_name: string | null;
  currency: string;
  amount: string;
}

function countsQuery(period: SQL): SQL {
  return sql`WITH ${period},
  tracked AS (
    SELECT ev.order_email_id,
      bool_or(ev.kind = 'open' AND ev.agent = 'person') AS opened,
      bool_or(ev.kind = 'open' AND ev.agent <> 'person') AS machine_opened,
      count(DISTINCT ev.link_url) FILTER (WHERE ev.kind = 'click' AND ev.agent = 'person') AS clicks,
      count(DISTINCT ev.link_url) FILTER (WHERE ev.kind = 'click' AND ev.agent <> 'person') AS machine_clicks
    FROM tracking_events ev
    WHERE ev.order_email_id IN (SELECT id FROM sent)
    GROUP BY ev.order_email_id
  ),
  brought AS (
    SELECT email_id,
      count(*) FILTER (WHERE redeemed) AS redemptions,
      count(*) FILTER (WHERE is_repeat) AS repeat_orders
    FROM attributed GROUP BY email_id
  )
  SELECT GROUPING(s.day, s.template_id) AS grouping, s.day, s.template_id, s.template_name,
    count(*)::int AS sent,
    count(*) FILTER (WHERE tr.opened)::int AS unique_opens,
    count(*) FILTER (WHERE tr.machine_opened)::int AS machine_opens,
    coalesce(sum(tr.clicks), 0)::int AS clicks,
    coalesce(sum(tr.machine_clicks), 0)::int AS machine_clicks,
    coalesce(sum(b.redemptions), 0)::int AS redemptions,
    coalesce(sum(b.repeat_orders), 0)::int AS repeat_orders
  FROM sent s
  LEFT JOIN tracked tr ON tr.order_email_id = s.id
  LEFT JOIN brought b ON b.email_id = s.id
  GROUP BY GROUPING SETS ((s.day), (s.template_id, s.template_name), ())`;
}

function revenueQuery(period: SQL): SQL {
  return sql`WITH ${period}
  SELECT GROUPING(s.day, s.template_id) AS grouping, s.day, s.template_id, s.template_name,
    a.total->>'currency' AS currency,
    sum((a.total->>'amount')::numeric / (a.total->>'divisor')::numeric)::text AS amount
  FROM attributed a
  JOIN sent s ON s.id = a.email_id
  WHERE jsonb_typeof(a.total) = 'object'
  GROUP BY GROUPING SETS ((s.day, currency), (s.template_id, s.template_name, currency), (currency))`;
}

/** The instant an Athens calendar day (YYYY-MM-DD) starts. */
export function athensDayStart(date: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(new TZDate(year, month - 1, day, BUSINESS_TIME_ZONE).getTime());
}

/** Every calendar date from `from` to `to`, inclusive. */
export function datesBetween(from: string, to: string): string[] {
  const dates: string[] = [];
  for (
    let at = Date.parse(`${from}T00:00:00Z`);
    at <= Date.parse(`${to}T00:00:00Z`);
    at += 86_400_000
  )
    dates.push(new Date(at).toISOString().slice(0, 10));
  return dates;
}

/** How many minor units a currency has (2 for USD, 0 for JPY); 2 for codes Intl does not know. */
export function currencyDigits(currency: string): number {
  try {
    return (
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
        .maximumFractionDigits ?? 2
    );
  } catch {
    return 2;
  }
}

function toMinor(currency: string, amount: string): number {
  return Math.round(Number(amount) * 10 ** currencyDigits(currency));
}

const zeroCounts = (): InsightsCounts => ({
  sent: 0,
  uniqueOpens: 0,
  machineOpens: 0,
  clicks: 0,
  machineClicks: 0,
  redemptions: 0,
  repeatOrders: 0,
  revenue: [],
});

function countsOf(row: CountsRow): InsightsCounts {
  return {
    sent: row.sent,
    uniqueOpens: row.unique_opens,
    machineOpens: row.machine_opens,
    clicks: row.clicks,
    machineClicks: row.machine_clicks,
    redemptions: row.redemptions,
    repeatOrders: row.repeat_orders,
    revenue: [],
  };
}

const groupKey = (row: {
  grouping: number;
  day: string | null;
  template_id: string | null;
  template_name: string | null;
}) =>
  row.grouping === BY_DAY
    ? `day:${row.day}`
    : row.grouping === BY_TEMPLATE
      ? `template:${row.template_id ?? ''}:${row.template_name ?? ''}`
      : 'total';

export async function insightsFor(
  db: Database,
  userId: string,
  { from, to }: InsightsQuery,
): Promise<InsightsReply> {
  const start = athensDayStart(from);
  const end = athensDayStart(nextDate(to));
  const { trackingEnabled, couponCode } = await sellerSettings(db, userId);
  const period = PERIOD_SQL(userId, start, end, couponCode);
  const counts = await queryRows<CountsRow>(db, countsQuery(period));
  const revenue = await queryRows<RevenueRow>(db, revenueQuery(period));

  const groups = new Map<string, InsightsCounts & { row: CountsRow }>();
  for (const row of counts) groups.set(groupKey(row), { ...countsOf(row), row });
  for (const row of revenue) {
    const group = groups.get(groupKey(row));
    const amount: CurrencyAmount = {
      currency: row.currency,
      amountMinor: toMinor(row.currency, row.amount),
    };
    group?.revenue.push(amount);
  }
  for (const group of groups.values())
    group.revenue.sort((a, b) => a.currency.localeCompare(b.currency));

  const plain = (group: (InsightsCounts & { row: CountsRow }) | undefined): InsightsCounts => {
    if (!group) return zeroCounts();
    const { row: _row, ...rest } = group;
    return rest;
  };
  const templates = [...groups.values()]
    .filter((group) => group.row.grouping === BY_TEMPLATE)
    .sort(
      (a, b) =>
        b.sent - a.sent || (a.row.template_name ?? '').localeCompare(b.row.template_name ?? ''),
    )
    .map((group) => ({
      templateId: group.row.template_id,
      templateName: group.row.template_name ?? '',
      ...plain(group),
    }));
  return {
    from,
    to,
    trackingEnabled,
    totals: plain(groups.get('total')),
    days: datesBetween(from, to).map((date) => ({ date, ...plain(groups.get(`day:${date}`)) })),
    templates,
  };
}

function nextDate(date: string): string {
  return addDays(new Date(`${date}T00:00:00Z`), 1)
    .toISOString()
    .slice(0, 10);
}

/** Tracking is on and there is no coupon code until the seller says otherwise. */
async function sellerSettings(db: Database, userId: string) {
  const [row] = await db
    .select({
      couponCode: sendingSettings.couponCode,
      trackingEnabled: sendingSettings.trackingEnabled,
    })
    .from(sendingSettings)
    .where(eq(sendingSettings.userId, userId));
  return { couponCode: row?.couponCode ?? '', trackingEnabled: row?.trackingEnabled ?? true };
}
