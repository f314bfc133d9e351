import { and, countDistinct, desc, eq, gte, isNull, sql } from 'drizzle-orm';
import {
  BOUNCE_RATE_LIMIT,
  COMPLAINT_RATE_LIMIT,
  type DeliveryHealth,
  HEALTH_MINIMUM_SAMPLE,
  HEALTH_WINDOW_DAYS,
  SMALL_SENDER_HARD_BOUNCES,
  SMALL_SENDER_RECENT_EMAILS,
} from '@thankly/api-contract';
import { deliveryPausedMail } from '../auth/account-mails.ts';
import type { AppContext } from '../context.ts';
import type { Database } from '../infrastructure/db/database.ts';
import {
  mailEvents,
  orderEmails,
  platformSuppressions,
  users,
} from '../infrastructure/db/schema.ts';
import { dateInZone } from '../infrastructure/time/seller-day.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

interface Counts {
  sent: number;
  bounces: number;
  complaints: number;
}

type SellerDelivery = Pick<
  typeof users.$inferSelect,
  'id' | 'deliveryPausedAt' | 'deliveryPausedReason' | 'deliveryPauseLiftedAt'
>;

/**
 * A rate is judged only once this many emails came back the same way: one complaint among 100 to
 * 333 emails is past 0.3 % on its own, which is one buyer's click (or one forged report), not a
 * trend. Gmail, too, shows a sender's spam rate only over enough mail.
 */
export const PROBLEMS_BEFORE_PAUSE = 2;

export const windowStart = (now: Date) => new Date(now.getTime() - HEALTH_WINDOW_DAYS * DAY_MS);

/**
 * Buyer emails sent since `since`, and how many of those that came back did: an order counts once
 * as bounced (for good, or after repeated temporary bounces) or once as reported as spam, however
 * many notices said so.
 */
async function countsSince(db: Database, userId: string | null, since: Date): Promise<Counts> {
  const at = since.toISOString();
  const [row] = await db
    .select({
      sent: sql<number>`(count(*) filter (where ${orderEmails.status} = 'sent' and ${orderEmails.sentAt} >= ${at}))::int`,
      bounces: sql<number>`(count(*) filter (where ${orderEmails.deliveryProblem} = 'bounced' and ${orderEmails.deliveryProblemAt} >= ${at}))::int`,
      complaints: sql<number>`(count(*) filter (where ${orderEmails.deliveryProblem} = 'complained' and ${orderEmails.deliveryProblemAt} >= ${at}))::int`,
    })
    .from(orderEmails)
    .where(userId === null ? undefined : eq(orderEmails.userId, userId));
  return {
    sent: Number(row?.sent ?? 0),
    bounces: Number(row?.bounces ?? 0),
    complaints: Number(row?.complaints ?? 0),
  };
}

interface RecentEmails {
  /** The seller's last SMALL_SENDER_RECENT_EMAILS sent emails (fewer when they sent fewer)… */
  emails: number;
  /** …and how many of them bounced for good: the mailbox does not exist. */
  hardBounces: number;
}

/**
 * The small sender's sample: the last few emails sent since `since`, and how many of them a
 * receiving server said have no mailbox. Only hard bounces count: a block is the relay's trouble,
 * and a temporary bounce may yet be delivered (see bounce-reason.ts).
 */
async function recentEmailsSince(db: Database, userId: string, since: Date): Promise<RecentEmails> {
  const recent = db
    .select({ id: orderEmails.id })
    .from(orderEmails)
    .where(
      and(
        eq(orderEmails.userId, userId),
        eq(orderEmails.status, 'sent'),
        gte(orderEmails.sentAt, since),
      ),
    )
    .orderBy(desc(orderEmails.sentAt))
    .limit(SMALL_SENDER_RECENT_EMAILS)
    .as('recent');
  // One row per recent email, joined to its hard bounces (a notice may come from more than one
  // source: DSN and SendGrid), so each email counts once.
  const [row] = await db
    .select({
      emails: countDistinct(recent.id),
      hardBounces: countDistinct(mailEvents.orderEmailId),
    })
    .from(recent)
    .leftJoin(
      mailEvents,
      and(eq(mailEvents.orderEmailId, recent.id), eq(mailEvents.kind, 'hard-bounce')),
    );
  return { emails: Number(row?.emails ?? 0), hardBounces: Number(row?.hardBounces ?? 0) };
}

const rate = (part: number, sent: number) => (sent === 0 ? 0 : part / sent);

/** The seller's last 30 days, as the dashboard shows them. */
export async function deliveryHealthOf(
  db: Database,
  seller: SellerDelivery,
  now: Date,
): Promise<DeliveryHealth> {
  const counts = await countsSince(db, seller.id, windowStart(now));
  return {
    windowDays: HEALTH_WINDOW_DAYS,
    ...counts,
    bounceRate: rate(counts.bounces, counts.sent),
    complaintRate: rate(counts.complaints, counts.sent),
    bounceLimit: BOUNCE_RATE_LIMIT,
    complaintLimit: COMPLAINT_RATE_LIMIT,
    minimumSample: HEALTH_MINIMUM_SAMPLE,
    paused: seller.deliveryPausedAt
      ? { at: seller.deliveryPausedAt.toISOString(), reason: seller.deliveryPausedReason ?? '' }
      : null,
  };
}

/**
 * Stops the seller's buyer emails when either rule says so, and emails the seller what happened
 * and what to do. The rate rule: a bounce or complaint rate past its limit, judged over at least
 * HEALTH_MINIMUM_SAMPLE emails sent and PROBLEMS_BEFORE_PAUSE of that kind. The small sender's
 * rule: SMALL_SENDER_HARD_BOUNCES hard bounces among the last SMALL_SENDER_RECENT_EMAILS emails,
 * however few were sent. After an operator lifted an earlier pause, only what was sent and came
 * back since counts: the list the seller cleaned is judged afresh, not by what caused the pause.
 * Returns whether it paused.
 */
export async function pauseIfUnhealthy(
  ctx: Pick<AppContext, 'db' | 'clock' | 'log' | 'config' | 'sendMail'>,
  userId: string,
): Promise<boolean> {
  const now = ctx.clock.now();
  const [seller] = await ctx.db.select().from(users).where(eq(users.id, userId));
  if (!seller || seller.deliveryPausedAt) return false;
  const lifted = seller.deliveryPauseLiftedAt;
  const liftedInWindow = lifted && lifted > windowStart(now) ? lifted : null;
  const since = liftedInWindow ?? windowStart(now);
  const counts = await countsSince(ctx.db, userId, since);
  const recent = await recentEmailsSince(ctx.db, userId, since);
  const findings = pauseFindings(counts, recent);
  if (findings.length === 0) return false;
  const period = liftedInWindow
    ? `since sending was resumed on ${dateInZone(liftedInWindow, seller.timeZone)}`
    : `in the last ${HEALTH_WINDOW_DAYS} days`;
  const reason = pauseReason(findings, counts.sent, period);
  // The pause and the seller's email about it are one step: both commit, or neither does (and the
  // next report, or this one retried, pauses again). A crash between the two would otherwise
  // leave a paused seller who was never told.
  const paused = await ctx.db.transaction(async (tx) => {
    const updated = await tx
      .update(users)
      .set({ deliveryPausedAt: now, deliveryPausedReason: reason })
      .where(and(eq(users.id, userId), isNull(users.deliveryPausedAt)))
      .returning({ id: users.id });
    // Only the request that paused gets past this (the update matched once): one email per pause,
    // through the mail queue, retried while the relay is down.
    if (updated.length === 0) return false;
    await ctx.sendMail(
      deliveryPausedMail(seller, {
        what: findingsSentence(findings, counts.sent, period),
        reason,
        pausedOn: dateInZone(now, seller.timeZone),
        appUrl: ctx.config.appUrl,
        supportEmail: ctx.config.supportEmail,
      }),
      { within: tx },
    );
    return true;
  });
  if (paused) ctx.log.warn({ accountId: userId, ...counts, recent }, 'delivery paused');
  return paused;
}

const percent = (value: number) => `${(value * 100).toFixed(1).replace(/\.0$/, '')}%`;

/** One rule's finding, worded for the seller. */
type Finding =
  { rule: 'rate'; text: string } | { rule: 'small-sender'; hardBounces: number; emails: number };

/** What each rule found past its limit; empty while the seller is healthy. */
function pauseFindings(counts: Counts, recent: RecentEmails): Finding[] {
  const findings: Finding[] = [];
  if (counts.sent >= HEALTH_MINIMUM_SAMPLE) {
    const complaintRate = rate(counts.complaints, counts.sent);
    const bounceRate = rate(counts.bounces, counts.sent);
    if (counts.complaints >= PROBLEMS_BEFORE_PAUSE && complaintRate > COMPLAINT_RATE_LIMIT)
      findings.push({
        rule: 'rate',
        text: `${counts.complaints} were reported as spam by the buyer (${percent(complaintRate)}; the limit is ${percent(COMPLAINT_RATE_LIMIT)})`,
      });
    if (counts.bounces >= PROBLEMS_BEFORE_PAUSE && bounceRate > BOUNCE_RATE_LIMIT)
      findings.push({
        rule: 'rate',
        text: `${counts.bounces} bounced (${percent(bounceRate)}; the limit is ${percent(BOUNCE_RATE_LIMIT)})`,
      });
  }
  if (recent.hardBounces >= SMALL_SENDER_HARD_BOUNCES)
    findings.push({ rule: 'small-sender', ...recent });
  return findings;
}

/** "of the 12 emails sent in the last 30 days, …" and/or "3 of your last 10 emails …". */
function findingsSentence(findings: Finding[], sent: number, period: string): string {
  const rates = findings.flatMap((f) => (f.rule === 'rate' ? [f.text] : []));
  const small = findings.find((f) => f.rule === 'small-sender');
  const parts: string[] = [];
  if (rates.length > 0) parts.push(`of the ${sent} emails sent ${period}, ${rates.join(' and ')}`);
  if (small)
    parts.push(
      `${small.hardBounces} of your last ${small.emails} emails went to addresses that do not exist (Thankly pauses at ${SMALL_SENDER_HARD_BOUNCES} of the last ${SMALL_SENDER_RECENT_EMAILS}, however few emails you send)`,
    );
  return parts.join('; and ');
}

/** The seller's explanation, as the dashboard and each skipped order show it. */
function pauseReason(findings: Finding[], sent: number, period: string): string {
  return (
    `Thankly paused your buyer emails automatically: ${findingsSentence(findings, sent, period)}. ` +
    'Email that bounces or is reported as spam makes mailbox providers distrust the mail Thankly sends, for you and for every other seller, so sending stopped to protect your delivery and theirs. ' +
    'Remove the addresses that no longer work and buyers who did not ask for your emails, then contact support: they lift the pause once your list is clean.'
  );
}

/** Every seller's mail together over the health window: GET /api/operator/delivery-health. */
export interface PlatformDeliveryHealth {
  windowDays: number;
  sent: number;
  bounces: number;
  /** Complaints stay with each seller (the buyer is unsubscribed from that shop) but count here. */
  complaints: number;
  bounceRate: number;
  complaintRate: number;
  bounceLimit: number;
  complaintLimit: number;
  /** Which rate is past the limit a mailbox provider holds the shared domain to. */
  overLimit: { bounces: boolean; complaints: boolean };
  /** Addresses no shop emails because a mailbox was found not to exist. */
  suppressedAddresses: number;
}

/**
 * The platform's 30-day rates, as Gmail and Yahoo judge the relay and MAIL_FROM's domain: every
 * shop's emails, bounces and complaints. Read by the operator only; the seller's own rates are
 * deliveryHealthOf.
 */
export async function platformDeliveryHealth(
  db: Database,
  now: Date,
): Promise<PlatformDeliveryHealth> {
  const counts = await countsSince(db, null, windowStart(now));
  const [suppressed] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(platformSuppressions);
  const bounceRate = rate(counts.bounces, counts.sent);
  const complaintRate = rate(counts.complaints, counts.sent);
  return {
    windowDays: HEALTH_WINDOW_DAYS,
    ...counts,
    bounceRate,
    complaintRate,
    bounceLimit: BOUNCE_RATE_LIMIT,
    complaintLimit: COMPLAINT_RATE_LIMIT,
    overLimit: {
      bounces: bounceRate > BOUNCE_RATE_LIMIT,
      complaints: complaintRate > COMPLAINT_RATE_LIMIT,
    },
    suppressedAddresses: Number(suppressed?.n ?? 0),
  };
}

/** The health of a seller by id, as GET /api/deliverability/health shows it. */
export async function deliveryHealthOfSeller(
  db: Database,
  sellerId: string,
  now: Date,
): Promise<DeliveryHealth> {
  const [seller] = await db.select().from(users).where(eq(users.id, sellerId));
  return deliveryHealthOf(db, seller!, now);
}
