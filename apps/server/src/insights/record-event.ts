import { eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { orderEmails, trackingEvents, users } from '../db/schema.ts';
import { WriteCoalescer } from '../sending/write-coalescer.ts';
import { type TrackingAgent, classifyFetch } from './classify-agent.ts';
import { type LinkState, type TrackedEmailFacts, linkStateOf } from './link-state.ts';

export interface TrackingRequest {
  orderEmailId: string;
  kind: 'open' | 'click';
  linkUrl?: string;
  userAgent: string | undefined;
  at: Date;
  /** False for a request that is answered but never counted: a HEAD, or one past its client's limit. */
  countable: boolean;
}

/**
 * Events stored per email, opens and clicks together. Enough for every person who reads an
 * email, their devices and the scanners on the way; past it only what changes the email's numbers
 * is stored (see storeEvents), so one link in the wrong hands cannot fill the database.
 */
export const MAX_EVENTS_PER_EMAIL = 50;

/** Requests handled by one round at most: bounded statements. */
const MAX_REQUESTS_PER_BATCH = 200;

/** The first key of the advisory locks taken on emails while their events are counted and stored. */
const EVENTS_LOCK_CLASS = 0x7472_6b00; // 'trk\0'

/**
 * Answers tracking requests from the email they name: whether its link is still live (the
 * seller's sending not suspended, the email less than a year old) and, for a countable request of
 * a live email, records the event, classified. Requests that arrive together share one read and
 * one write (a pixel is fetched by every mail app that opens the email, often at once), and each
 * request still waits until its own event is written.
 */
export class TrackingEventRecorder {
  private readonly batches: WriteCoalescer<TrackingRequest, LinkState>;

  constructor(db: Database) {
    this.batches = new WriteCoalescer(async (requests) => {
      const states = await handleBatch(db, requests);
      return (request) => states.get(request)!;
    }, MAX_REQUESTS_PER_BATCH);
  }

  handle(request: TrackingRequest): Promise<LinkState> {
    return this.batches.add(request);
  }
}

async function handleBatch(
  db: Database,
  requests: TrackingRequest[],
): Promise<Map<TrackingRequest, LinkState>> {
  const facts = await emailFacts(db, [...new Set(requests.map((r) => r.orderEmailId))]);
  const states = new Map(
    requests.map((r) => [r, linkStateOf(facts.get(r.orderEmailId), r.at)] as const),
  );
  const counted = requests.filter((r) => r.countable && states.get(r) === 'live');
  if (counted.length > 0) await storeEvents(db, counted, facts);
  return states;
}

async function emailFacts(db: Database, ids: string[]): Promise<Map<string, TrackedEmailFacts>> {
  const rows = await db
    .select({
      id: orderEmails.id,
      sentAt: orderEmails.sentAt,
      suspendedAt: users.sendingSuspendedAt,
    })
    .from(orderEmails)
    .innerJoin(users, eq(users.id, orderEmails.userId))
    .where(inArray(orderEmails.id, ids));
  return new Map(
    rows.map((row) => [row.id, { sentAt: row.sentAt, sellerSuspended: row.suspendedAt !== null }]),
  );
}

/** What an event adds to the numbers of its email: its kind, person or machine, and its link. */
const countedAs = (kind: string, agent: TrackingAgent, linkUrl: string | null) =>
  `${kind}\n${agent === 'person'}\n${linkUrl ?? ''}`;

/**
 * Stores the events in arrival order until each email holds MAX_EVENTS_PER_EMAIL. Past it, only
 * an event that changes the email's numbers is stored (the first open by a person, the first
 * click by a person on a link, the same for machines): bounded by the links the email holds, since
 * no one can sign another, so someone repeating one link cannot hide the buyer's own click.
 * The count and the insert run under a lock per email (taken in one order by every process, so
 * two never wait on each other), so API processes recording the same email at once cannot pass
 * the cap together.
 */
async function storeEvents(
  db: Database,
  requests: TrackingRequest[],
  facts: Map<string, TrackedEmailFacts>,
): Promise<void> {
  const ids = [...new Set(requests.map((r) => r.orderEmailId))].sort();
  await db.transaction(async (tx) => {
    const values = sql.join(
      ids.map((id) => sql`(${id})`),
      sql`, `,
    );
    await tx.execute(
      sql`SELECT pg_advisory_xact_lock(${EVENTS_LOCK_CLASS}::int, hashtext(v.id)) FROM (VALUES ${values}) AS v(id)`,
    );
    const groups = await tx
      .select({
        id: trackingEvents.orderEmailId,
        kind: trackingEvents.kind,
        agent: trackingEvents.agent,
        linkUrl: trackingEvents.linkUrl,
        stored: sql<number>`count(*)::int`,
      })
      .from(trackingEvents)
      .where(inArray(trackingEvents.orderEmailId, ids))
      .groupBy(
        trackingEvents.orderEmailId,
        trackingEvents.kind,
        trackingEvents.agent,
        trackingEvents.linkUrl,
      );
    const stored = new Map<string, number>();
    const seen = new Set<string>();
    for (const group of groups) {
      stored.set(group.id, (stored.get(group.id) ?? 0) + group.stored);
      seen.add(`${group.id}\n${countedAs(group.kind, group.agent, group.linkUrl)}`);
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
    if (rows.length > 0) await tx.insert(trackingEvents).values(rows);
  });
}
