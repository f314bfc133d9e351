import { and, asc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { sendingDomains } from '../infrastructure/db/schema.ts';
import { loggableError } from '../infrastructure/http/loggable-error.ts';
import { defineJob } from '../infrastructure/jobs/job-queue.ts';
import { checkLinkDomain, checkSendingDomain } from './domain-check.ts';
import { type DnsLookup, createDnsLookup } from '../infrastructure/dns/dns-lookup.ts';

const HOUR_MS = 60 * 60 * 1000;
/** A domain still being set up is looked at on every run for its first week, then left to Verify. */
const PENDING_WINDOW_MS = 7 * 24 * HOUR_MS;
/** How stale a verified (or failing) domain's last check may be before it is looked at again. */
const RECHECK_AFTER_MS = 6 * HOUR_MS;
/** Each run's share: the oldest-checked first, so a long queue is worked through over runs. */
export const RECHECK_BATCH = 50;

/** Looks up again the records of domains being set up, and of verified ones every few hours. */
export const recheckDomainsJob = defineJob({
  name: 'sending-domains-recheck',
  payload: z.object({}).passthrough(),
  retryLimit: 1,
  retryDelay: 60,
  // Made by a schedule, then picked up within seconds: a run is not left waiting half a minute
  // for the next look (one small query per five seconds).
  pollingIntervalSeconds: 5,
});

/** How often the job runs (Europe/Athens cron). */
export const RECHECK_SCHEDULE = '*/10 * * * *';

/**
 * One run: re-checks the domains that are due. A domain whose check throws is logged and left for
 * the next run; the rest go on. Returns how many were checked.
 */
export async function recheckDueDomains(
  ctx: Pick<AppContext, 'db' | 'config' | 'clock' | 'log'>,
  lookup: DnsLookup = createDnsLookup(ctx.config.deliverability),
): Promise<number> {
  const now = ctx.clock.now().getTime();
  const due = await ctx.db
    .select()
    .from(sendingDomains)
    .where(
      or(
        and(
          eq(sendingDomains.status, 'pending'),
          gt(sendingDomains.createdAt, new Date(now - PENDING_WINDOW_MS)),
        ),
        and(
          inArray(sendingDomains.status, ['verified', 'failing']),
          or(
            isNull(sendingDomains.lastCheckedAt),
            lt(sendingDomains.lastCheckedAt, new Date(now - RECHECK_AFTER_MS)),
          ),
        ),
        // A link host being set up is looked at on every run, as a new domain is.
        eq(sendingDomains.linkStatus, 'pending'),
      ),
    )
    .orderBy(sql`${sendingDomains.lastCheckedAt} ASC NULLS FIRST`, asc(sendingDomains.createdAt))
    .limit(RECHECK_BATCH);
  let checked = 0;
  for (const row of due) {
    try {
      const checkedRow = await checkSendingDomain(ctx, row, lookup);
      if (checkedRow?.linkHost) await checkLinkDomain(ctx, checkedRow, lookup);
      checked++;
    } catch (error) {
      ctx.log.error(
        { err: loggableError(error), sendingDomainId: row.id },
        'sending domain re-check failed',
      );
    }
  }
  return checked;
}
