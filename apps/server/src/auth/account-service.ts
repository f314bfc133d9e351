import { eq } from 'drizzle-orm';
import type { User } from '@thankly/api-contract';
import type { Database } from '../db/database.ts';
import { UNIQUE_VIOLATION, pgErrorCode } from '../db/database.ts';
import { users } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from './passwords.ts';
import type { SessionUser } from './sessions.ts';

export const EMAIL_TAKEN = 'An account with that email already exists.';

/** The user as the API shows it: never the password hash. */
export function publicUser(user: SessionUser): User {
  return { id: user.id, name: user.name, email: user.email, plan: user.plan };
}

export async function registerAccount(
  db: Database,
  input: { name: string; email: string; password: string },
): Promise<SessionUser> {
  const passwordHash = await hashPassword(input.password);
  try {
    const [user] = await db
      .insert(users)
      .values({ name: input.name, email: input.email, passwordHash, plan: 'free' })
      .returning();
    // Every account starts on Starter; a paid plan takes effect once its checkout is paid.
    return user!;
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION) throw new AppError('conflict', EMAIL_TAKEN);
    throw error;
  }
}

/** The user whose password matches, or undefined; unknown emails take as long as wrong passwords. */
export async function authenticate(
  db: Database,
  email: string,
  password: string,
): Promise<SessionUser | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()))
    .limit(1);
  if (!user) {
    await burnPasswordCheck(password);
    return undefined;
  }
  return (await verifyPassword(user.passwordHash, password)) ? user : undefined;
}

export async function changeEmail(
  db: Database,
  user: SessionUser,
  email: string,
  password: string,
): Promise<SessionUser> {
  if (!(await verifyPassword(user.passwordHash, password))) {
    throw new AppError('invalid', 'That password is not correct.');
  }
  try {
    const [updated] = await db
      .update(users)
      .set({ email, updatedAt: new Date() })
      .where(eq(users.id, user.id))
      .returning();
    return updated!;
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION) throw new AppError('conflict', EMAIL_TAKEN);
    throw error;
  }
}

export async function setPassword(db: Database, userId: string, password: string): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(password), updatedAt: new Date() })
    .where(eq(users.id, userId));
}

export async function changePassword(
  db: Database,
  user: SessionUser,
  currentPassword: string,
  newPassword: string,
): Promise<void> {
  if (!(await verifyPassword(user.passwordHash, currentPassword))) {
    throw new AppError('invalid', 'Your current password is not correct.');
  }
  await setPassword(db, user.id, newPassword);
}
