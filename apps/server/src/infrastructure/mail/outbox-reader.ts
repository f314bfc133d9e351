// Reading the local outbox: the operator sees every message, a seller only their account's.
import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { outboxMessages } from '../db/schema.ts';

/** Who is reading: the operator sees every message, a seller only their account's. */
export type OutboxReader = { kind: 'operator' } | { kind: 'seller'; accountId: string };

function visibleTo(reader: OutboxReader): SQL | undefined {
  return reader.kind === 'operator' ? undefined : eq(outboxMessages.accountId, reader.accountId);
}

/** The latest 200 messages the reader may see, newest first; with their raw source on request. */
export async function listOutbox(db: Database, reader: OutboxReader, withRaw = false) {
  const rows = await db
    .select()
    .from(outboxMessages)
    .where(visibleTo(reader))
    .orderBy(desc(outboxMessages.createdAt))
    .limit(200);
  return rows.map(({ raw, accountId: _accountId, ...rest }) => (withRaw ? { ...rest, raw } : rest));
}

/** One message, if the reader may see it: another account's reads as missing. */
export async function findOutboxMessage(db: Database, reader: OutboxReader, id: string) {
  const [message] = await db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.id, id), visibleTo(reader)));
  return message;
}
