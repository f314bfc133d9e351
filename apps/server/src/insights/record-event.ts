import { inArray } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { orderEmails, trackingEvents } from '../db/schema.ts';
import { WriteCoalescer } from '../sending/write-coalescer.ts';
import { classifyFetch } from './classify-agent.ts';

export interface TrackingEvent {
  orderEmailId: string;
  kind: 'open' | 'click';
  linkUrl?: string;
  userAgent: string | undefined;
  at: Date;
}

/** Events recorded by one write at most: a bounded statement. */
const MAX_EVENTS_PER_WRITE = 200;

/**
 * Records opens and clicks of sent emails, classified. Requests that arrive together share one
 * read and one insert (a pixel is fetched by every mail app that opens the email, often at once),
 * and each request still waits until its own event is written. An event whose email does not
 * exist (a sample email's token, or a shop since removed) records nothing.
 */
export class TrackingEventRecorder {
  private readonly writes: WriteCoalescer<TrackingEvent, undefined>;

  constructor(db: Database) {
    this.writes = new WriteCoalescer(async (events) => {
      await writeEvents(db, events);
      return () => undefined;
    }, MAX_EVENTS_PER_WRITE);
  }

  record(event: TrackingEvent): Promise<undefined> {
    return this.writes.add(event);
  }
}

async function writeEvents(db: Database, events: TrackingEvent[]): Promise<void> {
  const ids = [...new Set(events.map((event) => event.orderEmailId))];
  const emails = await db
    .select({ id: orderEmails.id, sentAt: orderEmails.sentAt })
    .from(orderEmails)
    .where(inArray(orderEmails.id, ids));
  const sentAt = new Map(emails.map((email) => [email.id, email.sentAt]));
  const rows = events
    .filter((event) => sentAt.has(event.orderEmailId))
    .map((event) => {
      const sent = sentAt.get(event.orderEmailId);
      return {
        orderEmailId: event.orderEmailId,
        kind: event.kind,
        agent: classifyFetch({
          kind: event.kind,
          userAgent: event.userAgent,
          secondsSinceSent: sent ? (event.at.getTime() - sent.getTime()) / 1000 : null,
        }),
        linkUrl: event.linkUrl ?? null,
        createdAt: event.at,
      };
    });
  if (rows.length > 0) await db.insert(trackingEvents).values(rows);
}
