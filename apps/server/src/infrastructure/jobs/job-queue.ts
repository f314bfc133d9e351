import PgBoss from 'pg-boss';
import type { z } from 'zod';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, type DatabaseHandle, pgErrorCode, queryRows } from '../db/database.ts';
import { loggableError } from '../http/loggable-error.ts';
import { storableText } from '../db/storable-text.ts';
import { assertJobSchemaSupported } from './job-schema-guard.ts';
import {
  MAX_UNFINISHED_STARTS,
  beginJobRuns,
  endJobRuns,
  setJobAside,
  unfinishedJobRuns,
} from './job-runs.ts';
import { pgliteExecutor } from './pglite-executor.ts';

/** A kind of background work: its queue, its payload schema and how it is retried. */
export interface JobDefinition<S extends z.ZodType> {
  name: string;
  payload: S;
  retryLimit: number;
  /** Seconds before the first retry; later ones back off exponentially. */
  retryDelay: number;
  /** Seconds between polls by an idle worker. */
  pollingIntervalSeconds: number;
  batchSize?: number;
  /**
   * Runs a batch's jobs at the same time instead of one after another: for jobs that mostly wait
   * on the network and are safe to overlap, so one worker keeps up with a rush.
   */
  batchRunsTogether?: boolean;
  /**
   * Batches one worker process runs at once (default 1): with more, a batch held up by one slow
   * call does not hold back the jobs behind it.
   */
  concurrentBatches?: number;
}

export function defineJob<S extends z.ZodType>(definition: JobDefinition<S>): JobDefinition<S> {
  return definition;
}

/**
 * A job a worker process takes, with what runs it and, for recurring work, when. The runtime
 * lists these once: the queue is created from the same entry that is worked and scheduled.
 */
export interface JobWorker<Ctx> {
  job: JobDefinition<z.ZodType>;
  run(ctx: Ctx, payload: unknown): Promise<void>;
  /** Cron (Athens time) for recurring work. */
  schedule?: string;
  /**
   * Scheduled even when a test turns recurring work off: housekeeping that never races a test's
   * clock (the cleanup).
   */
  scheduleAlways?: boolean;
}

export function jobWorker<Ctx, S extends z.ZodType>(
  job: JobDefinition<S>,
  run: (ctx: Ctx, payload: z.output<S>) => Promise<void>,
  options: Pick<JobWorker<Ctx>, 'schedule' | 'scheduleAlways'> = {},
): JobWorker<Ctx> {
  return { job, run: (ctx, payload) => run(ctx, payload as z.output<S>), ...options };
}

export interface JobQueue {
  send<S extends z.ZodType>(
    job: JobDefinition<S>,
    payload: z.input<S>,
    /**
     * startAfter: seconds before the job may first run. within: a transaction the job is queued
     * in, so it exists exactly when the transaction commits (a rollback drops it).
     */
    options?: { singletonKey?: string; startAfter?: number; within?: Database },
  ): Promise<void>;
  /** Runs handlers for a job kind in this process (worker role). */
  work<S extends z.ZodType>(
    job: JobDefinition<S>,
    handler: (payload: z.output<S>) => Promise<void>,
  ): Promise<void>;
  schedule(job: JobDefinition<z.ZodType>, cron: string): Promise<void>;
  stop(): Promise<void>;
}

/** How often a process that sends its own jobs looks for the others (see sendsItsOwnJobs). */
const OWN_JOBS_POLL_SECONDS = 5;

/**
 * Jobs live in PostgreSQL (pg-boss) on either engine, so any worker process can take them and a
 * crashed worker's jobs are retried by another. pg-boss is held at 10.x: later majors require
 * Node 22, and Thankly supports Node 20.
 */
export async function startJobQueue(
  database: DatabaseHandle,
  jobs: JobDefinition<z.ZodType>[],
  options: {
    runsWorkers: boolean;
    /**
     * This process sends every kind of job it works (ROLE=all), and a send wakes its own worker at
     * once: polling then only finds retries, delayed and scheduled jobs, and is slowed to
     * OWN_JOBS_POLL_SECONDS. Idle, the embedded server polled its queues about seven times a
     * second, 5 % of a core.
     */
    sendsItsOwnJobs?: boolean;
    onError: (error: Error) => void;
    /** A poison job was set aside instead of being run again (job-runs.ts). */
    onSetAside?: (job: { queue: string; id: string; reason: string }) => void;
    now?: () => Date;
  },
): Promise<JobQueue> {
  const now = options.now ?? (() => new Date());
  await assertJobSchemaSupported(database.db);
  const boss = database.pglite
    ? new PgBoss({
        db: pgliteExecutor(database.pglite),
        supervise: options.runsWorkers,
        schedule: options.runsWorkers,
      })
    : new PgBoss({
        connectionString: database.connectionString!,
        max: 4,
        supervise: options.runsWorkers,
        schedule: options.runsWorkers,
      });
  boss.on('error', options.onError);
  await boss.start();
  // Creating a queue that exists changes nothing, yet each call takes an advisory lock and runs
  // a function: read which exist first, so a restart (and every test app) skips them.
  const existing = new Set((await boss.getQueues()).map((queue) => queue.name));
  for (const job of jobs.filter((candidate) => !existing.has(candidate.name))) {
    await retryOnDeadlock(() =>
      boss.createQueue(job.name, {
        name: job.name,
        retryLimit: job.retryLimit,
        retryDelay: job.retryDelay,
        retryBackoff: true,
      }),
    );
  }

  /** This process's pg-boss workers per queue, so a job sent here is fetched at once. */
  const localWorkers = new Map<string, string[]>();

  return {
    async send(job, payload, sendOptions) {
      const { within, ...options } = sendOptions ?? {};
      await boss.send(job.name, job.payload.parse(payload) as object, {
        ...options,
        ...(within ? { db: transactionExecutor(within) } : {}),
      });
      // A worker in this process (the embedded default runs them beside the API) fetches the job
      // now rather than at its next poll, up to a second later: a demo order or a webhook is
      // handled while the seller watches. One sent inside a transaction is not visible yet, and
      // waits for the poll.
      if (!within)
        for (const workerId of localWorkers.get(job.name) ?? []) boss.notifyWorker(workerId);
    },
    async work(job, handler) {
      const batchSize = job.batchSize ?? 1;
      const runOne = async (item: BossJob) => {
        try {
          await handler(job.payload.parse(item.data));
        } catch (error) {
          // One job's failure retries that job alone: its batch siblings already ran and must not
          // run again (a marketplace order re-read spends API budget). What is kept of the error is
          // its message alone, made storable: an error can quote the order it failed on, and
          // pg-boss stores it as JSON.
          await boss
            .fail(job.name, item.id, { message: storableFailure(error) })
            .catch((failed: unknown) => options.onError(asError(failed)));
        }
      };
      const runAll = async (items: BossJob[]) => {
        if (job.batchRunsTogether) await Promise.all(items.map(runOne));
        else for (const item of items) await runOne(item);
      };
      const runBatch = async (batch: BossJob[]) => {
        // Jobs begun before and never ended were running when a process died. Each runs alone,
        // after the rest, so a poison job cannot take innocent siblings down with it again; one
        // that keeps ending its process is set aside instead of run into the same crash.
        const suspects = await unfinishedJobRuns(
          database.db,
          batch.map((item) => item.id),
        );
        const clean = batch.filter((item) => !suspects.has(item.id));
        await beginJobRuns(database.db, job.name, ids(clean), now());
        await runAll(clean);
        await endJobRuns(database.db, ids(clean));
        for (const item of batch.filter((candidate) => suspects.has(candidate.id))) {
          const starts = (await beginJobRuns(database.db, job.name, [item.id], now())).get(item.id);
          if (starts !== undefined && starts > MAX_UNFINISHED_STARTS) {
            const reason = await setJobAside(
              database.db,
              { id: item.id, queue: job.name, payload: item.data, starts: starts - 1 },
              now(),
            );
            options.onSetAside?.({ queue: job.name, id: item.id, reason });
            continue;
          }
          await runOne(item);
          await endJobRuns(database.db, [item.id]);
        }
      };
      for (let i = 0; i < (job.concurrentBatches ?? 1); i++) {
        const workerId = await boss.work(
          job.name,
          {
            pollingIntervalSeconds: options.sendsItsOwnJobs
              ? Math.max(job.pollingIntervalSeconds, OWN_JOBS_POLL_SECONDS)
              : job.pollingIntervalSeconds,
            batchSize,
          },
          async (batch) => {
            try {
              await runBatch(batch);
            } catch (error) {
              // The bookkeeping failed (the database is away): pg-boss retries the batch and stores
              // this error, so it goes as a storable message only.
              throw new Error(storableFailure(error));
            }
            // A full batch means more are likely waiting: fetch again at once instead of after the
            // polling interval, which would cap a worker at one batch per interval in a rush.
            if (batch.length === batchSize) boss.notifyWorker(workerId);
          },
        );
        localWorkers.set(job.name, [...(localWorkers.get(job.name) ?? []), workerId]);
      }
    },
    async schedule(job, cron) {
      // Writing an unchanged schedule rewrites its row: read it first, as for the queues.
      const current = (await boss.getSchedules()).find((entry) => entry.name === job.name);
      if (current?.cron === cron && current.options?.tz === SCHEDULE_TIME_ZONE) return;
      await boss.schedule(job.name, cron, {}, { tz: SCHEDULE_TIME_ZONE });
    },
    stop: () => boss.stop({ graceful: true, timeout: 10_000, close: !database.pglite }),
  };
}

type BossJob = PgBoss.Job<unknown>;

/** Cron expressions are read on Athens time, the product's clock (time/athens.ts). */
const SCHEDULE_TIME_ZONE = 'Europe/Athens';

/**
 * pg-boss's statements run through the caller's transaction, on either engine. Its SQL numbers
 * its parameters ($1…) and may use one twice: each occurrence becomes a bound value of its own.
 */
function transactionExecutor(tx: Database): PgBoss.Db {
  return {
    async executeSql(text, values = []) {
      const parts = text.split(/\$(\d+)/);
      const chunks: SQL[] = [];
      parts.forEach((part, index) => {
        chunks.push(index % 2 === 0 ? sql.raw(part) : sql`${values[Number(part) - 1] ?? null}`);
      });
      return { rows: await queryRows(tx, sql.join(chunks)) };
    },
  };
}

const ids = (items: BossJob[]) => items.map((item) => item.id);

function asError(value: unknown): Error {
  return value instanceof Error ? value : new Error(String(value));
}

/** What of a job's error is stored with it: the statement, not its parameters, as storable text. */
function storableFailure(error: unknown): string {
  return storableText(loggableError(error).message).slice(0, 1_000);
}

const DEADLOCK_DETECTED = '40P01';

/**
 * Workers starting together on a new database create the same queues at once, and PostgreSQL
 * breaks the resulting deadlock by failing one side. The queue is then made by the other, so the
 * failed side only has to try again (creating a queue that exists changes nothing).
 */
async function retryOnDeadlock<T>(run: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (pgErrorCode(error) !== DEADLOCK_DETECTED || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt + Math.random() * 50));
    }
  }
}
