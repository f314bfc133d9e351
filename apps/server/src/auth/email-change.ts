import { eq } from 'drizzle-orm';
import { INVALID_EMAIL_LINK } from '@thankly/api-contract';
import type { AppContext } from '../context.ts';
import { UNIQUE_VIOLATION, pgErrorCode } from '../infrastructure/db/database.ts';
import { users } from '../infrastructure/db/schema.ts';
import { AppError } from '../infrastructure/http/errors.ts';
import { deleteResetTokens } from './account-service.ts';
import {
  emailChangeConfirmationMail,
  emailChangeRequestedMail,
  emailChangedMail,
} from './account-mails.ts';
import { ADDRESS_HELD } from './email-verification.ts';
import { spendEmailLink, deleteEmailTokens, issueEmailToken } from './email-tokens.ts';
import { verifyPassword } from './passwords.ts';
import { deleteOtherSessions } from './sessions.ts';
import type { SessionUser } from './sessions.ts';

export const WRONG_PASSWORD = 'That password is not correct.';
export const SAME_EMAIL = 'That is already your account email.';

type Ctx = Pick<AppContext, 'db' | 'clock' | 'config' | 'sendMail'>;

/**
 * Asks for an email change: nothing changes until the link mailed to the new address is followed
 * (proof that the seller reads it). The current address is told, so a change made with a stolen
 * password does not go unnoticed. Whether the new address has an account is not checked here: the
 * answer would reveal it; following the link refuses an address a verified account holds.
 */
export async function requestEmailChange(
  ctx: Ctx,
  user: SessionUser,
  newEmail: string,
  password: string,
  /** Where the mailed links point: APP_URL, or the asking browser in trying-out mode. */
  appUrl: string = ctx.config.appUrl,
): Promise<void> {
  if (!(await verifyPassword(user.passwordHash, password))) {
    throw new AppError('invalid', WRONG_PASSWORD);
  }
  if (newEmail === user.email) throw new AppError('invalid', SAME_EMAIL);
  // Only the latest request can be confirmed.
  await deleteEmailTokens(ctx.db, user.id, 'change_email');
  const token = await issueEmailToken(ctx.db, {
    userId: user.id,
    purpose: 'change_email',
    email: newEmail,
    now: ctx.clock.now(),
  });
  await ctx.sendMail(emailChangeConfirmationMail(user, newEmail, appUrl, token));
  // An address never confirmed may not be the seller's: it is not mailed about the account.
  if (user.emailVerifiedAt) await ctx.sendMail(emailChangeRequestedMail(user, newEmail, appUrl));
}

/**
 * Applies a requested change with the link from the new address: the address becomes the account's,
 * verified; every other session ends, every outstanding reset and email link is void, and the old
 * address is told.
 */
export async function confirmEmailChange(
  ctx: Ctx,
  user: SessionUser,
  token: string,
  keepSessionToken: string | undefined,
): Promise<SessionUser> {
  const now = ctx.clock.now();
  const claimed = await spendEmailLink(ctx.db, {
    token,
    purpose: 'change_email',
    userId: user.id,
    now,
  });
  let updated: SessionUser | undefined;
  try {
    [updated] = await ctx.db
      .update(users)
      .set({ email: claimed.email, emailVerifiedAt: now, updatedAt: now })
      .where(eq(users.id, user.id))
      .returning();
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION) throw new AppError('conflict', ADDRESS_HELD);
    throw error;
  }
  if (!updated) throw new AppError('invalid', INVALID_EMAIL_LINK);
  await deleteOtherSessions(ctx.db, user.id, keepSessionToken);
  await deleteResetTokens(ctx.db, user.id);
  await deleteEmailTokens(ctx.db, user.id);
  if (user.emailVerifiedAt && user.email !== updated.email) {
    await ctx.sendMail(emailChangedMail(user, user.email, updated.email, ctx.config.appUrl));
  }
  return updated;
}
