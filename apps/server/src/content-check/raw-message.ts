// The bytes a buyer's mail server would receive for a message: the same MIME nodemailer sends
// (headers, Date, Message-ID, parts), built without sending it anywhere.
import nodemailer from 'nodemailer';
import type { MailMessage } from '../mail/mailer.ts';

const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });

export async function rawMessage(message: MailMessage): Promise<Buffer> {
  // The envelope and the account are not part of the message a receiver reads.
  const { accountId: _accountId, returnPath: _returnPath, ...content } = message;
  const info = await transport.sendMail(content);
  return info.message as Buffer;
}
