import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../infrastructure/db/database.ts';
import { passwordResetTokens } from '../infrastructure/db/schema.ts';
import { AppError } from '../infrastructure/http/errors.ts';
import type { MailMessage } from '../infrastructure/mail/mailer.ts';
import { productMail } from '../infrastructure/mail/product-mail.ts';
import { findAccountByEmail, setPassword } from './account-service.ts';
import { deleteEmailTokens } from './email-tokens.ts';
import { deleteOtherSessions } from './sessions.ts';
import { createSecretToken, hashToken } from './tokens.ts';

export const RESET_TOKEN_TTL_MS = 15 * 60 * 1000;
export const INVALID_RESET_TOKEN = 'Invalid or expired reset token';
export const RESET_SUBJECT = 'Reset your Thankly password';

/**
 * Mails a single-use reset link if the address has an account (the verified one, else the newest).
 * Runs in a job: the request only queues it, so its reply and its time are the same whether or not
 * the address exists.
 */
export async function requestPasswordReset(
  deps: {
    db: Database;
    sendMail: (message: MailMessage) => Promise<unknown>;
    appUrl: string;
    now: Date;
  },
  email: string,
): Promise<void> {
  const { db, sendMail, appUrl, now } = deps;
  const user = await findAccountByEmail(db, email);
  if (!user) return;
  const token = createSecretToken();
  await db.insert(passwordResetTokens).values({
    tokenHash: hashToken(token),
    userId: user.id,
    expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
  });
  const link = `${appUrl}/reset-password?token=${token}`;
  await sendMail({
    to: user.email,
    subject: RESET_SUBJECT,
    ...productMail(
      [
        `Hi ${user.name},`,
        'Someone asked to reset the password of your Thankly account. If it was you, choose a new password with the link below. It works once and expires in 15 minutes.',
        "If you didn't ask, ignore this email: your password stays as it is.",
      ],
      { label: 'Choose a new password', url: link },
    ),
  });
}

/**
 * Sets a new password with a valid token, voids every other reset link and any pending email change
 * of the account, and signs it out everywhere.
 */
export async function resetPassword(
  db: Database,
  token: string,
  password: string,
  now: Date,
): Promise<void> {
  // Claiming the token and checking it happen in one statement, so a token works exactly once.
  const [claimed] = await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, hashToken(token.toLowerCase())),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    )
    .returning({ userId: passwordResetTokens.userId });
  if (!claimed) throw new AppError('invalid', INVALID_RESET_TOKEN);
  await setPassword(db, claimed.userId, password, now);
  await deleteOtherSessions(db, claimed.userId);
  // A reset is how an owner takes the account back: an email change someone else asked for with
  // the old password must not go through afterwards.
  await deleteEmailTokens(db, claimed.userId, 'change_email');
}
