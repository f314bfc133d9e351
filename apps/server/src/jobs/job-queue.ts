import PgBoss from 'pg-boss';
import type { z } from 'zod';
import { type DatabaseHandle, pgErrorCode } from '../db/database.ts';
import { assertJobSchemaSupported } from './job-schema-guard.ts';
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
}

export function defineJob<S extends z.ZodType>(definition: JobDefinition<S>): JobDefinition<S> {
  return definition;
}

export interface JobQueue {
  send<S extends z.ZodType>(
    job: JobDefinition<S>,
    payload: z.input<S>,
    /** startAfter: seconds before the job may first run. */
    options?: { singletonKey?: string; startAfter?: number },
  ): Promise<void>;
  /** Runs handlers for a job kind in this process (worker role). */
  work<S extends z.ZodType>(
    job: JobDefinition<S>,
    handler: (payload: z.output<S>) => Promise<void>,
  ): Promise<void>;
  schedule(job: JobDefinition<z.ZodType>, cron: string): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Jobs live in PostgreSQL (pg-boss) on either engine, so any worker process can take them and a
 * crashed worker's jobs are retried by another. pg-boss is held at 10.x: later majors require
 * Node 22, and Thankly supports Node 20.
 */
export async function startJobQueue(
  database: DatabaseHandle,
  jobs: JobDefinition<z.ZodType>[],
  options: { runsWorkers: boolean; onError: (error: Error) => void },
): Promise<JobQueue> {
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
  for (const job of jobs) {
    await retryOnDeadlock(() =>
      boss.createQueue(job.name, {
        name: job.name,
        retryLimit: job.retryLimit,
        retryDelay: job.retryDelay,
        retryBackoff: true,
      }),
    );
  }

  return {
    async send(job, payload, sendOptions) {
      await boss.send(job.name, job.payload.parse(payload) as object, sendOptions ?? {});
    },
    async work(job, handler) {
      const batchSize = job.batchSize ?? 1;
      const workerId = await boss.work(
        job.name,
        { pollingIntervalSeconds: job.pollingIntervalSeconds, batchSize },
        async (batch) => {
          // One job's failure retries that job alone: its batch siblings already ran and must not
          // run again (a marketplace order re-read spends API budget). pg-boss then completes the
          // rest of the batch and leaves the failed one waiting for its retry.
          const runOne = async (item: (typeof batch)[number]) => {
            try {
              await handler(job.payload.parse(item.data));
            } catch (error) {
              await boss.fail(job.name, item.id, error instanceof Error ? error : { error });
            }
          };
          if (job.batchRunsTogether) await Promise.all(batch.map(runOne));
          else for (const item of batch) await runOne(item);
          // A full batch means more are likely waiting: fetch again at once instead of after the
          // polling interval, which would cap a worker at one batch per interval in a rush.
          if (batch.length === batchSize) boss.notifyWorker(workerId);
        },
      );
    },
    async schedule(job, cron) {
      await boss.schedule(job.name, cron, {}, { tz: 'Europe/Athens' });
    },
    stop: () => boss.stop({ graceful: true, timeout: 10_000, close: !database.pglite }),
  };
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
