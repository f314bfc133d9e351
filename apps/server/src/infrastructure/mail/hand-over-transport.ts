import type { Socket } from 'node:net';
import { Readable } from 'node:stream';
import type { SendMailOptions, Transport } from 'nodemailer';
import type MailMessage from 'nodemailer/lib/mailer/mail-message';
import SMTPConnection from 'nodemailer/lib/smtp-connection';
import { parseConnectionUrl } from 'nodemailer/lib/shared';
import { createSemaphore } from '../concurrency/semaphore.ts';
import type { RelayPacing } from './relay-pacing.ts';

/**
 * Says, once a connection is the message's own, whether it may still go: the sender writes its
 * "handed to the mail server" mark here. The message's end, after which the relay may accept it,
 * waits for the yes. False: another worker holds the order.
 */
export type HandOverCheck = () => Promise<boolean>;

/** The message as the mailer hands it over, with the check its end waits for. */
export type HandOverMailOptions = SendMailOptions & { handOver?: HandOverCheck };

/** The hand-over check said no: nothing was sent. */
export class HandOverDeclinedError extends Error {
  constructor() {
    super('The message was not handed over: another worker holds it now.');
  }
}

/**
 * The whole message reached the relay, and then the connection failed before the relay answered:
 * it may have been accepted and delivered. Sending it again could deliver it twice, so the sender
 * does not (RFC 5321 §4.1.1.4 leaves a message without its final reply in exactly this doubt).
 */
export class DeliveryUnconfirmedError extends Error {
  constructor(cause: unknown) {
    super(
      `The mail server did not confirm the message after receiving it: ${cause instanceof Error ? cause.message : String(cause)}`,
      { cause },
    );
  }
}

/** What a send resolves with: the relay's answer, the envelope and the Message-ID. */
type SentInfo = SMTPConnection.SentMessageInfo & {
  envelope: ReturnType<MailMessage['message']['getEnvelope']>;
  messageId: string;
};

/** nodemailer's pool defaults: five connections, a hundred messages each before a fresh one. */
const DEFAULT_MAX_CONNECTIONS = 5;
const DEFAULT_MAX_MESSAGES = 100;
/** Error codes after which the relay refused this message but the connection is fine. */
const MESSAGE_REFUSED = new Set(['EENVELOPE', 'EMESSAGE']);

interface PooledConnection {
  smtp: SMTPConnection;
  messages: number;
  alive: boolean;
}

/**
 * A pool of SMTP connections for nodemailer, like its own `pool: true`, with one difference that
 * exactly-once sending needs: a message's hand-over check runs only once a connection is open and
 * free for it, and the message's end waits for its yes. nodemailer's pool marks nothing and takes
 * every message at once, so a sender that marked its orders before handing them over had orders
 * marked "handed over" that were still queued for a connection when a crash came, and were then
 * never sent. Here at most one order per connection is marked and not yet in its transaction, and
 * only for the time the mark takes to be written.
 *
 * Each message is built and signed before it waits for a connection, and goes over as one write.
 *
 * The URL is nodemailer's (smtp:// or smtps://, user and password, query options such as
 * `maxConnections`, `maxMessages` and `tls.*`).
 */
export function createHandOverTransport(
  smtpUrl: string,
  relay: {
    /** Connections at once (SMTP_MAX_CONNECTIONS); unset: the URL's `maxConnections`, else 5. */
    maxConnections?: number | undefined;
    /** The relay's rate and its busy answers (relay-pacing.ts); unset: no pacing. */
    pacing?: RelayPacing;
  } = {},
): Transport<SentInfo> & { close(): void } {
  const options = parseConnectionUrl(smtpUrl) as SMTPConnection.Options & {
    auth?: { user: string; pass: string };
    maxConnections?: number;
    maxMessages?: number;
  };
  const maxMessages = options.maxMessages || DEFAULT_MAX_MESSAGES;
  const maxConnections = relay.maxConnections || options.maxConnections || DEFAULT_MAX_CONNECTIONS;
  const withConnection = createSemaphore(maxConnections);
  const { pacing } = relay;
  // One message built at a time: building is all CPU, so building several at once finishes none
  // sooner, and a worker that did so for every order in flight held more of them half-built.
  const building = createSemaphore(1);
  const idle: PooledConnection[] = [];
  let closed = false;
  // Connections from their opening until their socket has closed. A relay that caps connections
  // (SES, Postmark, a shared host) counts one until then: a connection retired after maxMessages
  // or an error, or still answering QUIT, keeps its place: one opened in that place before it has
  // closed is refused with 421, and its order waits out a retry.
  let connections = 0;
  // Messages waiting for an idle connection or for room to open one. All of them look again
  // whenever either may have come: a message that wants a fresh connection would otherwise take
  // the wake-up an idle one was for.
  const waiting: Array<() => void> = [];
  const freed = () => {
    for (const wake of waiting.splice(0)) wake();
  };

  const open = async (): Promise<PooledConnection> => {
    connections += 1;
    const smtp = new SMTPConnection(options);
    const pooled: PooledConnection = { smtp, messages: 0, alive: true };
    const drop = () => {
      pooled.alive = false;
      const at = idle.indexOf(pooled);
      if (at >= 0) idle.splice(at, 1);
    };
    smtp.once('end', () => {
      drop();
      // 'end' comes as soon as nodemailer is done with the connection, when its socket may only
      // have begun to close; none was made if it failed before connecting.
      const socket = smtp._socket as Socket | undefined;
      const gone = () => {
        connections -= 1;
        freed();
      };
      if (!socket || socket.closed) gone();
      else socket.once('close', gone);
    });
    try {
      await new Promise<void>((resolve, reject) => {
        smtp.once('error', reject);
        smtp.connect(() => {
          smtp.removeListener('error', reject);
          resolve();
        });
      });
      // Later errors end this connection only: the send in progress, if any, hears of it itself.
      smtp.on('error', drop);
      if (options.auth && (options.auth.user || options.auth.pass) && smtp.allowsAuth)
        await new Promise<void>((resolve, reject) =>
          smtp.login({ credentials: options.auth! }, (error) =>
            error ? reject(error) : resolve(),
          ),
        );
    } catch (error) {
      // A refused login leaves the connection open, holding its place until the relay's timeout.
      smtp.close();
      throw error;
    }
    return pooled;
  };

  const retire = (pooled: PooledConnection) => {
    pooled.alive = false;
    pooled.smtp.quit();
  };

  /**
   * A free connection that is still open (unless `fresh`), or a new one once fewer than
   * maxConnections are open, counting those still closing.
   */
  const take = async (fresh = false): Promise<PooledConnection> => {
    for (;;) {
      if (!fresh)
        for (let pooled = idle.pop(); pooled; pooled = idle.pop()) if (pooled.alive) return pooled;
      if (connections < maxConnections) return open();
      await new Promise<void>((resolve) => waiting.push(resolve));
    }
  };

  const park = (pooled: PooledConnection) => {
    if (closed || !pooled.alive || pooled.messages >= maxMessages) retire(pooled);
    else {
      idle.push(pooled);
      freed();
    }
  };

  const transmit = (pooled: PooledConnection, mail: MailMessage<SentInfo>, stream: Readable) =>
    new Promise<SMTPConnection.SentMessageInfo>((resolve, reject) => {
      pooled.messages++;
      pooled.smtp.send(mail.message.getEnvelope(), stream, (error, info) =>
        error ? reject(error) : resolve(info),
      );
    });

  const deliver = async (mail: MailMessage<SentInfo>): Promise<SentInfo> => {
    // Built and signed before a connection is taken: against a relay that caps connections, the
    // connections are what limits the rate, and building and signing on one kept it from the
    // relay for as long as they took (MIME, DKIM, and a socket write per MIME chunk).
    const raw = await building(() => builtMessage(mail));
    return withConnection(async () => {
      if (!pacing) return transact(mail, raw);
      await pacing.waitTurn();
      try {
        const sent = await transact(mail, raw);
        pacing.heard({ ok: true });
        return sent;
      } catch (error) {
        pacing.heard({ ok: false, error });
        throw error;
      }
    });
  };

  /**
   * One message over a pooled connection. Its hand-over check starts once the connection is its
   * own and runs while the envelope and the message's lines go over; only the message's end (the
   * lone dot after which the relay may accept it) waits for the check's yes. A relay keeps
   * nothing of a transaction that never ended (RFC 5321 §4.1.1.4), so a no, or a crash before
   * the answer, delivers nothing, as when the check came before MAIL FROM; and the relay no
   * longer waits for the mark's round trip to the database before every message.
   */
  const transact = async (mail: MailMessage<SentInfo>, raw: Buffer): Promise<SentInfo> => {
    let pooled = await take();
    const check = (mail.data as HandOverMailOptions).handOver;
    // Settles with nothing once the check said yes, else with why the message must not go.
    const stopped: Promise<unknown> = check
      ? check().then(
          (yes) => (yes ? undefined : new HandOverDeclinedError()),
          (error: unknown) => error ?? new HandOverDeclinedError(),
        )
      : Promise.resolve(undefined);
    let stream = messageStream(raw, stopped);
    try {
      let info;
      try {
        info = await transmitUnlessStopped(pooled, mail, stream, stopped);
      } catch (error) {
        // A connection the relay closed while it sat idle fails before a byte of the message
        // is read: the message goes over a fresh connection, as nodemailer's own pool does.
        if (
          pooled.messages > 1 &&
          stream.readableDidRead === false &&
          !isRefusal(error) &&
          (await stopped) === undefined
        ) {
          retire(pooled);
          pooled = await take(true);
          stream = messageStream(raw, stopped);
          info = await transmitUnlessStopped(pooled, mail, stream, stopped);
        } else throw error;
      }
      park(pooled);
      return {
        ...info,
        envelope: mail.message.getEnvelope(),
        messageId: mail.message.messageId(),
      };
    } catch (error) {
      // Not handed over (whatever else went wrong): nothing was delivered, nothing to record.
      const reason = await stopped;
      if (reason !== undefined) {
        cutOff(pooled);
        throw reason;
      }
      if (isRefusal(error))
        pooled.smtp.reset((resetError) => (resetError ? retire(pooled) : park(pooled)));
      else retire(pooled);
      // Sent in full and no reply at all (a reply, even a refusal, settles it either way).
      if (stream.readableEnded && replyCodeOf(error) === undefined)
        throw new DeliveryUnconfirmedError(error);
      throw error;
    }
  };

  /** The transaction, cut off before its end as soon as the hand-over check says no. */
  const transmitUnlessStopped = (
    pooled: PooledConnection,
    mail: MailMessage<SentInfo>,
    stream: Readable,
    stopped: Promise<unknown>,
  ) =>
    new Promise<SMTPConnection.SentMessageInfo>((resolve, reject) => {
      void stopped.then((reason) => {
        if (reason === undefined) return;
        cutOff(pooled);
        reject(reason);
      });
      transmit(pooled, mail, stream).then(resolve, reject);
    });

  /**
   * Ends a connection in the middle of its transaction without QUIT, which would go out as a line
   * of the message: the data stops and the socket closes, so the message never gets its end.
   */
  const cutOff = (pooled: PooledConnection) => {
    pooled.alive = false;
    pooled.smtp.close();
  };

  return {
    name: 'thankly-hand-over-pool',
    version: '1',
    send(mail, callback) {
      deliver(mail).then(
        (info) => callback(null, info),
        (error: unknown) =>
          callback(error instanceof Error ? error : new Error(String(error)), undefined as never),
      );
    },
    close() {
      closed = true;
      for (const pooled of idle.splice(0)) retire(pooled);
    },
  };
}

/** The message as the relay gets it, with its DKIM signature (nodemailer's stream steps). */
async function builtMessage(mail: MailMessage<SentInfo>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of mail.message.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * One attempt's copy of a built message, as one chunk, which ends only once `stopped` settles
 * with nothing (the hand-over check said yes): its end is what lets the relay accept it. A stream
 * rather than the buffer itself, because whether it was read, and read to its end, tells a
 * connection that failed before the message from one that failed after the whole message went.
 */
function messageStream(raw: Buffer, stopped: Promise<unknown>): Readable {
  let given = false;
  return new Readable({
    read() {
      if (given) return;
      given = true;
      this.push(raw);
      void stopped.then((reason) => {
        if (reason === undefined && !this.destroyed) this.push(null);
      });
    },
  });
}

function isRefusal(error: unknown): boolean {
  const { code, responseCode } = error as { code?: string; responseCode?: number };
  return code !== undefined && MESSAGE_REFUSED.has(code) && responseCode !== 421;
}

function replyCodeOf(error: unknown): number | undefined {
  const { responseCode } = (error ?? {}) as { responseCode?: unknown };
  return typeof responseCode === 'number' ? responseCode : undefined;
}
