import type { ResolvedConfig } from './infrastructure/config/app-secret.ts';
import type { Database, DatabaseHandle } from './infrastructure/db/database.ts';
import type { RateLimitSettings } from './infrastructure/http/rate-limits.ts';
import type { JobQueue } from './infrastructure/jobs/job-queue.ts';
import type { Logger } from './infrastructure/logging/logger.ts';
import type { MailMessage, Mailer } from './infrastructure/mail/mailer.ts';
import type { Clock } from './infrastructure/time/athens.ts';

/**
 * The process's infrastructure, the part of the AppContext (context.ts) that names no capability.
 * A capability whose own service the AppContext holds (marketplaces, billing, cards) takes what it
 * uses of this part instead of the AppContext, so that the context can name its service without
 * the two importing each other.
 */
export interface BaseContext {
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
  /** Tells this process's sender that new orders wait (no-op where no sender runs). */
  notifyNewOrders(): void;
  rateLimits: RateLimitSettings;
}
