import { inArray, lt, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../db/database.ts';
import { jobRuns, setAsideJobs } from '../db/schema.ts';

/**
 * A job that began this many times without ending has taken its process down each time: it is
 * set aside rather than run again. A job that merely shared a batch with one that crashed begins
 * again at most once more before it runs alone (see job-queue.ts), so only a job that crashed on
 * its own reaches the limit.
 */
export const MAX_UNFINISHED_STARTS = 3;

/** The jobs among these that began before and never ended. */
export async function unfinishedJobRuns(db: Database, jobIds: string[]): Promise<Set<string>> {
  if (jobIds.length === 0) return new Set();
  const rows = await db
    .select({ jobId: jobRuns.jobId })
    .from(jobRuns)
    .where(inArray(jobRuns.jobId, jobIds));
  return new Set(rows.map((row) => row.jobId));
}

/** Counts a start for each job; returns how many times each has begun without ending. */
export async function beginJobRuns(
  db: Database,
  queue: string,
  jobIds: string[],
  now: Date,
): Promise<Map<string, number>> {
  if (jobIds.length === 0) return new Map();
  const values = sql.join(
    jobIds.map((id) => sql`(${id}::uuid, ${queue}, 1, ${now.toISOString()}::timestamptz)`),
    sql`, `,
  );
  const rows = await queryRows<{ job_id: string; starts: number }>(
    db,
    sql`INSERT INTO ${jobRuns} (job_id, queue, starts, last_started_at) VALUES ${values}
        ON CONFLICT (job_id) DO UPDATE
          SET starts = ${jobRuns.starts} + 1, last_started_at = excluded.last_started_at
        RETURNING job_id, starts`,
  );
  return new Map(rows.map((row) => [row.job_id, Number(row.starts)]));
}

/** The jobs ended (done, or failed in a way that was handled): nothing left to suspect. */
export async function endJobRuns(db: Database, jobIds: string[]): Promise<void> {
  if (jobIds.length === 0) return;
  await db.delete(jobRuns).where(inArray(jobRuns.jobId, jobIds));
}

/** Keeps a poison job for the operator, with why, and forgets its starts. */
export async function setJobAside(
  db: Database,
  job: { id: string; queue: string; payload: unknown; starts: number },
  now: Date,
): Promise<string> {
  const reason = `Set aside: the job began ${job.starts} times and each time the process running it stopped before it ended.`;
  await db
    .insert(setAsideJobs)
    .values({
      jobId: job.id,
      queue: job.queue,
      payload: job.payload ?? {},
      reason,
      setAsideAt: now,
    })
    .onConflictDoNothing();
  await endJobRuns(db, [job.id]);
  return reason;
}

/**
 * Starts of jobs that pg-boss no longer holds (it gave up on them, or they were deleted): a job
 * runs for minutes at most, so a start a day old belongs to no job that will come back.
 */
export async function forgetStaleJobRuns(db: Database, now: Date): Promise<void> {
  await db
    .delete(jobRuns)
    .where(lt(jobRuns.lastStartedAt, new Date(now.getTime() - 24 * 3_600_000)));
}
