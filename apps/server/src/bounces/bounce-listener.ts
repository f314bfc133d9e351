import { SMTPServer } from 'smtp-server';
import { appSecretKeys } from '../infrastructure/config/app-secret.ts';
import type { AppContext } from '../context.ts';
import { loggableError } from '../infrastructure/http/loggable-error.ts';
import { bounceRecipient } from './bounce-recipients.ts';
import { handleInboundMail } from './inbound-mail.ts';
import { peerLimit } from './peer-limit.ts';

/**
 * A bounce quotes at most part of the returned email (Postfix keeps 50 KB of it, Exim 100 KB), a
 * complaint the same: anything larger is no report of ours, and refusing it at the door bounds
 * what one message can cost to parse.
 */
const MAX_MESSAGE_BYTES = 128 * 1024;

export interface BounceListener {
  /** The port it listens on (the configured one, or the one the system chose for port 0). */
  port: number;
  close(): Promise<void>;
}

const smtpError = (responseCode: number, message: string) =>
  Object.assign(new Error(message), { responseCode });

/**
 * The inbound SMTP server the bounce domain's MX points at: it takes mail only for signed return
 * paths and the feedback-loop address, with no authentication, no TLS (bounces carry nothing
 * secret, and a relay delivering them needs none) and no relaying.
 */
export async function startBounceListener(
  ctx: Pick<AppContext, 'db' | 'clock' | 'log' | 'config' | 'rateLimits' | 'sendMail'>,
): Promise<BounceListener> {
  const { bounceDomain, bounceSmtpHost, bounceSmtpPort } = ctx.config.deliverability;
  const recipientOf = (address: string) =>
    bounceRecipient(address, { bounceDomain, secrets: appSecretKeys(ctx.config) });
  const mayDeliver = peerLimit(ctx.rateLimits.bounceReportsPerPeer, () =>
    ctx.clock.now().getTime(),
  );
  // One report at a time: this process may also serve the API, and fifty reports parsed at once
  // would take its event loop in turns of fifty. A report waits; the sender waits for our reply.
  let queue: Promise<unknown> = Promise.resolve();
  const oneAtATime = <T>(task: () => Promise<T>): Promise<T> => {
    const run = queue.then(task);
    queue = run.catch(() => undefined);
    return run;
  };
  const server = new SMTPServer({
    name: bounceDomain,
    banner: 'Thankly bounce processing',
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    // Advertised in EHLO, so a sender that declares a larger SIZE is refused (552) before DATA.
    size: MAX_MESSAGE_BYTES,
    // A report is about one email and goes to one address.
    maxRecipients: 1,
    maxClients: 50,
    socketTimeout: 60_000,
    closeTimeout: 5_000,
    disableReverseLookup: true,
    logger: false,
    onMailFrom(_address, session, callback) {
      if (!mayDeliver(session.remoteAddress))
        return callback(
          smtpError(450, '4.7.1 Too many reports from your address, try again later'),
        );
      callback();
    },
    onRcptTo(address, _session, callback) {
      if (!recipientOf(address.address))
        return callback(smtpError(550, '5.1.1 No such recipient here'));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      let bytes = 0;
      // Past the limit the rest is read and thrown away (smtp-server answers only after the end).
      stream.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (bytes <= MAX_MESSAGE_BYTES) chunks.push(chunk);
      });
      stream.on('error', callback);
      stream.on('end', () => {
        // Only recipients onRcptTo accepted are in the envelope.
        const recipients = session.envelope.rcptTo.flatMap((r) => recipientOf(r.address) ?? []);
        if (stream.sizeExceeded || bytes > MAX_MESSAGE_BYTES)
          return callback(smtpError(552, '5.3.4 Message too big'));
        oneAtATime(() => handleInboundMail(ctx, Buffer.concat(chunks), recipients)).then(
          () => callback(),
          (error: unknown) => {
            // The notice was fine; storing it was not: the sender keeps it and tries again.
            ctx.log.error({ err: loggableError(error) }, 'bounce listener could not record');
            callback(smtpError(451, '4.3.0 Try again later'));
          },
        );
      });
    },
  });
  // A peer resetting mid-conversation is its own business; the listener carries on.
  server.on('error', (error) => ctx.log.debug({ err: loggableError(error) }, 'bounce listener'));
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(bounceSmtpPort ?? 0, bounceSmtpHost, () => {
      server.server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.server.address() as { port: number };
  ctx.log.info({ port }, 'bounce listener started');
  return { port, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
