import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  BOUNCE_RATE_LIMIT,
  COMPLAINT_RATE_LIMIT,
  type DeliveryHealth,
  HEALTH_MINIMUM_SAMPLE,
  HEALTH_WINDOW_DAYS,
} from '@thankly/api-contract';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/database.ts';
import { orderEmails, users } from '../db/schema.ts';
import { dateInZone } from '../time/seller-day.ts';

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
async function countsSince(db: Database, userId: string, since: Date): Promise<Counts> {
  const at = since.toISOString();
  const [row] = await db
    .select({
      sent: sql<number>`(count(*) filter (where ${orderEmails.status} = 'sent' and ${orderEmails.sentAt} >= ${at}))::int`,
      bounces: sql<number>`(count(*) filter (where ${orderEmails.deliveryProblem} = 'bounced' and ${orderEmails.deliveryProblemAt} >= ${at}))::int`,
      complaints: sql<number>`(count(*) filter (where ${orderEmails.deliveryProblem} = 'complained' and ${orderEmails.deliveryProblemAt} >= ${at}))::int`,
    })
    .from(orderEmails)
    .where(eq(orderEmails.userId, userId));
  return {
    sent: Number(row?.sent ?? 0),
    bounces: Number(row?.bounces ?? 0),
    complaints: Number(row?.complaints ?? 0),
  };
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
 * Stops the seller's buyer emails when their bounce or complaint rate is past its limit, judged
 * over at least HEALTH_MINIMUM_SAMPLE emails sent and PROBLEMS_BEFORE_PAUSE of that kind. After an
 * operator lifted an earlier pause, only what was sent and came back since counts: the list the
 * seller cleaned is judged afresh, not by the rate that caused the pause. Returns whether it paused.
 */
export async function pauseIfUnhealthy(
  ctx: Pick<AppContext, 'db' | 'clock' | 'log'>,
  userId: string,
): Promise<boolean> {
  const now = ctx.clock.now();
  const [seller] = await ctx.db.select().from(users).where(eq(users.id, userId));
  if (!seller || seller.deliveryPausedAt) return false;
  const lifted = seller.deliveryPauseLiftedAt;
  const liftedInWindow = lifted && lifted > windowStart(now) ? lifted : null;
  const counts = await countsSince(ctx.db, userId, liftedInWindow ?? windowStart(now));
  if (counts.sent < HEALTH_MINIMUM_SAMPLE) return false;
  const reason = pauseReason(counts, liftedInWindow, seller.timeZone);
  if (!reason) return false;
  const paused = await ctx.db
    .update(users)
    .set({ deliveryPausedAt: now, deliveryPausedReason: reason })
    .where(and(eq(users.id, userId), isNull(users.deliveryPausedAt)))
    .returning({ id: users.id });
  if (paused.length > 0) ctx.log.warn({ accountId: userId, ...counts }, 'delivery paused');
  return paused.length > 0;
}

const percent = (value: number) => `${(value * 100).toFixed(1).replace(/\.0$/, '')}%`;

/** The seller's explanation, or null while both rates are within their limits. */
function pauseReason(counts: Counts, liftedAt: Date | null, timeZone: string): string | null {
  const problems: string[] = [];
  const complaintRate = rate(counts.complaints, counts.sent);
  const bounceRate = rate(counts.bounces, counts.sent);
  if (counts.complaints >= PROBLEMS_BEFORE_PAUSE && complaintRate > COMPLAINT_RATE_LIMIT)
    problems.push(
      `${counts.complaints} were reported as spam by the buyer (${percent(complaintRate)}; the limit is ${percent(COMPLAINT_RATE_LIMIT)})`,
    );
  if (counts.bounces >= PROBLEMS_BEFORE_PAUSE && bounceRate > BOUNCE_RATE_LIMIT)
    problems.push(
      `${counts.bounces} bounced (${percent(bounceRate)}; the limit is ${percent(BOUNCE_RATE_LIMIT)})`,
    );
  if (problems.length === 0) return null;
  const period = liftedAt
    ? `since sending was resumed on ${dateInZone(liftedAt, timeZone)}`
    : `in the last ${HEALTH_WINDOW_DAYS} days`;
  return (
    `Thankly paused your buyer emails automatically: of the ${counts.sent} emails sent ${period}, ${problems.join(' and ')}. ` +
    'Email that bounces or is reported as spam makes mailbox providers distrust the mail Thankly sends, for you and for every other seller, so sending stopped to protect your delivery and theirs. ' +
    'Remove the addresses that no longer work and buyers who did not ask for your emails, then contact support: they lift the pause once your list is clean.'
  );
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
