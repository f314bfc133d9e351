import { buffer } from 'node:stream/consumers';
import { type AddressObject, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string;
  /** The envelope's RCPT TO addresses: who the relay was asked to deliver to. */
  recipients: string[];
  /** The envelope's MAIL FROM: the return path bounces go to. */
  envelopeFrom: string;
  /** The message as it arrived, byte for byte (what a DKIM verifier reads). */
  raw: Buffer;
  cc: string;
  bcc: string;
  subject: string;
  text: string;
  html: string;
  headers: Map<string, unknown>;
  /** Header values as sent, by lower-case name (mailparser folds List-* headers into objects). */
  rawHeaders: Map<string, string>;
  replyTo: string;
}

export interface SmtpSink {
  url: string;
  messages: ReceivedMail[];
  /** Every recipient a client named in RCPT TO, message or not: transactions that were begun. */
  recipientsBegun: string[];
  /** Resolves with the first message (already received or arriving) that matches. */
  waitFor(predicate: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

function addressText(address: AddressObject | AddressObject[] | undefined): string {
  if (!address) return '';
  return (Array.isArray(address) ? address : [address]).map((a) => a.text).join(', ');
}

/** A real SMTP server on loopback that parses what it receives the way a mail client would. */
export async function startSmtpSink(): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  const recipientsBegun: string[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      recipientsBegun.push(address.address);
      callback();
    },
    onData(stream, session, callback) {
      const recipients = session.envelope.rcptTo.map((r) => r.address);
      const envelopeFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
      buffer(stream)
        .then(async (raw) => ({ raw, parsed: await simpleParser(raw) }))
        .then(({ raw, parsed }) => {
          messages.push({
            from: addressText(parsed.from),
            to: addressText(parsed.to),
            recipients,
            envelopeFrom,
            raw,
            cc: addressText(parsed.cc),
            bcc: addressText(parsed.bcc),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            headers: parsed.headers,
            rawHeaders: new Map(
              parsed.headerLines.map(({ key, line }) => [
                key,
                line.slice(line.indexOf(':') + 1).trim(),
              ]),
            ),
            replyTo: addressText(parsed.replyTo),
          });
          for (const wake of waiters) wake();
          callback();
        })
        .catch(callback);
    },
  });
  // A client killed mid-conversation resets its connection; that is the sender's story, not ours.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    recipientsBegun,
    waitFor(predicate, timeoutMs = 15_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find(predicate);
          if (!found) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(`No matching mail within ${timeoutMs} ms (received ${messages.length}).`),
          );
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
