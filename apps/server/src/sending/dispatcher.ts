import { and, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { getPlan, UNLIMITED } from '@thankly/api-contract';
import type { AppContext } from '../context.ts';
import type { MailMessage } from '../mail/mailer.ts';
import type { Database } from '../db/database.ts';
import {
  orderEmails,
  sendingSettings,
  shops,
  templateSelections,
  templates,
  unsubscribes,
  users,
} from '../db/schema.ts';
import { marketplaceOrderSchema } from '../marketplace/marketplace-order.ts';
import { pickEffectiveTemplate, sellerHasPaidFeatures } from '../templates/effective-template.ts';
import { athensDate } from '../time/athens.ts';
import { DesignCache, type SendableTemplate } from './design-cache.ts';
import { orderTokenValues } from './order-tokens.ts';
import { buyerAddress } from './buyer-address.ts';
import { SKIP_REASONS } from './skip-reasons.ts';
import { composeBuyerEmail } from './compose-buyer-email.ts';
import { loggableError } from '../http/loggable-error.ts';

type OrderEmailRow = typeof orderEmails.$inferSelect;

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

/** What the daily limit counts per email: the one buyer it is addressed to, never more. */
export const RECIPIENTS_PER_EMAIL = 1;

interface Delivery {
  row: OrderEmailRow;
  /** The single checked address this email goes to (no list, no name, no cc/bcc). */
  recipient: string;
  template: SendableTemplate;
  shop: { id: string; name: string; url: string | null };
  sellerEmail: string;
  postalAddress: string;
  couponCode: string;
}

type Decision =
  | { kind: 'send'; delivery: Delivery }
  | { kind: 'skip'; reason: string }
  /** Another worker took the order over (this one was too slow for its lease): leave it alone. */
  | { kind: 'lost' };

/** Only the worker whose claim is still on the row may change it. */
function stillClaimed(row: OrderEmailRow) {
  return and(
    eq(orderEmails.id, row.id),
    eq(orderEmails.status, 'sending'),
    eq(orderEmails.claimedAt, row.claimedAt!),
  );
}

/**
 * The sender: claims pending orders with SKIP LOCKED (so any number of workers share them), decides
 * each under a lock on its seller (paused, limit, template), sends it, and records the outcome. The
 * order_emails row is the queue and the record at once.
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
        console.error('dispatcher error:', loggableError(error));
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
    if (now.getTime() - this.lastRecovery >= Math.min(this.options.leaseMs / 2, 30_000)) {
      this.lastRecovery = now.getTime();
      await recoverAbandoned(this.ctx.db, now, this.options.leaseMs);
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
   * Decides a chunk of orders (each under its seller's lock), then sends the sendable ones together.
   * The "about to send" and "sent" marks are written for the whole chunk at once: a crash between
   * them leaves those orders recorded as interrupted, never sent twice.
   */
  private async handleChunk(rows: OrderEmailRow[]): Promise<void> {
    const { db, clock } = this.ctx;
    const decisions = await Promise.all(
      rows.map((row) => decide(db, row, clock.now(), this.designs)),
    );
    const deliveries: Delivery[] = [];
    for (const [index, decision] of decisions.entries()) {
      if (decision.kind === 'send') deliveries.push(decision.delivery);
      if (decision.kind !== 'skip') continue;
      await db
        .update(orderEmails)
        .set({
          status: 'skipped',
          reason: decision.reason,
          decidedAt: clock.now(),
          countedDay: null,
        })
        .where(stillClaimed(rows[index]!));
    }
    if (deliveries.length === 0) return;
    this.hit('after-decide');

    // Past this mark a crash leaves the outcome unknown, and the order is never sent again. Orders
    // another worker has taken over in the meantime are not marked, and not sent from here.
    const marked = new Set(
      (
        await db
          .update(orderEmails)
          .set({ smtpStartedAt: clock.now() })
          .where(or(...deliveries.map((d) => stillClaimed(d.row))))
          .returning({ id: orderEmails.id })
      ).map((r) => r.id),
    );
    const sending = deliveries.filter((d) => marked.has(d.row.id));
    const outcomes = await Promise.allSettled(
      sending.map((delivery) => this.ctx.mailer.send(this.compose(delivery))),
    );
    this.hit('after-smtp');

    const sent: string[] = [];
    for (const [index, outcome] of outcomes.entries()) {
      const { row } = sending[index]!;
      if (outcome.status === 'fulfilled') sent.push(row.id);
      else await this.recordFailure(row, errorText(outcome.reason));
    }
    if (sent.length === 0) return;
    const sentAt = clock.now();
    await db
      .update(orderEmails)
      .set({
        status: 'sent',
        sentAt,
        decidedAt: sentAt,
        reason: null,
        messageId: sql`'<order-' || ${orderEmails.id} || ${`@${this.messageIdHost}>`}`,
      })
      .where(inArray(orderEmails.id, sent));
  }

  private get messageIdHost(): string {
    return new URL(this.ctx.config.appUrl).hostname;
  }

  /** The buyer's email: the template in effect, filled from the order, with the way out. */
  private compose({
    row,
    recipient,
    template,
    shop,
    sellerEmail,
    postalAddress,
    couponCode,
  }: Delivery): MailMessage {
    const order = marketplaceOrderSchema.parse(row.order);
    return composeBuyerEmail({
      config: this.ctx.config,
      template,
      shop,
      sellerId: row.userId,
      sellerEmail,
      postalAddress,
      recipient,
      tokenValues: orderTokenValues(order, shop, couponCode),
      // The same id on every attempt: a relay or client that saw it once can tell a repeat.
      messageId: `<order-${row.id}@${this.messageIdHost}>`,
    });
  }

  /** The relay refused the message: nothing was delivered, so it is safe to try again later. */
  private async recordFailure(row: OrderEmailRow, message: string): Promise<void> {
    const { db, clock } = this.ctx;
    const attempts = row.attempts + 1;
    const now = clock.now();
    const done = attempts >= this.options.maxAttempts;
    await db
      .update(orderEmails)
      .set(
        done
          ? {
              status: 'failed',
              attempts,
              reason: SKIP_REASONS.failed(attempts, message),
              decidedAt: now,
              countedDay: null,
            }
          : {
              status: 'pending',
              attempts,
              reason: message,
              countedDay: null,
              smtpStartedAt: null,
              claimedAt: null,
              nextAttemptAt: new Date(
                now.getTime() + Math.min(3_600_000, 30_000 * 2 ** (attempts - 1)),
              ),
            },
      )
      .where(eq(orderEmails.id, row.id));
  }

  private hit(point: Failpoint, when = 1): void {
    if (this.options.failpoint === point && when > 0) process.kill(process.pid, 'SIGKILL');
  }
}

/**
 * Decides one claimed order. Sellers without a daily limit need no lock: one read and one write. A
 * limited seller's order is decided under a lock on the seller's row, so concurrent workers agree
 * on today's count and cannot both take the last slot. A sendable order takes its slot here.
 */
export async function decide(
  db: Database,
  row: OrderEmailRow,
  now: Date,
  designs: DesignCache = new DesignCache(),
): Promise<Decision> {
  const unlocked = await readDecisionContext(db, row, { lock: false });
  if (!unlocked || getPlan(unlocked.seller.plan).dailyLimit === UNLIMITED) {
    return decideWith(db, row, now, designs, unlocked);
  }
  return db.transaction(async (tx) =>
    decideWith(tx, row, now, designs, await readDecisionContext(tx, row, { lock: true })),
  );
}

type DecisionContext = NonNullable<Awaited<ReturnType<typeof readDecisionContext>>>;

/** Everything a decision reads, in one round trip: seller, shop, coupon, unsubscribe, templates. */
async function readDecisionContext(db: Database, row: OrderEmailRow, { lock }: { lock: boolean }) {
  const query = db
    .select({
      seller: users,
      shop: { id: shops.id, name: shops.name, url: shops.url, marketplace: shops.marketplace },
      couponCode: sendingSettings.couponCode,
      isUnsubscribed: sql<boolean>`EXISTS (SELECT 1 FROM ${unsubscribes} WHERE ${unsubscribes.shopId} = ${shops.id} AND ${unsubscribes.email} = ${row.buyerEmail ?? ''})`,
      candidates: sql<
        CandidateJson[]
      >`(SELECT coalesce(json_agg(json_build_object('id', ${templates.id}, 'conditionsEnabled', ${templates.conditionsEnabled}, 'startDate', ${templates.startDate}, 'endDate', ${templates.endDate}, 'updatedAt', ${templates.updatedAt})), '[]'::json) FROM ${templates} WHERE ${templates.userId} = ${users.id})`,
      selectedTemplateId: sql<
        string | null
      >`(SELECT ${templateSelections.templateId} FROM ${templateSelections} WHERE ${templateSelections.userId} = ${users.id})`,
    })
    .from(users)
    .innerJoin(shops, and(eq(shops.id, row.shopId), eq(shops.userId, users.id)))
    .leftJoin(sendingSettings, eq(sendingSettings.userId, users.id))
    .where(eq(users.id, row.userId));
  const [found] = lock ? await query.for('update', { of: users }) : await query;
  return found;
}

interface CandidateJson {
  id: string;
  conditionsEnabled: boolean;
  startDate: string | null;
  endDate: string | null;
  updatedAt: string;
}

async function decideWith(
  db: Database,
  row: OrderEmailRow,
  now: Date,
  designs: DesignCache,
  found: DecisionContext | undefined,
): Promise<Decision> {
  if (!found) return { kind: 'skip', reason: 'The shop or its account no longer exists.' };
  const { seller, shop } = found;
  // An operator's suspension and an unproven account address stop everything, whatever the seller
  // set: mail from an account nobody has shown to own is how a throwaway account phishes.
  if (seller.sendingSuspendedAt)
    return { kind: 'skip', reason: SKIP_REASONS.suspended(seller.sendingSuspendedReason) };
  if (!seller.emailVerifiedAt) return { kind: 'skip', reason: SKIP_REASONS.unverified };
  if (seller.isPaused) return { kind: 'skip', reason: SKIP_REASONS.paused };
  if (!row.buyerEmail) return { kind: 'skip', reason: SKIP_REASONS.noBuyerEmail(shop.marketplace) };
  // Recorded orders hold a checked address already; checked again so no row, however written,
  // reaches the mail library as a list.
  const recipient = buyerAddress(row.buyerEmail);
  if (!recipient.ok)
    return { kind: 'skip', reason: SKIP_REASONS.refusedRecipient(recipient.problem) };
  if (found.isUnsubscribed) return { kind: 'skip', reason: SKIP_REASONS.unsubscribed };

  const today = athensDate(now);
  const candidates = found.candidates.map((c) => ({ ...c, updatedAt: new Date(c.updatedAt) }));
  const { templateId } = pickEffectiveTemplate(
    candidates,
    found.selectedTemplateId,
    sellerHasPaidFeatures(seller.plan),
    today,
  );
  const version = candidates.find((c) => c.id === templateId);
  const template = version ? await designs.get(db, version.id, version.updatedAt) : undefined;
  if (!template) return { kind: 'skip', reason: SKIP_REASONS.noTemplate };

  const plan = getPlan(seller.plan);
  // The daily limit is a number of recipients. Each counted row is one email to exactly one
  // recipient (RECIPIENTS_PER_EMAIL), so counting rows counts recipients.
  if (plan.dailyLimit !== UNLIMITED) {
    const [{ taken }] = (await db
      .select({ taken: sql<number>`count(*)::int` })
      .from(orderEmails)
      .where(and(eq(orderEmails.userId, seller.id), eq(orderEmails.countedDay, today)))) as [
      { taken: number },
    ];
    if (taken * RECIPIENTS_PER_EMAIL + RECIPIENTS_PER_EMAIL > plan.dailyLimit) {
      return { kind: 'skip', reason: SKIP_REASONS.dailyLimit(plan.dailyLimit, plan.name) };
    }
  }
  const held = await db
    .update(orderEmails)
    .set({ countedDay: today, templateId: template.id, templateName: template.name, reason: null })
    .where(stillClaimed(row))
    .returning({ id: orderEmails.id });
  if (held.length === 0) return { kind: 'lost' };
  return {
    kind: 'send',
    delivery: {
      row,
      recipient: recipient.address,
      template,
      shop,
      sellerEmail: seller.email,
      postalAddress: seller.postalAddress,
      couponCode: found.couponCode ?? '',
    },
  };
}

/**
 * Orders a crashed worker left in flight: if it had not reached the mail server, the order goes back
 * to the queue; if it had, the outcome is unknown and the order is recorded as interrupted, never
 * sent twice.
 */
export async function recoverAbandoned(db: Database, now: Date, leaseMs: number): Promise<void> {
  const stale = new Date(now.getTime() - leaseMs);
  const abandoned = and(eq(orderEmails.status, 'sending'), lt(orderEmails.claimedAt, stale));
  await db
    .update(orderEmails)
    .set({ status: 'pending', claimedAt: null, countedDay: null })
    .where(and(abandoned, isNull(orderEmails.smtpStartedAt)));
  await db
    .update(orderEmails)
    .set({ status: 'failed', reason: SKIP_REASONS.interrupted, decidedAt: now })
    .where(and(abandoned, isNotNull(orderEmails.smtpStartedAt)));
}

function errorText(reason: unknown): string {
  return reason instanceof Error ? reason.message : String(reason);
}
