import { and, eq } from 'drizzle-orm';
import { INVALID_EMAIL_LINK } from '@thankly/api-contract';
import type { AppContext } from '../context.ts';
import { UNIQUE_VIOLATION, pgErrorCode } from '../infrastructure/db/database.ts';
import { users } from '../infrastructure/db/schema.ts';
import { AppError } from '../infrastructure/http/errors.ts';
import { findVerifiedHolder } from './account-service.ts';
import { registrationAttemptMail, verificationMail } from './account-mails.ts';
import { spendEmailLink, deleteEmailTokens, issueEmailToken } from './email-tokens.ts';
import type { SessionUser } from './sessions.ts';

export const ADDRESS_HELD =
  'That address already belongs to another Thankly account. Sign in to that account, or reset its password.';
export const ALREADY_VERIFIED = 'Your email address is already confirmed.';

type MailContext = Pick<AppContext, 'db' | 'clock' | 'config' | 'mailer'>;

/**
 * Mails an unverified account its confirmation link, unless a verified account already holds the
 * address: then no link can ever work, and the owner is told of the attempt instead (once, at
 * registration; a resend from such an account sends nothing). Runs in a job, so the request that
 * asked for it answers alike in every case.
 */
export async function mailVerificationLink(
  ctx: MailContext,
  userId: string,
  { notifyOwner, appUrl = ctx.config.appUrl }: { notifyOwner: boolean; appUrl?: string },
): Promise<void> {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
  if (!user || user.emailVerifiedAt) return;
  const holder = await findVerifiedHolder(ctx.db, user.email);
  if (holder) {
    if (notifyOwner) await ctx.mailer.send(registrationAttemptMail(holder, appUrl));
    return;
  }
  const token = await issueEmailToken(ctx.db, {
    userId: user.id,
    purpose: 'verify_email',
    email: user.email,
    now: ctx.clock.now(),
  });
  await ctx.mailer.send(verificationMail(user, appUrl, token));
}

/**
 * Marks the signed-in account's address verified with a link mailed to it. The link must be this
 * account's: one mailed for another account with the same address (someone else registered it)
 * cannot confirm that other account from here.
 */
export async function verifyEmail(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  user: SessionUser,
  token: string,
): Promise<SessionUser> {
  const now = ctx.clock.now();
  const claimed = await spendEmailLink(ctx.db, {
    token,
    purpose: 'verify_email',
    userId: user.id,
    now,
  });
  // The account's address changed after the link was mailed: the link proves the old one only.
  if (claimed.email !== user.email) throw new AppError('invalid', INVALID_EMAIL_LINK);
  try {
    const [updated] = await ctx.db
      .update(users)
      .set({ emailVerifiedAt: user.emailVerifiedAt ?? now, updatedAt: now })
      .where(and(eq(users.id, user.id), eq(users.email, claimed.email)))
      .returning();
    if (!updated) throw new AppError('invalid', INVALID_EMAIL_LINK);
    await deleteEmailTokens(ctx.db, user.id, 'verify_email');
    return updated;
  } catch (error) {
    // Another account with this address was verified first; one verified account per address.
    if (pgErrorCode(error) === UNIQUE_VIOLATION) throw new AppError('conflict', ADDRESS_HELD);
    throw error;
  }
}
