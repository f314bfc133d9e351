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
 * is stored (see eventsToStore), so one link in the wrong hands cannot fill the database.
 */
export const MAX_EVENTS_PER_EMAIL = 50;

/** Requests handled by one round at most: bounded statements. */
const MAX_REQUESTS_PER_BATCH = 200;

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

/** Events an email holds, grouped as its numbers count them: [kind, agent, link, how many]. */
type StoredGroup = [kind: string, agent: TrackingAgent, linkUrl: string | null, count: number];

interface EmailFacts extends TrackedEmailFacts {
  stored: StoredGroup[];
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
  const rows = eventsToStore(counted, facts);
  if (rows.length > 0) await db.insert(trackingEvents).values(rows);
  return states;
}

/** Each email's sending, its seller's state and the events it holds: one round trip per batch. */
async function emailFacts(db: Database, ids: string[]): Promise<Map<string, EmailFacts>> {
  const rows = await db
    .select({
      id: orderEmails.id,
      sentAt: orderEmails.sentAt,
      suspendedAt: users.sendingSuspendedAt,
      stored: sql<StoredGroup[]>`coalesce((
        SELECT json_agg(json_build_array(g.kind, g.agent, g.link_url, g.n))
        FROM (SELECT ev.kind, ev.agent, ev.link_url, count(*)::int AS n
          FROM ${trackingEvents} ev WHERE ev.order_email_id = ${orderEmails.id}
          GROUP BY ev.kind, ev.agent, ev.link_url) g), '[]'::json)`,
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
 * Batches of one process are written one after another, each reading what the one before stored,
 * so the cap is exact per process; API processes recording the same email in the same instant may
 * pass it by a batch each (a lock per email would cost the route more round trips than it saves).
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
