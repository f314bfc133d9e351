import type { MailMessage } from '../infrastructure/mail/mailer.ts';
import { productMail } from '../infrastructure/mail/product-mail.ts';

/**
 * Every mail about the account itself: what it says and where its links lead. Links to pages of
 * the app only; a link that carries a secret names it as a query parameter the page reads.
 */

export const VERIFY_SUBJECT = 'Confirm your email address for Thankly';
export const REGISTRATION_ATTEMPT_SUBJECT =
  'Someone tried to create a Thankly account with your address';
export const CHANGE_CONFIRM_SUBJECT = 'Confirm your new Thankly email address';
export const CHANGE_REQUESTED_SUBJECT = 'Your Thankly email address is about to change';
export const CHANGED_SUBJECT = 'Your Thankly email address was changed';
export const DELIVERY_PAUSED_SUBJECT = 'Thankly paused your buyer emails';

export function verificationMail(
  user: { name: string; email: string },
  appUrl: string,
  token: string,
): MailMessage {
  return {
    to: user.email,
    subject: VERIFY_SUBJECT,
    ...productMail(
      [
        `Hi ${user.name},`,
        'Welcome to Thankly! Confirm that this is your address, and Thankly can start sending test emails and thank-you emails for you. The link works once and expires in 24 hours; open it in the browser where you are signed in to Thankly.',
        "If you didn't create a Thankly account, ignore this email: nothing is sent for an address that was never confirmed.",
      ],
      { label: 'Confirm my email address', url: `${appUrl}/verify-email?token=${token}` },
    ),
  };
}

/** Sent instead of a confirmation link when the address already belongs to a confirmed account. */
export function registrationAttemptMail(
  owner: { name: string; email: string },
  appUrl: string,
): MailMessage {
  return {
    to: owner.email,
    subject: REGISTRATION_ATTEMPT_SUBJECT,
    ...productMail(
      [
        `Hi ${owner.name},`,
        'Someone just tried to create a new Thankly account with this email address, which already belongs to your account.',
        `If it was you, there is no need for a second account: sign in at ${appUrl}/login, or reset your password at ${appUrl}/forgot-password if you forgot it.`,
        "If it wasn't you, you don't need to do anything: your account is unchanged, and nobody else can confirm this address.",
      ],
      { label: 'Sign in to Thankly', url: `${appUrl}/login` },
    ),
  };
}

export function emailChangeConfirmationMail(
  user: { name: string },
  newEmail: string,
  appUrl: string,
  token: string,
): MailMessage {
  return {
    to: newEmail,
    subject: CHANGE_CONFIRM_SUBJECT,
    ...productMail(
      [
        `Hi ${user.name},`,
        `You asked to use ${newEmail} as the email address of your Thankly account. Follow the link below to confirm it; the change takes effect then. The link works once and expires in 1 hour; open it in the browser where you are signed in to Thankly.`,
        "If you didn't ask for this, ignore this email: nothing changes.",
      ],
      { label: 'Confirm my new address', url: `${appUrl}/confirm-email?token=${token}` },
    ),
  };
}

/** To the current address, so an intruder who knows the password cannot move the account quietly. */
export function emailChangeRequestedMail(
  user: { name: string; email: string },
  newEmail: string,
  appUrl: string,
): MailMessage {
  return {
    to: user.email,
    subject: CHANGE_REQUESTED_SUBJECT,
    ...productMail(
      [
        `Hi ${user.name},`,
        `Someone signed in to your Thankly account asked to change its email address to ${newEmail}. The change only happens if the link sent to that address is followed within 1 hour.`,
        `If this wasn't you, someone knows your password: reset it now at ${appUrl}/forgot-password (this signs everyone else out and stops the change), and tell us at ${appUrl}/contact.`,
      ],
      { label: 'Reset my password', url: `${appUrl}/forgot-password` },
    ),
  };
}

export function emailChangedMail(
  user: { name: string },
  oldEmail: string,
  newEmail: string,
  appUrl: string,
): MailMessage {
  return {
    to: oldEmail,
    subject: CHANGED_SUBJECT,
    ...productMail(
      [
        `Hi ${user.name},`,
        `The email address of your Thankly account is now ${newEmail}. Mail about your account goes there from now on, and every other signed-in device was signed out.`,
        `If you didn't make this change, contact us right away at ${appUrl}/contact and reply from this address, so we can give the account back to you.`,
      ],
      { label: 'Contact support', url: `${appUrl}/contact` },
    ),
  };
}

/**
 * Sent once when Thankly pauses a seller's buyer emails (delivery-health.ts): a seller who does
 * not open the dashboard would otherwise learn of it from a buyer who never got their note.
 */
export function deliveryPausedMail(
  seller: { name: string; email: string },
  pause: {
    /** The figures that paused sending, as a clause: "3 of your last 10 emails bounced …". */
    what: string;
    /** The full explanation the dashboard shows. */
    reason: string;
    pausedOn: string;
    appUrl: string;
    supportEmail: string;
  },
): MailMessage {
  return {
    to: seller.email,
    subject: DELIVERY_PAUSED_SUBJECT,
    replyTo: pause.supportEmail,
    ...productMail(
      [
        `Hi ${seller.name},`,
        `What happened: on ${pause.pausedOn} Thankly stopped sending thank-you emails to your buyers, because ${pause.what}.`,
        'Why: when email bounces or is reported as spam, mailbox providers such as Gmail and Outlook start to distrust the address it comes from. Thankly sends for many shops, so that distrust would reach your other buyers and every other seller too. Pausing early keeps your emails landing in inboxes once you resume.',
        'While sending is paused, new orders are still listed on your dashboard, marked as not sent because of the pause; they are not emailed later.',
        `What to do:\n1. Open Recent orders on your dashboard: each email that bounced or was reported as spam shows why.\n2. Find where those addresses came from (a typo at checkout, an old import, a marketplace that hides buyers' real addresses) and stop them reaching Thankly.\n3. Reply to this email, or write to ${pause.supportEmail}, saying what you changed. Support lifts the pause once your list is clean.`,
      ],
      { label: 'Open my dashboard', url: `${pause.appUrl}/thankly` },
    ),
  };
}
