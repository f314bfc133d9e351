import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, expect, test } from 'vitest';
import { z } from 'zod';
import {
  type DatabaseHandle,
  openEmbeddedDatabase,
  openServerDatabase,
  queryRows,
} from '../../src/infrastructure/db/database.ts';
import {
  type JobQueue,
  defineJob,
  startJobQueue,
} from '../../src/infrastructure/jobs/job-queue.ts';
import { jobRuns, setAsideJobs } from '../../src/infrastructure/db/schema.ts';
import { supportedJobSchema } from '../../src/infrastructure/jobs/job-schema-guard.ts';
import { untilIdle } from '../support/idle.ts';
import { createTestDatabase } from '../support/test-databases.ts';

// The job queue on each engine by itself: embedded PGlite goes through Thankly's own SQL adapter,
// the PostgreSQL server through pg-boss's pool.

const greetingJob = defineJob({
  name: 'test-greeting',
  payload: z.object({ to: z.string() }),
  retryLimit: 2,
  retryDelay: 1,
  pollingIntervalSeconds: 0.5,
  batchSize: 5,
});

const cleanups: Array<() => Promise<unknown>> = [];
const queueErrors: Error[] = [];
afterEach(async () => {
  const duringTest = queueErrors.splice(0);
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  // Dropping a test database ends any connection pg-boss is still closing ("terminating connection
  // due to administrator command"): the cleanup's doing, not the queue's.
  queueErrors.splice(0);
  expect(duringTest).toEqual([]);
});

async function openTestDatabase(): Promise<DatabaseHandle> {
  const testDb = await createTestDatabase();
  cleanups.push(() => testDb.drop());
  const handle = testDb.databaseUrl
    ? await openServerDatabase(testDb.databaseUrl, 4)
    : await openEmbeddedDatabase(path.join(testDb.dataDir, 'pglite'));
  cleanups.push(() => handle.close());
  return handle;
}

async function start(
  handle: DatabaseHandle,
  jobs: Parameters<typeof startJobQueue>[1] = [greetingJob],
  options: { sendsItsOwnJobs?: boolean } = {},
): Promise<JobQueue> {
  const queue = await startJobQueue(handle, jobs, {
    runsWorkers: true,
    onError: (error) => queueErrors.push(error),
    ...options,
  });
  cleanups.push(() => queue.stop());
  return queue;
}

const WAIT = { timeout: 15_000, interval: 100 };

test('a sent job is worked with its payload; a failed one is retried alone, not its batch', async () => {
  const handle = await openTestDatabase();
  const queue = await start(handle);
  // Both are queued before anyone works the queue, so they are fetched in one batch.
  await queue.send(greetingJob, { to: 'ada' });
  await queue.send(greetingJob, { to: 'bob' });

  // The batch's second job fails once, whichever it is; the first has already been handled.
  const attempts: string[] = [];
  const done = new Set<string>();
  await queue.work(greetingJob, async ({ to }) => {
    attempts.push(to);
    if (attempts.length === 2) throw new Error('relay down');
    done.add(to);
  });

  await expect.poll(() => done.size, WAIT).toBe(2);
  // Nothing left to run: a third attempt would have happened by now.
  await untilIdle(handle.db);
  const [first, second] = attempts;
  expect(attempts).toEqual([first, second, second]);
  expect(new Set([first, second])).toEqual(new Set(['ada', 'bob']));
});

const rushJob = defineJob({
  name: 'test-rush',
  payload: z.object({ n: z.number() }),
  retryLimit: 0,
  retryDelay: 1,
  // Longer than the test may take: only a worker that fetches again after a full batch finishes.
  pollingIntervalSeconds: 60,
  batchSize: 5,
  batchRunsTogether: true,
});

test('a rush is worked batch after batch without waiting out the polling interval, each batch at once', async () => {
  const handle = await openTestDatabase();
  const queue = await start(handle, [rushJob]);
  for (let n = 0; n < 23; n++) await queue.send(rushJob, { n });

  const done = new Set<number>();
  let running = 0;
  let mostAtOnce = 0;
  await queue.work(rushJob, async ({ n }) => {
    running++;
    mostAtOnce = Math.max(mostAtOnce, running);
    await new Promise((resolve) => setTimeout(resolve, 20));
    running--;
    done.add(n);
  });

  await expect.poll(() => done.size, WAIT).toBe(23);
  expect(mostAtOnce).toBeGreaterThan(1);
  expect(mostAtOnce).toBeLessThanOrEqual(5);
});

const crashJob = defineJob({
  name: 'test-crash',
  payload: z.object({ to: z.string() }),
  retryLimit: 2,
  retryDelay: 1,
  pollingIntervalSeconds: 0.5,
  batchSize: 5,
  batchRunsTogether: true,
});

async function jobIdOf(handle: DatabaseHandle, queue: string, to: string): Promise<string> {
  const rows = await queryRows<{ id: string }>(
    handle.db,
    sql`SELECT id FROM pgboss.job WHERE name = ${queue} AND data->>'to' = ${to}`,
  );
  return rows[0]!.id;
}

test('a job that ended its process on every start is set aside with why; one that only shared its batch runs alone', async () => {
  const handle = await openTestDatabase();
  const queue = await start(handle, [crashJob]);
  for (const to of ['poison', 'sibling', 'fresh']) await queue.send(crashJob, { to });
  // What processes that died left behind: the poison job began three times and never ended, its
  // sibling began once, in the batch that died with it.
  const now = new Date();
  await handle.db.insert(jobRuns).values([
    {
      jobId: await jobIdOf(handle, 'test-crash', 'poison'),
      queue: 'test-crash',
      starts: 3,
      lastStartedAt: now,
    },
    {
      jobId: await jobIdOf(handle, 'test-crash', 'sibling'),
      queue: 'test-crash',
      starts: 1,
      lastStartedAt: now,
    },
  ]);

  const handled: string[] = [];
  let runningWithSibling = 0;
  let running = 0;
  await queue.work(crashJob, async ({ to }) => {
    running++;
    if (to === 'sibling') runningWithSibling = running - 1;
    await new Promise((resolve) => setTimeout(resolve, 20));
    running--;
    handled.push(to);
  });

  await expect.poll(() => handled.length, WAIT).toBe(2);
  await untilIdle(handle.db);
  // The fresh job first; the suspect after it, alone; the poison job never again.
  expect(handled).toEqual(['fresh', 'sibling']);
  expect(runningWithSibling).toBe(0);
  const setAside = await handle.db.select().from(setAsideJobs);
  expect(setAside).toEqual([
    expect.objectContaining({
      queue: 'test-crash',
      payload: { to: 'poison' },
      reason: expect.stringMatching(/began 3 times and each time the process running it stopped/),
    }),
  ]);
  expect(await handle.db.select().from(jobRuns)).toEqual([]);
});

test('a recurring job is stored with its cron and the Athens time zone', async () => {
  const handle = await openTestDatabase();
  const queue = await start(handle);
  await queue.schedule(greetingJob, '17 * * * *');
  await queue.schedule(greetingJob, '5 * * * *');

  const { rows } = (await handle.db.execute(
    sql`SELECT name, cron, timezone FROM pgboss.schedule`,
  )) as unknown as { rows: unknown[] };
  expect(rows).toEqual([{ name: 'test-greeting', cron: '5 * * * *', timezone: 'Europe/Athens' }]);
});

test('a payload that breaks the job schema is refused before it is queued', async () => {
  const handle = await openTestDatabase();
  const queue = await start(handle);
  await expect(queue.send(greetingJob, { to: 42 } as never)).rejects.toThrow();
});

test('job tables left by a newer pg-boss stop start-up with a message saying what to do', async () => {
  const handle = await openTestDatabase();
  const first = await startJobQueue(handle, [greetingJob], {
    runsWorkers: false,
    onError: (error) => queueErrors.push(error),
  });
  await first.stop();
  await handle.db.execute(sql`UPDATE pgboss.version SET version = ${supportedJobSchema + 19}`);

  await expect(start(handle)).rejects.toThrow(
    /written by a newer pg-boss than this release runs .*DROP SCHEMA pgboss CASCADE/,
  );
});

// Only the PostgreSQL server has several processes; the embedded database has one.
test.skipIf(process.env.TEST_ENGINE !== 'postgres')(
  'workers starting together on a new database all start, though they create the same queues at once',
  async () => {
    const first = await openTestDatabase();
    const others = await Promise.all(
      [1, 2].map(async () => {
        const handle = await openServerDatabase(first.connectionString!, 4);
        cleanups.push(() => handle.close());
        return handle;
      }),
    );
    const jobs = Array.from({ length: 8 }, (_, i) => ({ ...greetingJob, name: `test-start-${i}` }));
    const started = await Promise.allSettled(
      [first, ...others].map(async (handle) => {
        await start(handle, jobs);
      }),
    );
    expect(started.map((s) => (s.status === 'rejected' ? String(s.reason) : s.status))).toEqual([
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ]);
  },
);

test('a restart keeps its queues and schedules, and a changed schedule is written', async () => {
  const handle = await openTestDatabase();
  const schedules = () =>
    queryRows<{ name: string; cron: string; updated_on: Date }>(
      handle.db,
      sql`SELECT name, cron, updated_on FROM pgboss.schedule WHERE name = ${greetingJob.name}`,
    );
  const first = await start(handle);
  await first.schedule(greetingJob, '17 * * * *');
  const [written] = await schedules();
  expect(written?.cron).toBe('17 * * * *');
  await first.stop();

  // A restart with the same schedule leaves the row alone; a new cron replaces it.
  const second = await start(handle);
  await second.schedule(greetingJob, '17 * * * *');
  expect((await schedules())[0]?.updated_on).toEqual(written?.updated_on);
  await second.schedule(greetingJob, '*/5 * * * *');
  expect((await schedules()).map((row) => row.cron)).toEqual(['*/5 * * * *']);

  // The queue made by the first start still takes work after the second.
  const greeted: string[] = [];
  await second.work(greetingJob, async ({ to }) => void greeted.push(to));
  await second.send(greetingJob, { to: 'again' });
  await expect.poll(() => greeted, WAIT).toContain('again');
});

test('a job sent by the process that works its queue is fetched at once, not at the next poll', async () => {
  // Polled every five minutes: only the nudge the send gives this process's worker can run it
  // within the wait below.
  const slowPollJob = defineJob({
    name: 'test-slow-poll',
    payload: z.object({ to: z.string() }),
    retryLimit: 0,
    retryDelay: 1,
    pollingIntervalSeconds: 300,
  });
  const handle = await openTestDatabase();
  const queue = await start(handle, [slowPollJob]);
  const done: string[] = [];
  await queue.work(slowPollJob, async ({ to }) => void done.push(to));
  // The worker's first fetch, at start, found nothing; it now sleeps for its interval.
  await untilIdle(handle.db);

  await queue.send(slowPollJob, { to: 'ada' });
  await expect.poll(() => done, WAIT).toEqual(['ada']);
});

test('a process that sends its own jobs polls less, yet still works a job queued inside a transaction and a retry', async () => {
  // Such a process (ROLE=all) is woken by its own sends; what no send wakes it for is found by
  // the poll, slowed to every 5 s: a job queued in a transaction (visible only at its commit)
  // and the retry of a failed one.
  const handle = await openTestDatabase();
  const queue = await start(handle, [greetingJob], { sendsItsOwnJobs: true });
  const greeted: string[] = [];
  let failedOnce = false;
  await queue.work(greetingJob, async ({ to }) => {
    if (to === 'bob' && !failedOnce) {
      failedOnce = true;
      throw new Error('relay away');
    }
    greeted.push(to);
  });
  await untilIdle(handle.db);

  await handle.db.transaction(async (tx) => {
    await queue.send(greetingJob, { to: 'ada' }, { within: tx });
  });
  await queue.send(greetingJob, { to: 'bob' });
  await expect
    .poll(() => [...greeted].sort(), { timeout: 30_000, interval: 200 })
    .toEqual(['ada', 'bob']);
  expect(failedOnce).toBe(true);
}, 45_000);
