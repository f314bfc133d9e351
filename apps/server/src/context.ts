import type { BillingService } from './billing/billing-service.ts';
import type { Config } from './config/env.ts';
import type { Database, DatabaseHandle } from './db/database.ts';
import type { RateLimitSettings } from './http/rate-limits.ts';
import type { JobQueue } from './jobs/job-queue.ts';
import type { Logger } from './logging/logger.ts';
import type { MediaStorage } from './media/media-storage.ts';
import type { Marketplaces } from './marketplace/registry.ts';
import type { MailMessage, Mailer } from './mail/mailer.ts';
import type { TrackingEventRecorder } from './insights/record-event.ts';
import type { CardRenderer } from './thank-by-hand/card-renderer.ts';
import type { Clock } from './time/athens.ts';

export type ResolvedConfig = Config & { appSecret: string };

/** What every capability needs from the outside world, built once per process. */
export interface AppContext {
  config: ResolvedConfig;
  database: DatabaseHandle;
  db: Database;
  /** Delivers now; product mail should go through sendMail instead. */
  mailer: Mailer;
  jobs: JobQueue;
  /**
   * Queues product mail for the mail worker; `within` a transaction, it is queued exactly when
   * that transaction commits.
   */
  sendMail(message: MailMessage, options?: { within?: Database }): Promise<void>;
  /** The one clock every service reads "now" from (tests move it). */
  clock: Clock;
  /** The one logger, at LOG_LEVEL: the API's request lines and the workers' reports alike. */
  log: Logger;
  marketplaces: Marketplaces;
  /** Card payments (Stripe or the demo checkout), or null when neither is set up. */
  billing: BillingService | null;
  /** Tells this process's sender that new orders wait (no-op where no sender runs). */
  notifyNewOrders(): void;
  rateLimits: RateLimitSettings;
  /** Where uploaded images' bytes live (disk or S3). */
  mediaStorage: MediaStorage;
  /** Draws printed cards off the event loop, and keeps them per order and template version. */
  cardRenderer: CardRenderer;
  /** Opens and clicks of sent emails, written once a second; flush() writes what waits. */
  trackingEvents: TrackingEventRecorder;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
