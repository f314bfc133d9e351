import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import type { Database } from '../db/database.ts';
import { outboxMessages } from '../db/schema.ts';

export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Defaults to MAIL_FROM. */
  from?: string | { name: string; address: string };
  replyTo?: string;
  headers?: Record<string, string>;
  /** A stable id (`<…@…>`) for mail that must be recognisable as the same message. */
  messageId?: string;
}

export interface Mailer {
  /** 'outbox' keeps mail in the database for an operator to read instead of delivering it. */
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<{ messageId: string }>;
  close(): void;
}

/** Delivers through any SMTP relay (nodemailer URL form), over one pooled connection set. */
export function createSmtpMailer(smtpUrl: string, defaultFrom: string): Mailer {
  const transport: Transporter = nodemailer.createTransport(withPooling(smtpUrl));
  return {
    kind: 'smtp',
    async send(message) {
      const info = await transport.sendMail({ ...message, from: message.from ?? defaultFrom });
      return { messageId: info.messageId };
    },
    close: () => transport.close(),
  };
}

/**
 * Builds the same MIME message nodemailer would send, and keeps it in the database: the local
 * stand-in for a mail relay, read at /dev/outbox or with `npm run outbox`.
 */
export function createOutboxMailer(db: Database, defaultFrom: string): Mailer {
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return {
    kind: 'outbox',
    async send(message) {
      const info = await transport.sendMail({ ...message, from: message.from ?? defaultFrom });
      await db.insert(outboxMessages).values({
        to: message.to,
        subject: message.subject,
        raw: (info.message as Buffer).toString('utf8'),
      });
      return { messageId: info.messageId };
    },
    close: () => transport.close(),
  };
}

function withPooling(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  if (!url.searchParams.has('pool')) url.searchParams.set('pool', 'true');
  return url.toString();
}
