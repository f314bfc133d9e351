import { and, eq, inArray, lt } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import {
  DeliveryUnconfirmedError,
  HandOverDeclinedError,
} from '../infrastructure/mail/hand-over-transport.ts';
import type { MailMessage } from '../infrastructure/mail/mailer.ts';
import { orderEmails } from '../infrastructure/db/schema.ts';
import { loggableError } from '../infrastructure/http/loggable-error.ts';
import { composeOrderEmail } from './compose-order-email.ts';
import { type OrderEmailRow, type OrderHold, decide } from './decide-order.ts';
import { DesignCache } from './design-cache.ts';
import {
  type SendFailure,
  markHandedToMailServer,
  recordByHand,
  recordFailure,
  recordSent,
  recordSkip,
  recordUnconfirmed,
  recoverAbandoned,
} from './order-outcomes.ts';
import { UnsendableOrderError } from '../orders/unsendable-order.ts';
import { WriteCoalescer } from '../infrastructure/concurrency/write-coalescer.ts';

/** Marks and records of orders in flight share a write, up to this many (a bounded statement). */
const MAX_ORDERS_PER_WRITE = 64;

/**
 * Points where a test may kill the worker (NODE_ENV=test only), to prove that a crash between two
 * steps neither loses nor duplicates an email.
 */
export type Failpoint = 'after-claim' | 'after-decide' | 'after-smtp';

/**
 * A failpoint and how many times it is passed before the worker dies there
 * (THANKLY_FAILPOINT=after-smtp:6).
 */
export function parseFailpoint(
  value: string | undefined,
): { point: Failpoint; times: number } | undefined {
  const match = /^(after-claim|after-decide|after-smtp)(?::(\d+))?$/.exec(value ?? '');
  return match ? { point: match[1] as Failpoint, times: Number(match[2] ?? 1) } : undefined;
}

export interface DispatcherOptions {
  batchSize: number;
  /** How long an idle worker waits before looking for new orders again. */
  idleMs: number;
  /** How long a claimed order may stay in flight before it counts as abandoned by a crashed worker. */
  leaseMs: number;
  maxAttempts: number;
  /** Orders in flight at once (deciding, sending or recording), across batches. */
  concurrency: number;
  failpoint?: { point: Failpoint; times: number } | undefined;
}

export const DEFAULT_DISPATCHER_OPTIONS: Omit<DispatcherOptions, 'leaseMs'> = {
  batchSize: 50,
  idleMs: 1_000,
  maxAttempts: 5,
  concurrency: 16,
};

/** An order about to be marked as handed to the mail server, with what its row records then. */
interface HandOver {
  row: OrderEmailRow;
  hold: OrderHold | undefined;
}

/** A decided order whose email is composed and ready for the mail server. */
interface ReadyEmail {
  handOver: HandOver;
  message: MailMessage;
}

/**
 * The sender's loop: claims pending orders with SKIP LOCKED (so any number of workers share them),
 * decides each (decide-order.ts), composes its email (compose-order-email.ts), sends it, and
 * records the outcome (order-outcomes.ts). The order_emails row is the queue and the record at once.
 *
 * Orders flow through a window of `concurrency` orders in flight: as soon as one settles the next
 * claimed order takes its place, and the next batch is claimed as soon as the last order of the
 * current one has entered the window, so the mail server never waits for a slow order of a batch
 * or for the next claim.
 *
 * Exactly once: each order's "handed to the mail server" mark is written once a mail server
 * connection is free for it (the mailer's hand-over check; the envelope goes over meanwhile), and
 * has come back before the message's end, the only point after which the mail server may accept
 * it; its "sent" record is written after its send was accepted. A crash
 * between the two leaves that order recorded as interrupted (recoverAbandoned), never sent twice;
 * a crash before its mark (an order still waiting for a connection included) puts it back in the
 * queue. So at most one order per connection can be caught between its mark and its transaction.
 * The marks and records of orders that reach those steps at about the same time share one write (WriteCoalescer), which changes how many
 * round trips they take, not the order of the steps for any one order.
 *
 * Every order is settled on its own: one that cannot be decided or composed (an old row, a broken
 * design, a database error) is recorded as failed or retried with its attempt counted, and the
 * other orders in flight go on as if it were not there.
 */
export class Dispatcher {
  private running = false;
  private loop: Promise<void> | undefined;
  private wakeUp: (() => void) | undefined;
  private lastRecovery = 0;
  private readonly designs = new DesignCache();
  /** Orders claimed by this worker and not yet settled, each until its outcome is recorded. */
  private readonly inFlight = new Set<Promise<void>>();
  private readonly handedToMailServer = new WriteCoalescer<HandOver, boolean>(async (emails) => {
    const marked = await markHandedToMailServer(this.ctx.db, emails, this.ctx.clock.now());
    return ({ row }) => marked.has(row.id);
  }, MAX_ORDERS_PER_WRITE);
  private readonly sentRecords = new WriteCoalescer<{ id: string; messageId: string }, void>(
    async (sent) => {
      await recordSent(this.ctx.db, sent, this.ctx.clock.now());
      return () => undefined;
    },
    MAX_ORDERS_PER_WRITE,
  );

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

  /** Stops claiming; resolves once every order already claimed is settled. */
  async stop(): Promise<void> {
    this.running = false;
    this.wake();
    await this.loop;
  }

  private async run(): Promise<void> {
    while (this.running) {
      let claimed = 0;
      try {
        claimed = await this.claimIntoWindow();
      } catch (error) {
        this.ctx.log.error({ err: loggableError(error) }, 'dispatcher pass failed');
      }
      if (claimed > 0 || !this.running) continue;
      // Nothing new: let the orders in flight settle before looking again, or wait when idle.
      if (this.inFlight.size > 0) await this.settled();
      else await this.idle();
    }
    await this.settled();
  }

  /**
   * Waits for room in the window, then claims as many due orders as fit (at most a batch) and
   * admits them, so new orders are handled while earlier ones are still in flight. Only as many as
   * fit: an order's lease runs from its claim, and one claimed ahead of room waited out part of its
   * lease behind the others; behind a slow relay or on a starved machine it was taken for
   * abandoned, its attempts counted, before its turn came. Returns how many it claimed.
   */
  private async claimIntoWindow(): Promise<number> {
    const { leaseMs, maxAttempts, concurrency, batchSize } = this.options;
    while (this.inFlight.size >= concurrency) await Promise.race(this.inFlight);
    // Stopped while waiting for room: claim nothing more.
    if (!this.running) return 0;
    const now = this.ctx.clock.now();
    if (now.getTime() - this.lastRecovery >= Math.min(leaseMs / 2, 30_000)) {
      this.lastRecovery = now.getTime();
      await recoverAbandoned(this.ctx.db, now, leaseMs, maxAttempts);
    }
    const claimed = await this.claim(now, Math.min(batchSize, concurrency - this.inFlight.size));
    this.hit('after-claim', claimed.length);
    for (const row of claimed) {
      const settling: Promise<void> = this.handle(row).finally(() =>
        this.inFlight.delete(settling),
      );
      this.inFlight.add(settling);
    }
    return claimed.length;
  }

  private async settled(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all(this.inFlight);
  }

  private idle(): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, this.options.idleMs);
      this.wakeUp = () => {
        clearTimeout(timer);
        resolve();
      };
    }).finally(() => {
      this.wakeUp = undefined;
    });
  }

  private async claim(now: Date, limit: number): Promise<OrderEmailRow[]> {
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
      .limit(limit)
      .for('update', { skipLocked: true });
    return db
      .update(orderEmails)
      .set({ status: 'sending', claimedAt: now, smtpStartedAt: null })
      .where(inArray(orderEmails.id, due))
      .returning();
  }

  /**
   * Takes one claimed order from decision to recorded outcome. Never rejects: whatever goes wrong
   * is recorded on this order, or, when even that write fails, left to recovery after the lease.
   */
  private async handle(row: OrderEmailRow): Promise<void> {
    const email = await this.prepare(row);
    if (!email) return;
    this.hit('after-decide');
    // The mark is written by the mailer once a connection is free for this email, and the email's
    // end waits for it: an order still waiting for a connection when a crash comes is unmarked,
    // and goes back to the queue; one whose mark had not come back was not accepted.
    const handOver = () =>
      this.handedToMailServer.add(email.handOver).catch((error: unknown) => {
        this.logLeftToRecovery(row, error, 'marking an order as handed to the mail server failed');
        return false;
      });
    try {
      await this.ctx.mailer.send({ ...email.message, handOver });
    } catch (reason) {
      // Not marked: another worker has taken the order over, and must be the one to send it.
      if (reason instanceof HandOverDeclinedError) return;
      if (reason instanceof DeliveryUnconfirmedError) {
        await recordUnconfirmed(this.ctx.db, row, this.ctx.clock.now()).catch((error: unknown) =>
          this.logLeftToRecovery(row, error, 'recording an unconfirmed order failed'),
        );
        return;
      }
      // The relay refused the message, or could not be reached before the hand-over: nothing
      // was delivered. A refusal for good (5xx) is final, in the relay's words; anything else
      // may be tried again.
      await this.fail(row, { message: errorText(reason), permanent: isRefusedForGood(reason) });
      return;
    }
    this.hit('after-smtp');
    await this.sentRecords
      .add({ id: row.id, messageId: email.message.messageId! })
      .catch((error: unknown) => {
        this.logLeftToRecovery(row, error, 'recording a sent order failed');
      });
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
      return {
        handOver: { row, hold: decision.delivery.deferredHold },
        message: composeOrderEmail(config, decision.delivery),
      };
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
      this.logLeftToRecovery(row, error, 'recording an order’s failure failed');
    }
  }

  /** The order stays claimed until its lease runs out; recovery then settles it. */
  private logLeftToRecovery(row: OrderEmailRow, error: unknown, what: string): void {
    this.ctx.log.error(
      { err: loggableError(error), orderEmailId: row.id },
      `${what}; recovery will take it after the lease`,
    );
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

  private failpointPasses = 0;

  private hit(point: Failpoint, when = 1): void {
    const { failpoint } = this.options;
    if (failpoint?.point !== point || when === 0) return;
    if (++this.failpointPasses >= failpoint.times) process.kill(process.pid, 'SIGKILL');
  }
}

function errorText(reason: unknown): string {
  return reason instanceof Error ? reason.message : String(reason);
}

/** A 5xx reply: the relay will refuse this message however often it is sent. */
function isRefusedForGood(reason: unknown): boolean {
  const code = (reason as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}
