import { and, eq, inArray, lt } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { orderEmails } from '../db/schema.ts';
import { loggableError } from '../http/loggable-error.ts';
import { composeOrderEmail, messageIdHost } from './compose-order-email.ts';
import { type OrderEmailRow, decide } from './decide-order.ts';
import { DesignCache } from './design-cache.ts';
import {
  type SendFailure,
  markHandedToMailServer,
  recordByHand,
  recordFailure,
  recordSent,
  recordSkip,
  recoverAbandoned,
} from './order-outcomes.ts';
import { UnsendableOrderError } from './unsendable-order.ts';

/**
 * Points where a test may kill the worker (NODE_ENV=test only), to prove that a crash between two
 * steps neither loses nor duplicates an email.
 */
export type Failpoint = 'after-claim' | 'after-decide' | 'after-smtp';

export interface DispatcherOptions {
  batchSize: number;
  /** How long an idle worker waits before looking for new orders again. */
  idleMs: number;
  /** How long a claimed order may stay in flight before it counts as abandoned by a crashed worker. */
  leaseMs: number;
  maxAttempts: number;
  /** Orders of one batch sent at the same time. */
  concurrency: number;
  failpoint?: Failpoint | undefined;
}

export const DEFAULT_DISPATCHER_OPTIONS: Omit<DispatcherOptions, 'leaseMs'> = {
  batchSize: 50,
  idleMs: 1_000,
  maxAttempts: 5,
  concurrency: 16,
};

/** A decided order whose email is composed and ready for the mail server. */
interface ReadyEmail {
  row: OrderEmailRow;
  message: MailMessage;
}

/**
 * The sender's loop: claims pending orders with SKIP LOCKED (so any number of workers share them),
 * decides each (decide-order.ts), composes its email (compose-order-email.ts), sends it, and
 * records the outcome (order-outcomes.ts). The order_emails row is the queue and the record at once.
 *
 * Every order is settled on its own: one that cannot be decided or composed (an old row, a broken
 * design, a database error) is recorded as failed or retried with its attempt counted, and the
 * other orders of its chunk go on as if it were not there.
 */
export class Dispatcher {
  private running = false;
  private loop: Promise<void> | undefined;
  private wakeUp: (() => void) | undefined;
  private lastRecovery = 0;
  private readonly designs = new DesignCache();

  constructor(
    private readonly ctx: AppContext,
    private readonly options: DispatcherOptions,
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  /** New orders are waiting: skip the rest of the idle wait. */
  wake(): void {
    this.wakeUp?.();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake();
    await this.loop;
  }

  private async run(): Promise<void> {
    while (this.running) {
      let handled = 0;
      try {
        handled = await this.runOnce();
      } catch (error) {
        this.ctx.log.error({ err: loggableError(error) }, 'dispatcher pass failed');
      }
      if (handled === 0 && this.running) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, this.options.idleMs);
          this.wakeUp = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        this.wakeUp = undefined;
      }
    }
  }

  /** One pass: recover abandoned orders, then claim and handle a batch. Returns how many it handled. */
  async runOnce(): Promise<number> {
    const now = this.ctx.clock.now();
    const { leaseMs, maxAttempts } = this.options;
    if (now.getTime() - this.lastRecovery >= Math.min(leaseMs / 2, 30_000)) {
      this.lastRecovery = now.getTime();
      await recoverAbandoned(this.ctx.db, now, leaseMs, maxAttempts);
    }
    const claimed = await this.claim(now);
    this.hit('after-claim', claimed.length);
    for (let i = 0; i < claimed.length; i += this.options.concurrency) {
      await this.handleChunk(claimed.slice(i, i + this.options.concurrency));
    }
    return claimed.length;
  }

  private async claim(now: Date): Promise<OrderEmailRow[]> {
    const { db } = this.ctx;
    const due = db
      .select({ id: orderEmails.id })
      .from(orderEmails)
      .where(
        and(
          eq(orderEmails.status, 'pending'),
          lt(orderEmails.nextAttemptAt, new Date(now.getTime() + 1)),
        ),
      )
      .orderBy(orderEmails.nextAttemptAt)
      .limit(this.options.batchSize)
      .for('update', { skipLocked: true });
    return db
      .update(orderEmails)
      .set({ status: 'sending', claimedAt: now, smtpStartedAt: null })
      .where(inArray(orderEmails.id, due))
      .returning();
  }

  /**
   * Decides and composes each order of a chunk on its own, then sends the ready ones together. The
   * "about to send" and "sent" marks are written for the whole chunk at once: a crash between them
   * leaves those orders recorded as interrupted, never sent twice. Nothing that can fail for one
   * order alone happens between the two marks except that order's own send.
   */
  private async handleChunk(rows: OrderEmailRow[]): Promise<void> {
    const { db, clock } = this.ctx;
    const prepared = await Promise.all(rows.map((row) => this.prepare(row)));
    const ready = prepared.filter((email): email is ReadyEmail => email !== undefined);
    if (ready.length === 0) return;
    this.hit('after-decide');

    const marked = await markHandedToMailServer(
      db,
      ready.map((email) => email.row),
      clock.now(),
    );
    const sending = ready.filter((email) => marked.has(email.row.id));
    const outcomes = await Promise.allSettled(
      // A mail library that throws instead of rejecting still fails only its own order.
      sending.map(async ({ message }) => this.ctx.mailer.send(message)),
    );
    this.hit('after-smtp');

    const sent: string[] = [];
    for (const [index, outcome] of outcomes.entries()) {
      const { row } = sending[index]!;
      if (outcome.status === 'fulfilled') sent.push(row.id);
      // The relay refused the message: nothing was delivered, so it may be tried again.
      else await this.fail(row, { message: errorText(outcome.reason), permanent: false });
    }
    await recordSent(db, sent, clock.now(), messageIdHost(this.ctx.config.appUrl));
  }

  /**
   * Decides one order and, when it is to be sent, composes its email. Every way this can go wrong
   * ends here, recorded on that order alone: it never rejects.
   */
  private async prepare(row: OrderEmailRow): Promise<ReadyEmail | undefined> {
    const { db, clock, config } = this.ctx;
    try {
      const decision = await decide(db, row, clock.now(), this.designs);
      if (decision.kind === 'skip') await recordSkip(db, row, decision.reason, clock.now());
      if (decision.kind === 'by-hand') await recordByHand(db, row, decision, clock.now());
      if (decision.kind !== 'send') return undefined;
      return { row, message: composeOrderEmail(config, decision.delivery) };
    } catch (error) {
      await this.fail(row, this.failureOf(row, error));
      return undefined;
    }
  }

  /** Records a failure; if even that write fails, the lease expires and recovery takes the order. */
  private async fail(row: OrderEmailRow, failure: SendFailure): Promise<void> {
    try {
      await recordFailure(
        this.ctx.db,
        row,
        failure,
        this.ctx.clock.now(),
        this.options.maxAttempts,
      );
    } catch (error) {
      this.ctx.log.error(
        { err: loggableError(error), orderEmailId: row.id },
        'recording an order’s failure failed; recovery will take it after the lease',
      );
    }
  }

  /**
   * What the seller reads about an order that could not be prepared. Unusable stored data fails
   * for good, with its own explanation; anything else (a database hiccup) is retried, and its
   * details go to the operator's log rather than the seller's activity list.
   */
  private failureOf(row: OrderEmailRow, error: unknown): SendFailure {
    if (error instanceof UnsendableOrderError) {
      this.ctx.log.warn({ orderEmailId: row.id, detail: error.detail }, 'order cannot be sent');
      return { message: error.reason, permanent: true };
    }
    this.ctx.log.error(
      { err: loggableError(error), orderEmailId: row.id },
      'preparing an order failed',
    );
    return { message: 'Thankly could not prepare this email.', permanent: false };
  }

  private hit(point: Failpoint, when = 1): void {
    if (this.options.failpoint === point && when > 0) process.kill(process.pid, 'SIGKILL');
  }
}

function errorText(reason: unknown): string {
  return reason instanceof Error ? reason.message : String(reason);
}
