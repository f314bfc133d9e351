// The bytes a buyer's mail server would receive for a message: the same MIME nodemailer sends
// (headers, Date, Message-ID, parts), built without sending it anywhere.
import nodemailer from 'nodemailer';
import { useDkimSigning } from '../infrastructure/mail/dkim-signature.ts';
import { type MailMessage, nodemailerMessage } from '../infrastructure/mail/mailer.ts';

const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
useDkimSigning(transport);

export async function rawMessage(message: MailMessage): Promise<Buffer> {
  // The envelope and the account are not part of the message a receiver reads.
  const {
    accountId: _accountId,
    returnPath: _returnPath,
    handOver: _handOver,
    ...content
  } = message;
  const info = await transport.sendMail(nodemailerMessage(content, ''));
  return info.message as Buffer;
}
