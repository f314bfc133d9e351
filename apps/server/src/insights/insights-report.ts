import { TZDate } from '@date-fns/tz';
import { addDays } from 'date-fns/addDays';
import { type SQL, eq, sql } from 'drizzle-orm';
import {
  THANK_YOU_STEP,
  ATTRIBUTION_WINDOW_DAYS,
  MIN_DELIVERED_FOR_RATE,
  type CurrencyAmount,
  type InsightsCounts,
  type InsightsQuery,
  type InsightsReply,
  UNDELIVERED_PROBLEMS,
  rateOf,
} from '@thankly/api-contract';
import { type Database, queryRows } from '../infrastructure/db/database.ts';
import { sendingSettings } from '../infrastructure/db/schema.ts';
import { BURST_SECONDS, SCANNER_SECONDS } from './classify-agent.ts';
import { readTrackingSettings } from './tracking-settings.ts';

/*
 * The one computation behind GET /api/insights and its CSV export. Everything is grouped in the
 * database; attribution and the timing rules are worked out at query time, so they always follow
 * the seller's current coupon code and window, and the email's written send time.
 *
 * Attribution. A later order of the same shop (placed after an email was sent) belongs to the
 * latest email sent to the same buyer (the same address, case-insensitive) before it:
 * - a repeat order, if that email went at most ATTRIBUTION_WINDOW_DAYS before;
 * - a redemption, if the order carries the seller's coupon code (case-insensitive) and that email
 *   went at most the seller's redemption window (DEFAULT_REDEMPTION_WINDOW_DAYS) before.
 * An order without a buyer address belongs to no email. A coupon order that no email explains is
 * "code used, not attributed" (codes get passed on: the shop's other emails get no credit for it).
 * Each order belongs to one email at most and its revenue is counted once.
 *
 * People and machines. An event stored as a person's still counts as a machine's when it came
 * within SCANNER_SECONDS of the email's send time (written after a fast scanner may already have
 * fetched), or when links of the same email were followed in a burst (classify-agent.ts).
 *
 * Clicks. A click is a link of an email followed at least once: the same link followed again, by
 * the buyer or by anyone they forwarded it to, adds nothing, so no one holding a link can inflate
 * the number. The click rate counts emails with at least one click, so it cannot pass 100 %.
 *
 * Days. Everything is counted on the seller's calendar day (their time zone) the email was sent, opens, clicks and the orders
 * it brought back included: a day's row says what that day's emails achieved, so the per-day,
 * per-template and per-step views add up to the same totals.
 */

/** Bounced, or blocked and not sent again since: it never reached the buyer's mailbox. */
const UNDELIVERED_SQL = sql.join(
  UNDELIVERED_PROBLEMS.map((problem) => sql`${problem}`),
  sql`, `,
);

const seconds = (n: number) => sql.raw(`interval '${Math.trunc(n)} seconds'`);

interface PeriodInput {
  userId: string;
  start: Date;
  end: Date;
  couponCode: string;
  redemptionWindowDays: number;
  /** The seller's IANA zone, checked when it was saved: days are counted on its calendar. */
  timeZone: string;
}

const PERIOD_SQL = ({
  userId,
  start,
  end,
  couponCode,
  redemptionWindowDays,
  timeZone,
}: PeriodInput) => sql`
  sent AS (
    SELECT e.id, e.sent_at,
      -- Bounced, or blocked and not sent again since: it never reached the buyer's mailbox.
      coalesce(e.delivery_problem, '') NOT IN (${UNDELIVERED_SQL}) AS delivered,
      t.id AS template_id,
      coalesce(t.name, e.template_name, '') AS template_name,
      e.step_key,
      CASE WHEN e.step_key = ${THANK_YOU_STEP} THEN ${THANK_YOU_STEP_NAME}
        ELSE coalesce(e.step_name, ${FOLLOW_UP_NAME}) END AS step_name,
      to_char(e.sent_at AT TIME ZONE ${timeZone}, 'YYYY-MM-DD') AS day
    FROM order_emails e
    LEFT JOIN templates t ON t.id = e.template_id
    WHERE e.user_id = ${userId} AND e.status = 'sent'
      AND e.sent_at >= ${start.toISOString()} AND e.sent_at < ${end.toISOString()}
  ),
  later AS (
    SELECT o.id, o.shop_id, o.marketplace_order_id,
      nullif(lower(trim(o.buyer_email)), '') AS buyer,
      nullif(o."order"->>'buyerId', '') AS buyer_id,
      (o."order"->>'createdAt')::timestamptz AS placed_at,
      o."order"->'total' AS total,
      (${couponCode} <> '' AND EXISTS (
        SELECT 1 FROM jsonb_array_elements_text(coalesce(o."order"->'couponCodes', '[]'::jsonb)) AS c(code)
        WHERE lower(c.code) = lower(${couponCode}))) AS with_code
    FROM order_emails o
    -- Recorded after it was placed, so this keeps every order placed in or after the period. An
    -- order is its thank-you's row; its follow-ups' rows are more emails, not more orders.
    WHERE o.user_id = ${userId} AND o.step_key = ${THANK_YOU_STEP}
      AND o.created_at >= ${start.toISOString()}
  ),
  same_buyer AS (
    SELECT l.id, l.with_code, l.total, e.id AS email_id,
      e.sent_at >= l.placed_at - make_interval(days => ${ATTRIBUTION_WINDOW_DAYS}) AS is_repeat,
      l.with_code
        AND e.sent_at >= l.placed_at - make_interval(days => ${redemptionWindowDays}::int) AS redeemed
    FROM later l
    JOIN LATERAL (
      SELECT e.id, e.sent_at FROM order_emails e
      WHERE e.shop_id = l.shop_id AND e.status = 'sent'
        -- The same buyer: by address, or by their marketplace account when the address is withheld.
        AND (lower(e.buyer_email) = l.buyer OR e."order"->>'buyerId' = l.buyer_id)
        AND e.marketplace_order_id <> l.marketplace_order_id AND e.sent_at < l.placed_at
        AND e.sent_at >= l.placed_at
          - make_interval(days => greatest(${ATTRIBUTION_WINDOW_DAYS}, ${redemptionWindowDays}::int))
      ORDER BY e.sent_at DESC LIMIT 1
    ) e ON true
  ),
  attributed AS (
    SELECT * FROM same_buyer WHERE is_repeat OR redeemed
  ),
  not_attributed AS (
    SELECT l.id FROM later l
    WHERE l.with_code AND l.placed_at >= ${start.toISOString()} AND l.placed_at < ${end.toISOString()}
      AND NOT EXISTS (SELECT 1 FROM attributed a WHERE a.id = l.id AND a.redeemed)
  )`;

const THANK_YOU_STEP_NAME = 'Thank-you email';
const FOLLOW_UP_NAME = 'Journey step';

/** GROUPING(day, template_id, step_key) of each grouping set. */
const BY_DAY = 0b011;
const BY_TEMPLATE = 0b101;
const BY_STEP = 0b110;

interface GroupColumns {
  grouping: number;
  day: string | null;
  template_id: string | null;
  template_name: string | null;
  step_key: string | null;
  step_name: string | null;
}

interface CountsRow extends GroupColumns {
  sent: number;
  delivered: number;
  unique_opens: number;
  machine_opens: number;
  clicked_emails: number;
  clicks: number;
  machine_clicks: number;
  redemptions: number;
  redeemed_emails: number;
  repeat_orders: number;
}

interface RevenueRow extends GroupColumns {
  currency: string;
  amount: string;
}

const GROUPS = sql`GROUPING(s.day, s.template_id, s.step_key) AS grouping, s.day, s.template_id,
  s.template_name, s.step_key, max(s.step_name) AS step_name`;

function countsQuery(period: SQL): SQL {
  return sql`WITH ${period},
  tracked AS (
    SELECT ev.order_email_id,
      bool_or(ev.kind = 'open' AND h.human) AS opened,
      bool_or(ev.kind = 'open' AND NOT h.human) AS machine_opened,
      count(DISTINCT ev.link_url) FILTER (WHERE ev.kind = 'click' AND h.human) AS clicks,
      count(DISTINCT ev.link_url) FILTER (WHERE ev.kind = 'click' AND NOT h.human) AS machine_clicks
    FROM sent s
    JOIN tracking_events ev ON ev.order_email_id = s.id
    CROSS JOIN LATERAL (SELECT ev.agent = 'person'
      AND ev.created_at >= s.sent_at + ${seconds(SCANNER_SECONDS)}
      AND (SELECT count(DISTINCT b.link_url) FROM tracking_events b
        WHERE b.order_email_id = ev.order_email_id AND b.kind = 'click'
          AND b.created_at >= ev.created_at - ${seconds(BURST_SECONDS)}
          AND b.created_at <= ev.created_at + ${seconds(BURST_SECONDS)}) < 2 AS human) h
    GROUP BY ev.order_email_id
  ),
  brought AS (
    SELECT email_id,
      count(*) FILTER (WHERE redeemed) AS redemptions,
      count(*) FILTER (WHERE is_repeat) AS repeat_orders
    FROM attributed GROUP BY email_id
  )
  SELECT ${GROUPS},
    count(*)::int AS sent,
    count(*) FILTER (WHERE s.delivered)::int AS delivered,
    count(*) FILTER (WHERE tr.opened)::int AS unique_opens,
    count(*) FILTER (WHERE tr.machine_opened)::int AS machine_opens,
    count(*) FILTER (WHERE tr.clicks > 0)::int AS clicked_emails,
    coalesce(sum(tr.clicks), 0)::int AS clicks,
    coalesce(sum(tr.machine_clicks), 0)::int AS machine_clicks,
    coalesce(sum(b.redemptions), 0)::int AS redemptions,
    count(*) FILTER (WHERE b.redemptions > 0)::int AS redeemed_emails,
    coalesce(sum(b.repeat_orders), 0)::int AS repeat_orders
  FROM sent s
  LEFT JOIN tracked tr ON tr.order_email_id = s.id
  LEFT JOIN brought b ON b.email_id = s.id
  GROUP BY GROUPING SETS ((s.day), (s.template_id, s.template_name), (s.step_key), ())`;
}

function revenueQuery(period: SQL): SQL {
  return sql`WITH ${period}
  SELECT ${GROUPS},
    a.total->>'currency' AS currency,
    sum((a.total->>'amount')::numeric / (a.total->>'divisor')::numeric)::text AS amount
  FROM attributed a
  JOIN sent s ON s.id = a.email_id
  WHERE jsonb_typeof(a.total) = 'object'
  GROUP BY GROUPING SETS ((s.day, currency), (s.template_id, s.template_name, currency),
    (s.step_key, currency), (currency))`;
}

function notAttributedQuery(period: SQL): SQL {
  return sql`WITH ${period} SELECT count(*)::int AS count FROM not_attributed`;
}

/** The instant a calendar day (YYYY-MM-DD) starts in an IANA time zone. */
export function dayStartInZone(date: string, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(new TZDate(year, month - 1, day, timeZone).getTime());
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

/** The counts the database gives; rates and revenue per email are worked out from them. */
export type RawCounts = Omit<InsightsCounts, 'rates' | 'revenuePerEmail'>;

/** Revenue ÷ emails sent, per currency, in minor units. */
function perEmail(revenue: CurrencyAmount[], sent: number): CurrencyAmount[] {
  if (sent === 0) return [];
  return revenue.map(({ currency, amountMinor }) => ({
    currency,
    amountMinor: Math.round(amountMinor / sent),
  }));
}

export function withRates(counts: RawCounts): InsightsCounts {
  const { delivered } = counts;
  return {
    ...counts,
    revenuePerEmail: perEmail(counts.revenue, counts.sent),
    rates: {
      openRate: rateOf(counts.uniqueOpens, delivered),
      clickRate: rateOf(counts.clickedEmails, delivered),
      redemptionRate: rateOf(counts.redeemedEmails, delivered),
      tooFewToTell: delivered < MIN_DELIVERED_FOR_RATE,
    },
  };
}

export const zeroCounts = (): RawCounts => ({
  sent: 0,
  delivered: 0,
  uniqueOpens: 0,
  machineOpens: 0,
  clickedEmails: 0,
  clicks: 0,
  machineClicks: 0,
  redemptions: 0,
  redeemedEmails: 0,
  repeatOrders: 0,
  revenue: [],
});

function countsOf(row: CountsRow): RawCounts {
  return {
    sent: row.sent,
    delivered: row.delivered,
    uniqueOpens: row.unique_opens,
    machineOpens: row.machine_opens,
    clickedEmails: row.clicked_emails,
    clicks: row.clicks,
    machineClicks: row.machine_clicks,
    redemptions: row.redemptions,
    redeemedEmails: row.redeemed_emails,
    repeatOrders: row.repeat_orders,
    revenue: [],
  };
}

function groupKey(row: GroupColumns): string {
  switch (row.grouping) {
    case BY_DAY:
      return `day:${row.day}`;
    case BY_TEMPLATE:
      return `template:${row.template_id ?? ''}:${row.template_name ?? ''}`;
    case BY_STEP:
      return `step:${row.step_key}`;
    default:
      return 'total';
  }
}

type Group = RawCounts & { row: CountsRow };

export async function insightsFor(
  db: Database,
  seller: { id: string; timeZone: string },
  { from, to }: InsightsQuery,
): Promise<InsightsReply> {
  const { id: userId, timeZone } = seller;
  const start = dayStartInZone(from, timeZone);
  const end = dayStartInZone(nextDate(to), timeZone);
  const { trackingEnabled, couponCode, redemptionWindowDays } = await sellerSettings(db, userId);
  const period = PERIOD_SQL({ userId, start, end, couponCode, redemptionWindowDays, timeZone });
  const counts = await queryRows<CountsRow>(db, countsQuery(period));
  const revenue = await queryRows<RevenueRow>(db, revenueQuery(period));
  const [notAttributed] = await queryRows<{ count: number }>(db, notAttributedQuery(period));

  const groups = new Map<string, Group>();
  for (const row of counts) groups.set(groupKey(row), { ...countsOf(row), row });
  for (const row of revenue) {
    const group = groups.get(groupKey(row));
    group?.revenue.push({ currency: row.currency, amountMinor: toMinor(row.currency, row.amount) });
  }
  for (const group of groups.values())
    group.revenue.sort((a, b) => a.currency.localeCompare(b.currency));

  const plain = (group: Group | undefined): InsightsCounts => {
    if (!group) return withRates(zeroCounts());
    const { row: _row, ...rest } = group;
    return withRates(rest);
  };
  const mostSentFirst = (grouping: number, name: (row: CountsRow) => string) =>
    [...groups.values()]
      .filter((group) => group.row.grouping === grouping)
      .sort((a, b) => b.sent - a.sent || name(a.row).localeCompare(name(b.row)));
  return {
    from,
    to,
    trackingEnabled,
    redemptionWindowDays,
    totals: plain(groups.get('total')),
    codeUsedNotAttributed: notAttributed?.count ?? 0,
    days: datesBetween(from, to).map((date) => ({ date, ...plain(groups.get(`day:${date}`)) })),
    templates: mostSentFirst(BY_TEMPLATE, (row) => row.template_name ?? '').map((group) => ({
      templateId: group.row.template_id,
      templateName: group.row.template_name ?? '',
      ...plain(group),
    })),
    steps: mostSentFirst(BY_STEP, (row) => row.step_name ?? '').map((group) => ({
      stepKey: group.row.step_key ?? '',
      stepName: group.row.step_name ?? '',
      ...plain(group),
    })),
  };
}

function nextDate(date: string): string {
  return addDays(new Date(`${date}T00:00:00Z`), 1)
    .toISOString()
    .slice(0, 10);
}

/** The coupon code (none until the seller gives one) and the insights settings. */
async function sellerSettings(db: Database, userId: string) {
  const [row] = await db
    .select({ couponCode: sendingSettings.couponCode })
    .from(sendingSettings)
    .where(eq(sendingSettings.userId, userId));
  return { couponCode: row?.couponCode ?? '', ...(await readTrackingSettings(db, userId)) };
}
