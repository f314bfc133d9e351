// The accounts the operator's abuse guard reads and changes.
import { desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../infrastructure/db/database.ts';
import { users } from '../infrastructure/db/schema.ts';
import { noisiestAccounts } from './abuse-events.ts';

export type UserRow = typeof users.$inferSelect;

export async function findAccount(db: Database, id: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user;
}

/** The accounts holding an address, newest first. */
export async function findAccountsByEmail(db: Database, email: string): Promise<UserRow[]> {
  return db.select().from(users).where(eq(users.email, email)).orderBy(desc(users.createdAt));
}

/** The noisiest accounts of the last week, noisiest first. */
export async function findNoisiestAccounts(
  db: Database,
  now: Date,
  limit: number,
): Promise<UserRow[]> {
  const noisy = await noisiestAccounts(db, now, limit);
  if (noisy.length === 0) return [];
  const rows = await db
    .select()
    .from(users)
    .where(
      inArray(
        users.id,
        noisy.map((n) => n.userId),
      ),
    );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return noisy.flatMap((n) => byId.get(n.userId) ?? []);
}

/** Sets the operator's flags on one account and returns it as it is now. */
export async function updateAccount(
  db: Database,
  id: string,
  changes: Partial<
    Pick<
      UserRow,
      | 'sendingSuspendedAt'
      | 'sendingSuspendedReason'
      | 'deliveryPausedAt'
      | 'deliveryPausedReason'
      | 'deliveryPauseLiftedAt'
    >
  >,
): Promise<UserRow> {
  const [updated] = await db.update(users).set(changes).where(eq(users.id, id)).returning();
  return updated!;
}
