import { createHmac } from 'node:crypto';
import { lt, lte, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Database } from '../db/database.ts';
import { rateLimitCounters } from '../db/schema.ts';
import type { Clock } from '../time/athens.ts';
import { AppError } from './errors.ts';

export interface RateLimit {
  max: number;
  windowMs: number;
}

const MINUTE = 60_000;

/** How often each guarded call may be made. Tests lower these to reach them quickly. */
export const DEFAULT_RATE_LIMITS = {
  loginPerClient: { max: 30, windowMs: 15 * MINUTE },
  loginPerEmail: { max: 10, windowMs: 15 * MINUTE },
  registerPerClient: { max: 10, windowMs: 60 * MINUTE },
  forgotPerClient: { max: 10, windowMs: 15 * MINUTE },
  forgotPerEmail: { max: 3, windowMs: 15 * MINUTE },
  contactPerClient: { max: 5, windowMs: 60 * MINUTE },
  testEmailPerUser: { max: 10, windowMs: 60 * MINUTE },
  /** Each resend mails the seller's address; a few an hour cover a lost or late mail. */
  verifyResendPerUser: { max: 3, windowMs: 60 * MINUTE },
  /** Each request mails the new address and the old one. */
  emailChangePerUser: { max: 5, windowMs: 60 * MINUTE },
  /** Generous: a visitor clicking through the public pages never meets it, a script does. */
  pageViewPerClient: { max: 120, windowMs: MINUTE },
  /** Each attempt makes Thankly call the address the seller typed: a few tries cover typos. */
  wooConnectPerUser: { max: 10, windowMs: 60 * MINUTE },
  /** Each upload is decoded and re-encoded: plenty for building a library, not for a script. */
  mediaUploadPerUser: { max: 60, windowMs: 60 * MINUTE },
  /**
   * Adding a sending domain makes an RSA key, verifying one makes DNS queries: enough to set a
   * domain up while DNS catches up, not for a script.
   */
  sendingDomainsPerUser: { max: 30, windowMs: 60 * MINUTE },
  /**
   * Each print batch draws up to 50 cards with their QR codes: opening, reopening and reprinting
   * while printing stays far below it, a script does not.
   */
  cardBatchPerUser: { max: 60, windowMs: 10 * MINUTE },
  /** Each check runs SpamAssassin (about a second of CPU): plenty while editing, not for a script. */
  contentCheckPerUser: { max: 30, windowMs: 60 * MINUTE },
  /**
   * The open pixel and tracked links (/api/t/*), counted in each process's memory (see
   * client-rate-limit.ts). Generous: the image proxies of Gmail and Apple fetch for many readers
   * from few addresses, and a shared office or mobile network is many buyers; a script hammering
   * from one address is not.
   */
  trackingPerClient: { max: 600, windowMs: MINUTE },
  /**
   * Shared preview pages (/preview/<token>): each opening looks a token up and renders an email.
   * A partner reloading and passing the link round an office stays far below it; a script trying
   * tokens does not (and would need 2^256 tries anyway).
   */
  sharedPreviewPerClient: { max: 60, windowMs: MINUTE },
  /**
   * Requests for paths nothing serves (unknown-path-limit.ts, in each process's memory). A visitor
   * following a few dead links never meets it; a scanner walking a word list does.
   */
  unknownPathPerClient: { max: 100, windowMs: MINUTE },
  /**
   * Reports one mail server may hand the bounce listener: a big provider bouncing a seller's
   * whole batch is delayed a little (it retries on 4xx), a flood is held back.
   */
  bounceReportsPerPeer: { max: 60, windowMs: MINUTE },
} satisfies Record<string, RateLimit>;

export type RateLimitSettings = typeof DEFAULT_RATE_LIMITS;

/**
 * A pre-handler that answers 429 with Retry-After once `key` has been used `max` times in the
 * window. Runs after body parsing, so a key may come from the body (an email address), and
 * several can guard one route.
 */
export function rateLimitBy(
  app: FastifyInstance,
  name: string,
  limit: RateLimit,
  key: (request: FastifyRequest) => string,
): preHandlerAsyncHookHandler {
  const check = app.createRateLimit({
    max: limit.max,
    timeWindow: limit.windowMs,
    keyGenerator: (request) => `${name}:${key(request)}`,
  });
  return async (request, reply) => {
    const result = await check(request);
    if (result.isAllowed || !result.isExceeded) return;
    reply.header('retry-after', result.ttlInSeconds);
    throw new AppError(
      'rate_limited',
      `Too many requests. Please wait ~${result.ttlInSeconds}s and try again.`,
    );
  };
}

export const byClient = (request: FastifyRequest) => request.ip;

/** Keys on the email in the body, whether or not an account has it, so limits reveal nothing. */
export const byBodyEmail = (request: FastifyRequest) => {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : '';
};

/** What @fastify/rate-limit expects back from a store for one hit. */
interface StoreHit {
  current: number;
  ttl: number;
}

/**
 * A @fastify/rate-limit store that keeps fixed-window counters in PostgreSQL, so every API process
 * on one database enforces one limit. Each hit is one atomic upsert: a new or expired window
 * starts at 1, a live one counts up. Time is the app's clock, as everywhere else (a test moves it;
 * processes' clocks agree to well within a window). Keys are HMACs: the table never holds a
 * client's address or an email in the clear.
 */
export function postgresRateLimitStore(db: Database, secret: string, clock: Clock) {
  return class PostgresRateLimitStore {
    incr(key: string, done: (error: Error | null, hit?: StoreHit) => void, windowMs: number) {
      const hmac = createHmac('sha256', secret).update(key).digest('hex');
      countHit(db, hmac, windowMs, clock.now()).then(
        (hit) => done(null, hit),
        (error: Error) => done(error),
      );
    }

    child() {
      return new PostgresRateLimitStore();
    }
  };
}

async function countHit(db: Database, key: string, windowMs: number, now: Date): Promise<StoreHit> {
  const expired = lte(rateLimitCounters.resetAt, now);
  const [row] = await db
    .insert(rateLimitCounters)
    .values({ key, hits: 1, resetAt: new Date(now.getTime() + windowMs) })
    .onConflictDoUpdate({
      target: rateLimitCounters.key,
      set: {
        hits: sql`CASE WHEN ${expired} THEN 1 ELSE ${rateLimitCounters.hits} + 1 END`,
        resetAt: sql`CASE WHEN ${expired} THEN excluded.reset_at ELSE ${rateLimitCounters.resetAt} END`,
      },
    })
    .returning({ hits: rateLimitCounters.hits, resetAt: rateLimitCounters.resetAt });
  return {
    current: row!.hits,
    ttl: Math.max(0, Math.ceil(row!.resetAt.getTime() - now.getTime())),
  };
}

/**
 * The same fixed windows in this process's memory, for the embedded database (one process): on
 * the app's clock too, so a test that moves time moves every limit on either engine.
 * @fastify/rate-limit's own memory store reads the machine's time. At most `maxKeys` live windows
 * are kept per guarded call; past that, ended ones are dropped, then the oldest (its client starts
 * afresh, as in the library's own LRU).
 */
export function memoryRateLimitStore(
  clock: Clock,
  maxKeys = 5_000,
): new () => MemoryRateLimitStore {
  return class extends MemoryRateLimitStore {
    constructor() {
      super(clock, maxKeys);
    }
  };
}

export class MemoryRateLimitStore {
  private windows = new Map<string, { hits: number; resetAt: number }>();

  constructor(
    private readonly clock: Clock,
    private readonly maxKeys: number,
  ) {}

  incr(key: string, done: (error: Error | null, hit?: StoreHit) => void, windowMs: number) {
    const now = this.clock.now().getTime();
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      this.windows.delete(key);
      if (this.windows.size >= this.maxKeys) this.makeRoom(now);
      window = { hits: 0, resetAt: now + windowMs };
      this.windows.set(key, window);
    }
    window.hits += 1;
    done(null, { current: window.hits, ttl: window.resetAt - now });
  }

  private makeRoom(now: number) {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
    if (this.windows.size >= this.maxKeys) this.windows.delete(this.windows.keys().next().value!);
  }

  child() {
    return new MemoryRateLimitStore(this.clock, this.maxKeys);
  }
}

/** Windows that have ended are reset in place on the next hit; the cleanup job drops the rest. */
export async function pruneRateLimitCounters(db: Database, now: Date): Promise<void> {
  await db.delete(rateLimitCounters).where(lt(rateLimitCounters.resetAt, now));
}
