import { and, eq, gt, lt, ne } from 'drizzle-orm';
import type { Database } from '../infrastructure/db/database.ts';
import { sessions, users } from '../infrastructure/db/schema.ts';
import { createSecretToken, hashToken } from './tokens.ts';

export const SESSION_COOKIE = 'thankly_session';
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export type SessionUser = typeof users.$inferSelect;

export async function createSession(db: Database, userId: string, now: Date): Promise<string> {
  const token = createSecretToken();
  await db.insert(sessions).values({
    idHash: hashToken(token),
    userId,
    expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
  });
  return token;
}

export async function findSessionUser(
  db: Database,
  token: string,
  now: Date,
): Promise<SessionUser | undefined> {
  const [row] = await db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.idHash, hashToken(token)), gt(sessions.expiresAt, now)))
    .limit(1);
  return row?.user;
}

export async function deleteSession(db: Database, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.idHash, hashToken(token)));
}

/** Ends every session of a user but the one given (none given: all of them). */
export async function deleteOtherSessions(
  db: Database,
  userId: string,
  keepToken?: string,
): Promise<void> {
  const condition = keepToken
    ? and(eq(sessions.userId, userId), ne(sessions.idHash, hashToken(keepToken)))
    : eq(sessions.userId, userId);
  await db.delete(sessions).where(condition);
}

export async function deleteExpiredSessions(db: Database, now: Date): Promise<number> {
  const removed = await db
    .delete(sessions)
    .where(lt(sessions.expiresAt, now))
    .returning({ id: sessions.idHash });
  return removed.length;
}
