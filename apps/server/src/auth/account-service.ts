import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { DEFAULT_TIME_ZONE, type User } from '@thankly/api-contract';
import type { Database } from '../infrastructure/db/database.ts';
import { passwordResetTokens, users } from '../infrastructure/db/schema.ts';
import { AppError } from '../infrastructure/http/errors.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from './passwords.ts';
import type { SessionUser } from './sessions.ts';

/** The user as the API shows it: never the password hash. */
export function publicUser(user: SessionUser): User {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    plan: user.plan,
    emailVerified: user.emailVerifiedAt !== null,
    timeZone: user.timeZone,
  };
}

/**
 * Always creates a new, unverified account, also for an address that already has one (only one
 * account per address can ever be verified): the reply cannot tell whether the address was known.
 * What is mailed (a confirmation link, or a notice to the owner) is decided later, off the request.
 */
export async function registerAccount(
  db: Database,
  input: { name: string; email: string; password: string; timeZone?: string },
): Promise<SessionUser> {
  const passwordHash = await hashPassword(input.password);
  // Every account starts on Starter; a paid plan takes effect once its checkout is paid.
  const [user] = await db
    .insert(users)
    .values({
      name: input.name,
      email: input.email,
      passwordHash,
      plan: 'free',
      timeZone: input.timeZone ?? DEFAULT_TIME_ZONE,
    })
    .returning();
  return user!;
}

/**
 * How many accounts of one address a login checks, always: the verified one first, then the newest
 * unverified ones, padded with dummy checks. A fixed count keeps the time of a login from telling
 * how many accounts share the address (which registering it once more would otherwise reveal).
 */
const LOGIN_CANDIDATES = 3;

/** The account of `email` whose password matches (the verified one first), or undefined. */
export async function authenticate(
  db: Database,
  email: string,
  password: string,
): Promise<SessionUser | undefined> {
  const candidates = await db
    .select()
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()))
    .orderBy(sql`${users.emailVerifiedAt} IS NULL`, desc(users.createdAt))
    .limit(LOGIN_CANDIDATES);
  const checks = await Promise.all(
    Array.from({ length: LOGIN_CANDIDATES }, async (_, i) => {
      const candidate = candidates[i];
      if (!candidate) {
        await burnPasswordCheck(password);
        return false;
      }
      return verifyPassword(candidate.passwordHash, password);
    }),
  );
  return candidates.find((_, i) => checks[i]);
}

/** The account a reset link for `email` is for: the verified one, else the newest. */
export async function findAccountByEmail(
  db: Database,
  email: string,
): Promise<SessionUser | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()))
    .orderBy(sql`${users.emailVerifiedAt} IS NULL`, desc(users.createdAt))
    .limit(1);
  return user;
}

/** The verified account holding `email`, if any (there is at most one). */
export async function findVerifiedHolder(
  db: Database,
  email: string,
): Promise<SessionUser | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.email, email), isNotNull(users.emailVerifiedAt)))
    .limit(1);
  return user;
}

/** Voids every reset link of an account: a link mailed before a change must not undo it. */
export async function deleteResetTokens(db: Database, userId: string): Promise<void> {
  await db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
}

/** A new password, and every outstanding reset link of the account void. */
export async function setPassword(
  db: Database,
  userId: string,
  password: string,
  now: Date,
): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(password), updatedAt: now })
    .where(eq(users.id, userId));
  await deleteResetTokens(db, userId);
}

export async function changePassword(
  db: Database,
  user: SessionUser,
  currentPassword: string,
  newPassword: string,
  now: Date,
): Promise<void> {
  if (!(await verifyPassword(user.passwordHash, currentPassword))) {
    throw new AppError('invalid', 'Your current password is not correct.');
  }
  await setPassword(db, user.id, newPassword, now);
}
