import { eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../infrastructure/db/database.ts';
import { orderEmails, trackingEvents, users } from '../infrastructure/db/schema.ts';
import { WriteCoalescer } from '../infrastructure/concurrency/write-coalescer.ts';
import { type TrackingAgent, classifyFetch } from './classify-agent.ts';
import { type LinkState, type TrackedEmailFacts, linkStateOf } from './link-state.ts';

export interface TrackingRequest {
  orderEmailId: string;
  kind: 'open' | 'click';
  linkUrl?: string;
  userAgent: string | undefined;
  at: Date;
}

/**
 * Events stored per email, opens and clicks together. Enough for every person who reads an
 * email, their devices and the scanners on the way; past it only what changes the email's numbers
 * is stored (see eventsToStore), so one link in the wrong hands cannot fill the database.
 */
export const MAX_EVENTS_PER_EMAIL = 50;

/** Events written by one statement at most: bounded statements, and room for other queries between. */
const MAX_EVENTS_PER_WRITE = 200;

/** Emails whose link state one read looks up at most. */
const MAX_LOOKUPS_PER_READ = 200;

export interface TrackingRecorderOptions {
  /** How long an event waits in memory before it is written, with the others that came meanwhile. */
  flushMs: number;
  /**
   * Events held in memory at most. Past it new ones are not counted (and a warning says how many),
   * so a flood that outruns the database cannot grow the process without bound.
   */
  maxBuffered: number;
  onDropped(count: number): void;
  onWriteFailed(error: unknown, count: number): void;
}

export const DEFAULT_TRACKING_RECORDER_OPTIONS = { flushMs: 1_000, maxBuffered: 20_000 };

/**
 * Opens and clicks of sent emails, counted without making the buyer wait for the database.
 *
 * A pixel is fetched by every mail app that opens an email, often thousands at once, and the
 * embedded database answers in the server's own thread: writing each event as it came held the
 * server for every open (330 a second at most, /api/health waiting behind them). So events wait in
 * memory and are written together once a second, a few hundred per statement with the event loop
 * free between statements; the seller's numbers and a stopping process write what waits first.
 * A process killed outright loses at most that last second of opens and clicks (never an order).
 *
 * A click still waits for its email's link state (live or not: whether to redirect), read for all
 * the clicks that arrive together at once.
 */
export class TrackingEventRecorder {
  private buffered: TrackingRequest[] = [];
  private dropped = 0;
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();
  private readonly lookups: WriteCoalescer<{ orderEmailId: string; at: Date }, LinkState>;

  constructor(
    private readonly db: Database,
    private readonly options: TrackingRecorderOptions,
  ) {
    this.lookups = new WriteCoalescer(async (asked) => {
      const ids = [...new Set(asked.map((a) => a.orderEmailId))];
      const facts = await emailFacts(db, ids, { withEvents: false });
      return (a) => linkStateOf(facts.get(a.orderEmailId), a.at);
    }, MAX_LOOKUPS_PER_READ);
  }

  /** Whether a link of this email still leads on (link-state.ts). */
  linkState(orderEmailId: string, at: Date): Promise<LinkState> {
    return this.lookups.add({ orderEmailId, at });
  }

  /** Counts the event once written, if its email is still live then (and within its cap). */
  record(request: TrackingRequest): void {
    if (this.buffered.length >= this.options.maxBuffered) {
      this.dropped++;
      return;
    }
    this.buffered.push(request);
    this.timer ??= setTimeout(() => void this.flush(), this.options.flushMs).unref();
  }

  /** Writes every event recorded so far; resolves once they are in the database. */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    // One write at a time: each reads what the one before stored, so the cap per email holds.
    const taken = this.buffered;
    this.buffered = [];
    this.writing = this.writing.then(() => this.write(taken));
    return this.writing;
  }

  private async write(requests: TrackingRequest[]): Promise<void> {
    if (this.dropped > 0) {
      this.options.onDropped(this.dropped);
      this.dropped = 0;
    }
    for (let start = 0; start < requests.length; start += MAX_EVENTS_PER_WRITE) {
      // Lets requests (and /api/health) in between statements.
      if (start > 0) await new Promise((resolve) => setImmediate(resolve));
      const chunk = requests.slice(start, start + MAX_EVENTS_PER_WRITE);
      try {
        await writeEvents(this.db, chunk);
      } catch (error) {
        this.options.onWriteFailed(error, chunk.length);
      }
    }
  }
}

/** Events an email holds, grouped as its numbers count them: [kind, agent, link, how many]. */
type StoredGroup = [kind: string, agent: TrackingAgent, linkUrl: string | null, count: number];

interface EmailFacts extends TrackedEmailFacts {
  stored: StoredGroup[];
}

async function writeEvents(db: Database, requests: TrackingRequest[]): Promise<void> {
  const facts = await emailFacts(db, [...new Set(requests.map((r) => r.orderEmailId))], {
    withEvents: true,
  });
  const live = requests.filter((r) => linkStateOf(facts.get(r.orderEmailId), r.at) === 'live');
  const rows = eventsToStore(live, facts);
  if (rows.length > 0) await db.insert(trackingEvents).values(rows);
}

/**
 * Each email's sending, its seller's state and (to write events) the events it holds: one round
 * trip for all of them.
 */
async function emailFacts(
  db: Database,
  ids: string[],
  { withEvents }: { withEvents: boolean },
): Promise<Map<string, EmailFacts>> {
  const rows = await db
    .select({
      id: orderEmails.id,
      sentAt: orderEmails.sentAt,
      suspendedAt: users.sendingSuspendedAt,
      stored: withEvents
        ? sql<StoredGroup[]>`coalesce((
        SELECT json_agg(json_build_array(g.kind, g.agent, g.link_url, g.n))
        FROM (SELECT ev.kind, ev.agent, ev.link_url, count(*)::int AS n
          FROM ${trackingEvents} ev WHERE ev.order_email_id = ${orderEmails.id}
          GROUP BY ev.kind, ev.agent, ev.link_url) g), '[]'::json)`
        : sql<StoredGroup[]>`'[]'::json`,
    })
    .from(orderEmails)
    .innerJoin(users, eq(users.id, orderEmails.userId))
    .where(inArray(orderEmails.id, ids));
  return new Map(
    rows.map((row) => [
      row.id,
      {
        sentAt: row.sentAt,
        sellerSuspended: row.suspendedAt !== null,
        stored: row.stored,
      },
    ]),
  );
}

/** What an event adds to the numbers of its email: its kind, person or machine, and its link. */
const countedAs = (kind: string, agent: TrackingAgent, linkUrl: string | null) =>
  `${kind}\n${agent === 'person'}\n${linkUrl ?? ''}`;

/**
 * The events to store, in arrival order, until each email holds MAX_EVENTS_PER_EMAIL. Past it,
 * only an event that changes the email's numbers is stored (the first open by a person, the first
 * click by a person on a link, the same for machines): bounded by the links the email holds, since
 * no one can sign another, so someone repeating one link cannot hide the buyer's own click.
 *
 * Writes of one process run one after another, each reading what the one before stored, so the
 * cap is exact per process; API processes recording the same email in the same second may pass it
 * by a write each (a lock per email would cost more round trips than it saves).
 */
function eventsToStore(requests: TrackingRequest[], facts: Map<string, EmailFacts>) {
  const stored = new Map<string, number>();
  const seen = new Set<string>();
  for (const [id, email] of facts) {
    for (const [kind, agent, linkUrl, count] of email.stored) {
      stored.set(id, (stored.get(id) ?? 0) + count);
      seen.add(`${id}\n${countedAs(kind, agent, linkUrl)}`);
    }
  }
  const rows = [];
  for (const request of requests) {
    const sentAt = facts.get(request.orderEmailId)?.sentAt ?? null;
    const agent = classifyFetch({
      kind: request.kind,
      userAgent: request.userAgent,
      secondsSinceSent: sentAt ? (request.at.getTime() - sentAt.getTime()) / 1000 : null,
    });
    const linkUrl = request.linkUrl ?? null;
    const key = `${request.orderEmailId}\n${countedAs(request.kind, agent, linkUrl)}`;
    const already = stored.get(request.orderEmailId) ?? 0;
    if (already >= MAX_EVENTS_PER_EMAIL && seen.has(key)) continue;
    stored.set(request.orderEmailId, already + 1);
    seen.add(key);
    rows.push({
      orderEmailId: request.orderEmailId,
      kind: request.kind,
      agent,
      linkUrl,
      createdAt: request.at,
    });
  }
  return rows;
}
