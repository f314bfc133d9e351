// The seller's own account settings: what the account routes change on the users row.
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../infrastructure/db/database.ts';
import { sendingPauses, users } from '../infrastructure/db/schema.ts';

/** Shown in the footer of every buyer email; '' removes it. */
export async function setPostalAddress(
  db: Database,
  userId: string,
  postalAddress: string,
  now: Date,
): Promise<void> {
  await db.update(users).set({ postalAddress, updatedAt: now }).where(eq(users.id, userId));
}

/** The seller's one clock; the zone arrives checked (timeZoneSchema) and in Intl's spelling. */
export async function setTimeZone(
  db: Database,
  userId: string,
  timeZone: string,
  now: Date,
): Promise<void> {
  await db.update(users).set({ timeZone, updatedAt: now }).where(eq(users.id, userId));
}

/**
 * Paused: new orders are recorded and skipped, nothing goes out until it is lifted, and an order
 * that happened while paused stays unsent after it is lifted. Each pause is remembered with its
 * start and end, which is what the sender judges an order by.
 */
export async function setPaused(
  db: Database,
  userId: string,
  isPaused: boolean,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ isPaused: users.isPaused })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!before) return;
    await tx.update(users).set({ isPaused, updatedAt: now }).where(eq(users.id, userId));
    if (isPaused && !before.isPaused) {
      await tx.insert(sendingPauses).values({ userId, pausedAt: now });
    } else if (!isPaused && before.isPaused) {
      await tx
        .update(sendingPauses)
        .set({ resumedAt: now })
        .where(and(eq(sendingPauses.userId, userId), isNull(sendingPauses.resumedAt)));
    }
  });
}
