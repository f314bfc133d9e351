import { and, desc, eq, gt, isNotNull, isNull, lt, or } from 'drizzle-orm';
import { INVALID_EMAIL_LINK } from '@thankly/api-contract';
import type { Database } from '../infrastructure/db/database.ts';
import { emailTokens } from '../infrastructure/db/schema.ts';
import { AppError } from '../infrastructure/http/errors.ts';
import { createSecretToken, hashToken } from './tokens.ts';

export type EmailTokenPurpose = (typeof emailTokens.$inferSelect)['purpose'];

const HOUR_MS = 60 * 60 * 1000;

/**
 * How long a mailed link works: a new seller may read the welcome mail the next day; an email
 * change is done while the seller is at the screen, and a stale one should not linger.
 */
export const EMAIL_TOKEN_TTL_MS: Record<EmailTokenPurpose, number> = {
  verify_email: 24 * HOUR_MS,
  change_email: HOUR_MS,
};

/** A new single-use link for `email`; only its hash is stored. */
export async function issueEmailToken(
  db: Database,
  input: { userId: string; purpose: EmailTokenPurpose; email: string; now: Date },
): Promise<string> {
  const token = createSecretToken();
  await db.insert(emailTokens).values({
    tokenHash: hashToken(token),
    userId: input.userId,
    purpose: input.purpose,
    email: input.email,
    createdAt: input.now,
    expiresAt: new Date(input.now.getTime() + EMAIL_TOKEN_TTL_MS[input.purpose]),
  });
  return token;
}

export const FOREIGN_LINK =
  'This link was sent for another Thankly account. Sign in to that account, then follow the link again.';

/**
 * Spends a link of `userId` for `purpose` and returns the address it was mailed to. Checking and
 * spending happen in one statement, so a link works exactly once; a link of another account is
 * left untouched (it is not this caller's to spend) and answered 404 with a way on, anything else
 * (unknown, spent, expired) 400.
 */
export async function spendEmailLink(
  db: Database,
  input: { token: string; purpose: EmailTokenPurpose; userId: string; now: Date },
): Promise<{ email: string }> {
  const [claimed] = await db
    .update(emailTokens)
    .set({ usedAt: input.now })
    .where(
      and(
        eq(emailTokens.tokenHash, hashToken(input.token)),
        eq(emailTokens.purpose, input.purpose),
        eq(emailTokens.userId, input.userId),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, input.now),
      ),
    )
    .returning({ email: emailTokens.email });
  if (claimed) return claimed;
  const [owner] = await db
    .select({ userId: emailTokens.userId })
    .from(emailTokens)
    .where(eq(emailTokens.tokenHash, hashToken(input.token)));
  if (owner && owner.userId !== input.userId) throw new AppError('not_found', FOREIGN_LINK);
  throw new AppError('invalid', INVALID_EMAIL_LINK);
}

/** The address of the newest email change still waiting for its link to be followed. */
export async function findPendingEmailChange(
  db: Database,
  userId: string,
  now: Date,
): Promise<string | null> {
  const [row] = await db
    .select({ email: emailTokens.email })
    .from(emailTokens)
    .where(
      and(
        eq(emailTokens.userId, userId),
        eq(emailTokens.purpose, 'change_email'),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, now),
      ),
    )
    .orderBy(desc(emailTokens.createdAt))
    .limit(1);
  return row?.email ?? null;
}

/** Voids every outstanding link of an account (of one purpose, or all). */
export async function deleteEmailTokens(
  db: Database,
  userId: string,
  purpose?: EmailTokenPurpose,
): Promise<void> {
  await db
    .delete(emailTokens)
    .where(
      purpose
        ? and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose))
        : eq(emailTokens.userId, userId),
    );
}

/** Housekeeping: a spent or expired link can never work again. */
export async function deleteSpentEmailTokens(db: Database, now: Date): Promise<void> {
  await db
    .delete(emailTokens)
    .where(or(lt(emailTokens.expiresAt, now), isNotNull(emailTokens.usedAt)));
}
