// The seller's own account settings: what the account routes change on the users row.
import { eq } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { users } from '../db/schema.ts';

/** Shown in the footer of every buyer email; '' removes it. */
export async function setPostalAddress(
  db: Database,
  userId: string,
  postalAddress: string,
  now: Date,
): Promise<void> {
  await db.update(users).set({ postalAddress, updatedAt: now }).where(eq(users.id, userId));
}

/** Paused: new orders are recorded and skipped, nothing goes out until it is lifted. */
export async function setPaused(
  db: Database,
  userId: string,
  isPaused: boolean,
  now: Date,
): Promise<void> {
  await db.update(users).set({ isPaused, updatedAt: now }).where(eq(users.id, userId));
}
