import type { ReceivedMail } from './smtp-sink.ts';

function tokenIn(mail: ReceivedMail, page: string): string {
  const match = new RegExp(`/${page}\\?token=([0-9a-f]{64})`).exec(mail.text);
  if (!match) throw new Error(`no ${page} link in "${mail.subject}"`);
  return match[1]!;
}

/** The token of the confirmation link in a welcome mail. */
export const verifyToken = (mail: ReceivedMail) => tokenIn(mail, 'verify-email');
/** The token of the link that confirms a new address. */
export const confirmEmailToken = (mail: ReceivedMail) => tokenIn(mail, 'confirm-email');
/** The token of a password reset link. */
export const resetToken = (mail: ReceivedMail) => tokenIn(mail, 'reset-password');
