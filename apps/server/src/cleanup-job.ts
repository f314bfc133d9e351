// The hourly housekeeping job. It sits beside runtime.ts rather than in jobs/ because it calls into
// the capabilities whose old rows it deletes (auth, marketplace, shared previews), and those queue
// their own jobs through jobs/: from jobs/, each such pair of folders would import each other.
import { lt, or, isNotNull } from 'drizzle-orm';
import { z } from 'zod';
import { deleteSpentEmailTokens } from './auth/email-tokens.ts';
import { deleteExpiredSessions } from './auth/sessions.ts';
import type { Database } from './infrastructure/db/database.ts';
import { passwordResetTokens } from './infrastructure/db/schema.ts';
import { pruneRateLimitCounters } from './infrastructure/http/rate-limits.ts';
import { forgetOldDeliveries } from './marketplace/webhook-deliveries.ts';
import { forgetEndedSharedPreviews } from './shared-previews/shared-previews-service.ts';
import { defineJob } from './infrastructure/jobs/job-queue.ts';
import { forgetStaleJobRuns } from './infrastructure/jobs/job-runs.ts';

/**
 * Hourly housekeeping: expired sessions, spent or expired reset tokens, old webhook delivery ids,
 * ended rate-limit windows, starts of jobs long gone, preview links that ended. (The job also reseals shop credentials and DKIM keys under the current APP_SECRET: see runtime.ts.)
 */
export const cleanupJob = defineJob({
  name: 'maintenance-cleanup',
  payload: z.object({}).passthrough(),
  retryLimit: 1,
  retryDelay: 60,
  // Made by a schedule, then picked up within seconds: a run is not left waiting half a minute
  // for the next look (one small query per five seconds).
  pollingIntervalSeconds: 5,
});

export async function runCleanup(db: Database, now: Date): Promise<void> {
  await deleteExpiredSessions(db, now);
  await db
    .delete(passwordResetTokens)
    .where(or(lt(passwordResetTokens.expiresAt, now), isNotNull(passwordResetTokens.usedAt)));
  await deleteSpentEmailTokens(db, now);
  await forgetOldDeliveries(db, now);
  await pruneRateLimitCounters(db, now);
  await forgetStaleJobRuns(db, now);
  await forgetEndedSharedPreviews(db, now);
}
