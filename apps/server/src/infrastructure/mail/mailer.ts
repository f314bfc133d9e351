import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import type { Database } from '../db/database.ts';
import { outboxMessages, users } from '../db/schema.ts';
import { type DkimKey, type DkimMailOptions, useDkimSigning } from './dkim-signature.ts';
import { fromDomain } from './platform-dkim.ts';
import {
  type HandOverCheck,
  type HandOverMailOptions,
  HandOverDeclinedError,
  createHandOverTransport,
} from './hand-over-transport.ts';

export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Defaults to MAIL_FROM. */
  from?: string | { name: string; address: string };
  replyTo?: string;
  headers?: Record<string, string>;
  /**
   * The SMTP envelope sender (the return path bounces go to); unset: the From address. The
   * recipient of the envelope is always `to`.
   */
  returnPath?: string;
  /** Sign with this domain's DKIM key (a seller's verified sending domain). */
  dkim?: { domainName: string; keySelector: string; privateKey: string };
  /** A stable id (`<…@…>`) for mail that must be recognisable as the same message. */
  messageId?: string;
  /**
   * The account this mail is sent for (a seller's test or buyer email). Unset: the account whose
   * address it is sent to, if any. Null: nobody's (mail to the operator). Only the outbox reads it.
   */
  accountId?: string | null;
  /**
   * Runs once the message is about to be handed to the mail server (a connection is open and free
   * for it): the sender's "handed over" mark. The message's end, after which the mail server may
   * accept it, waits for it. False: send nothing (another worker holds the order).
   */
  handOver?: HandOverCheck;
}

export interface Mailer {
  /** 'outbox' keeps mail in the database for an operator to read instead of delivering it. */
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<{ messageId: string }>;
  close(): void;
}

/**
 * Delivers through any SMTP relay (nodemailer URL form), over one pool of connections that runs
 * each message's hand-over check once a connection is its own, and ends the message only after
 * the check's yes (hand-over-transport.ts).
 */
export function createSmtpMailer(
  smtpUrl: string,
  defaultFrom: string,
  platformKey?: DkimKey,
  relay?: Parameters<typeof createHandOverTransport>[1],
): Mailer {
  const transport: Transporter = nodemailer.createTransport(
    createHandOverTransport(smtpUrl, relay),
  );
  useDkimSigning(transport);
  return {
    kind: 'smtp',
    async send({ accountId: _accountId, ...message }) {
      const info = await transport.sendMail(nodemailerMessage(message, defaultFrom, platformKey));
      return { messageId: info.messageId };
    },
    close: () => transport.close(),
  };
}

/**
 * Builds the same MIME message nodemailer would send, and keeps it in the database: the local
 * stand-in for a mail relay, read in the app (Outbox, `/thankly/outbox`) or at `/dev/outbox.json`.
 */
export function createOutboxMailer(
  db: Database,
  defaultFrom: string,
  platformKey?: DkimKey,
): Mailer {
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  useDkimSigning(transport);
  return {
    kind: 'outbox',
    async send({ accountId, handOver, ...message }) {
      if (handOver && !(await handOver())) throw new HandOverDeclinedError();
      const info = await transport.sendMail(nodemailerMessage(message, defaultFrom, platformKey));
      await db.insert(outboxMessages).values({
        to: message.to,
        subject: message.subject,
        raw: (info.message as Buffer).toString('utf8'),
        accountId: accountId === undefined ? await accountAt(db, message.to) : accountId,
      });
      return { messageId: info.messageId };
    },
    close: () => transport.close(),
  };
}

/**
 * The account that holds the address now: the one that verified it, else the only one that
 * claims it; several unverified claimants get nothing (the mail is the operator's alone).
 * Resolved when the mail is kept, not when it is read, so an address that changes hands later
 * does not take earlier mail with it.
 */
async function accountAt(db: Database, to: string): Promise<string | null> {
  const holders = await db
    .select({ id: users.id, verifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.email, to.trim().toLowerCase()))
    .limit(10);
  const verified = holders.find((holder) => holder.verifiedAt !== null);
  if (verified) return verified.id;
  return holders.length === 1 ? holders[0]!.id : null;
}

/**
 * Our message as nodemailer takes it: the return path as the envelope sender, DKIM per message
 * (signed by dkim-signature.ts, not nodemailer's `dkim`, which cannot oversign). A message with no
 * key of its own that goes From the platform key's domain (MAIL_FROM's) is signed with that key.
 */
export function nodemailerMessage(
  { returnPath, dkim, ...message }: Omit<MailMessage, 'accountId'>,
  defaultFrom: string,
  platformKey?: DkimKey,
): HandOverMailOptions & DkimMailOptions {
  const from = message.from ?? defaultFrom;
  const key =
    dkim ??
    (platformKey && fromDomain(from) === platformKey.domainName.toLowerCase()
      ? platformKey
      : undefined);
  return {
    ...message,
    from,
    ...(key ? { dkimKey: key } : {}),
    ...(returnPath ? { envelope: { from: returnPath, to: message.to } } : {}),
  };
}
