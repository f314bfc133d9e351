import { integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Background jobs that have begun and not yet ended, by pg-boss job id. A row left behind means
 * the process running the job died with it; a job that keeps leaving one is poison and is set
 * aside instead of being run into the same crash again (jobs/job-runs.ts).
 */
export const jobRuns = pgTable('job_runs', {
  jobId: uuid('job_id').primaryKey(),
  queue: text('queue').notNull(),
  /** Times the job began without ending. */
  starts: integer('starts').notNull(),
  lastStartedAt: timestamp('last_started_at', { withTimezone: true }).notNull(),
});

/** Jobs that ended the process running them too often: kept, with why, for the operator. */
export const setAsideJobs = pgTable('set_aside_jobs', {
  jobId: uuid('job_id').primaryKey(),
  queue: text('queue').notNull(),
  payload: jsonb('payload').notNull(),
  reason: text('reason').notNull(),
  setAsideAt: timestamp('set_aside_at', { withTimezone: true }).notNull(),
});
