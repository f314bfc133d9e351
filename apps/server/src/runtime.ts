import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createBilling } from './billing/billing.ts';
import { accountMailJob, runAccountMailJob } from './auth/account-mail-job.ts';
import { resolveAppSecret } from './infrastructure/config/app-secret.ts';
import type { AppConfig } from './app-config.ts';
import type { AppContext } from './context.ts';
import { createCardRenderer } from './thank-by-hand/card-renderer.ts';
import {
  DEFAULT_TRACKING_RECORDER_OPTIONS,
  TrackingEventRecorder,
} from './insights/record-event.ts';
import { lockDataDir } from './infrastructure/db/data-dir-lock.ts';
import {
  type DatabaseHandle,
  openEmbeddedDatabase,
  openServerDatabase,
} from './infrastructure/db/database.ts';
import { startPollLoop } from './sending/poll-loop.ts';
import { DEFAULT_RATE_LIMITS, type RateLimitSettings } from './infrastructure/http/rate-limits.ts';
import { cleanupJob, runCleanup } from './cleanup-job.ts';
import { blockRetryJob, retryBlockedEmails } from './bounces/block-retries.ts';
import { logSendingQueue, sendingQueueLogJob } from './sending/sending-queue.ts';
import { resealShopCredentials } from './marketplace/shops-service.ts';
import {
  RECHECK_SCHEDULE,
  recheckDomainsJob,
  recheckDueDomains,
} from './sending-domains/recheck-job.ts';
import { resealDkimKeys } from './sending-domains/reseal-dkim-keys.ts';
import { type JobWorker, jobWorker, startJobQueue } from './infrastructure/jobs/job-queue.ts';
import type { DkimKey } from './infrastructure/mail/dkim-signature.ts';
import { sendMailJob } from './infrastructure/mail/mail-job.ts';
import { resolvePlatformDkim } from './infrastructure/mail/platform-dkim.ts';
import { warnAboutSenderDns } from './infrastructure/mail/sender-dns-check.ts';
import { createMarketplaces, loadMarketplaceJobs } from './marketplace/registry.ts';
import {
  DEFAULT_DISPATCHER_OPTIONS,
  Dispatcher,
  type DispatcherOptions,
  parseFailpoint,
} from './sending/dispatcher.ts';
import {
  applyPollInterval,
  ingestOrderNotification,
  orderNotificationJob,
  pollDueShops,
  pollShopsJob,
} from './marketplace/ingest.ts';
import { type Mailer, createOutboxMailer, createSmtpMailer } from './infrastructure/mail/mailer.ts';
import { createRelayPacing } from './infrastructure/mail/relay-pacing.ts';
import { type Clock, systemClock } from './infrastructure/time/athens.ts';
import { loggableError } from './infrastructure/http/loggable-error.ts';
import {
  type DestinationStream,
  type Logger,
  createLogger,
} from './infrastructure/logging/logger.ts';
import { createMediaStorage } from './media/create-media-storage.ts';
import type { MediaStorage } from './media/media-storage.ts';

export interface RuntimeOverrides {
  clock?: Clock;
  rateLimits?: Partial<RateLimitSettings>;
  /** Tests hand in their own image storage (an S3 stand-in). */
  mediaStorage?: MediaStorage;
  /** False: log nothing, whatever LOG_LEVEL says. */
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: DestinationStream;
  dispatcher?: Partial<DispatcherOptions>;
  /** False: no recurring jobs (tests that run a poll themselves and must not race the clock). */
  schedules?: boolean;
}

export interface Runtime {
  ctx: AppContext;
  /** Absent for ROLE=worker, which serves no HTTP. */
  app: FastifyInstance | undefined;
  /** The bounce listener's port (BOUNCE_SMTP_PORT=0 picks a free one); absent when none runs. */
  bounceSmtpPort: number | undefined;
  stop(): Promise<void>;
}

/**
 * Everything one process runs, per ROLE: the database (embedded or server), mail, the job queue
 * and its workers, and the HTTP app. Stopping undoes it in reverse order.
 */
export async function startRuntime(
  config: AppConfig,
  overrides: RuntimeOverrides = {},
): Promise<Runtime> {
  const cleanups: Array<() => Promise<unknown> | unknown> = [];
  const stop = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  };
  const log = createLogger(
    overrides.logger === false ? 'silent' : config.logLevel,
    overrides.logStream,
  );
  try {
    if (!config.databaseUrl) {
      const release = await lockDataDir(config.dataDir, (error) => {
        // Another process took the directory: carrying on would corrupt it.
        log.fatal(`Lost the lock on ${config.dataDir}: ${error.message}. Stopping.`);
        process.exit(1);
      });
      cleanups.push(release);
    }
    const appSecret = await resolveAppSecret(config.appSecret, config.dataDir);
    const database: DatabaseHandle = config.databaseUrl
      ? // Workers hold a connection per order in flight (the seller lock), so they get a larger pool.
        await openServerDatabase(config.databaseUrl, config.role === 'api' ? 10 : 20)
      : await openEmbeddedDatabase(path.join(config.dataDir, 'pglite'));
    cleanups.push(() => database.close());

    const platformDkim = await resolvePlatformDkim(config, database.db, {
      appSecret,
      previousAppSecrets: config.previousAppSecrets,
    });
    // Printed at every start, so the operator always has the record to publish at hand.
    log.info(
      { dkimRecord: platformDkim.record, generated: platformDkim.generated },
      `DKIM for MAIL_FROM's domain: publish TXT ${platformDkim.record.name} "${platformDkim.record.value}"`,
    );
    // In the background: a slow or absent DNS server never holds up start.
    void warnAboutSenderDns(config, platformDkim, log);
    const mailer = createMailer(config, database, platformDkim.key, log);
    cleanups.push(() => mailer.close());

    const runsWorkers = config.role !== 'api';
    const clock = overrides.clock ?? systemClock;
    const workers = await jobWorkers();
    const jobs = await startJobQueue(
      database,
      workers.map((worker) => worker.job),
      {
        runsWorkers,
        sendsItsOwnJobs: config.role === 'all',
        onError: (error) => log.error({ err: loggableError(error) }, 'job queue error'),
        onSetAside: (job) => log.error(job, 'poison job set aside'),
        now: () => clock.now(),
      },
    );
    cleanups.push(() => jobs.stop());

    const resolvedConfig = { ...config, appSecret };
    let dispatcher: Dispatcher | undefined;
    const ctx: AppContext = {
      config: resolvedConfig,
      database,
      db: database.db,
      mailer,
      jobs,
      sendMail: (message, options) => jobs.send(sendMailJob, message, options),
      clock,
      log,
      marketplaces: createMarketplaces({
        config: resolvedConfig,
        db: database.db,
        now: () => clock.now(),
      }),
      notifyNewOrders: () => dispatcher?.wake(),
      rateLimits: { ...DEFAULT_RATE_LIMITS, ...overrides.rateLimits },
      billing: null,
      mediaStorage: overrides.mediaStorage ?? (await createMediaStorage(resolvedConfig)),
      // Its thread starts with the first print batch: a worker process never starts one.
      cardRenderer: createCardRenderer(),
      trackingEvents: new TrackingEventRecorder(database.db, {
        ...DEFAULT_TRACKING_RECORDER_OPTIONS,
        onDropped: (count) =>
          log.warn({ count }, 'tracking events not counted: more arrived than the database took'),
        onWriteFailed: (error, count) =>
          log.error({ err: loggableError(error), count }, 'tracking events could not be written'),
      }),
    };
    cleanups.push(() => ctx.cardRenderer.close());
    // Stops after the HTTP app (cleanups run in reverse), so the last requests' events are written.
    cleanups.push(() => ctx.trackingEvents.flush());
    // Billing is built from the rest of the context, so once that is there. Only
    // HTTP routes use it: a worker goes without, and without the payment provider's SDK.
    if (config.role !== 'worker') ctx.billing = await createBilling(ctx);

    if (runsWorkers) {
      await applyPollInterval(ctx);
      for (const worker of workers) {
        await jobs.work(worker.job, (payload) => worker.run(ctx, payload));
        if (worker.schedule && (worker.scheduleAlways || overrides.schedules !== false)) {
          await jobs.schedule(worker.job, worker.schedule);
        }
      }
      if (overrides.schedules !== false) {
        const pollLoop = startPollLoop(ctx);
        cleanups.push(() => pollLoop.stop());
      }
      const running = new Dispatcher(ctx, {
        ...DEFAULT_DISPATCHER_OPTIONS,
        // Twice the relay's connections in flight: while one order is on a connection, the next
        // is being decided and composed, so no connection the relay allows waits for work.
        concurrency: Math.max(
          DEFAULT_DISPATCHER_OPTIONS.concurrency,
          2 * (config.relay.maxConnections ?? 0),
        ),
        leaseMs: config.sendLeaseSeconds * 1000,
        failpoint:
          config.env === 'test' ? parseFailpoint(process.env.THANKLY_FAILPOINT) : undefined,
        ...overrides.dispatcher,
      });
      running.start();
      dispatcher = running;
      cleanups.push(() => running.stop());
    }

    // Bounces and complaints are background work: the processes that run the workers take them.
    let bounceSmtpPort: number | undefined;
    if (runsWorkers && config.deliverability.bounceSmtpPort !== undefined) {
      // Loaded only where it runs: the SMTP server and mail parser cost tens of megabytes.
      const { startBounceListener } = await import('./bounces/bounce-listener.ts');
      const listener = await startBounceListener(ctx);
      bounceSmtpPort = listener.port;
      cleanups.push(() => listener.close());
    }

    let app: FastifyInstance | undefined;
    if (config.role !== 'worker') {
      // Loaded only by processes that serve HTTP: a worker never needs the routes and what they pull in.
      const { buildApp } = await import('./app.ts');
      const built = await buildApp(ctx);
      app = built;
      cleanups.push(() => built.close());
    }
    return { ctx, app, bounceSmtpPort, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * Every job a process knows, once: its queue is created from this entry in every role, and worked
 * and scheduled from it where workers run. A marketplace's own jobs come with its module.
 */
async function jobWorkers(): Promise<JobWorker<AppContext>[]> {
  return [
    jobWorker(sendMailJob, async ({ mailer }, message) => {
      await mailer.send(message);
    }),
    jobWorker(accountMailJob, runAccountMailJob),
    jobWorker(
      cleanupJob,
      async (ctx) => {
        await runCleanup(ctx.db, ctx.clock.now());
        await resealShopCredentials(ctx);
        await resealDkimKeys(ctx);
      },
      { schedule: '17 * * * *', scheduleAlways: true },
    ),
    jobWorker(orderNotificationJob, (ctx, { shopId, orderId }) =>
      ingestOrderNotification(ctx, shopId, orderId),
    ),
    jobWorker(pollShopsJob, (ctx) => pollDueShops(ctx), { schedule: '* * * * *' }),
    jobWorker(
      recheckDomainsJob,
      async (ctx) => {
        await recheckDueDomains(ctx);
      },
      { schedule: RECHECK_SCHEDULE },
    ),
    // Blocked emails whose next try is due (bounces/block-retries.ts): looked for every minute.
    jobWorker(
      blockRetryJob,
      async (ctx) => {
        await retryBlockedEmails(ctx, ctx.clock.now());
      },
      { schedule: '* * * * *' },
    ),
    // The sending queue in the log while mail waits or is in flight (sending-queue.ts).
    jobWorker(
      sendingQueueLogJob,
      async (ctx) => {
        await logSendingQueue(ctx, ctx.clock.now());
      },
      { schedule: '* * * * *' },
    ),
    ...(await loadMarketplaceJobs()),
  ];
}

/** loadConfig has already refused a production setup without SMTP_URL. */
function createMailer(
  config: AppConfig,
  database: DatabaseHandle,
  platformKey: DkimKey,
  log: Logger,
): Mailer {
  if (!config.smtpUrl) return createOutboxMailer(database.db, config.mailFrom, platformKey);
  const pacing = createRelayPacing({
    ratePerSecond: config.relay.ratePerSecond,
    onPause: ({ ms, reply }) =>
      log.warn(
        { alert: 'relay-busy', pauseMs: ms, reply },
        'the mail relay kept answering 421 (busy): no new messages start until the pause ends',
      ),
  });
  return createSmtpMailer(config.smtpUrl, config.mailFrom, platformKey, {
    maxConnections: config.relay.maxConnections,
    pacing,
  });
}
