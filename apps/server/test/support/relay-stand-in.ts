// A mail relay as the ones sellers' mail goes through behave (SES, Postmark, SendGrid, a shared
// SMTP host): every message takes a while to be answered, the account may hold only so many
// connections and send only so fast, and some messages are refused for now (4xx) or for good
// (5xx). For the relay-bound benchmark and tests that need a relay with limits; the connection
// dropped after DATA has a stand-in of its own (dropping-relay.ts).
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface RelayLimits {
  /** How long the relay takes to answer each message, after its data (default 0). */
  latencyMs?: number;
  /** Connections the account may hold; one more is turned away with 421 (default: no cap). */
  maxConnections?: number;
  /** Messages a second the account may send; past it, 451 4.7.1 at RCPT (default: no cap). */
  ratePerSecond?: number;
  /** Share of messages refused for now with 451 at RCPT (0 to 1). */
  temporaryFailures?: number;
  /** Share of messages refused for good with 550 at RCPT (0 to 1). */
  permanentFailures?: number;
  /** Decides the random refusals; default Math.random. */
  random?: () => number;
}

export interface RelayStandIn {
  url: string;
  /** Messages the relay accepted. */
  accepted(): number;
  /** Refusals by reply code: 421 (connections), 451 (rate or for now), 550 (for good). */
  refused(): Record<number, number>;
  /** Each refusal of a message, with its envelope sender (buyer emails' is `bounces+…`). */
  refusals(): Array<{ code: number; from: string }>;
  /** The most connections open at one time. */
  mostConnections(): number;
  close(): Promise<void>;
}

const refusal = (code: number, text: string) =>
  Object.assign(new Error(text), { responseCode: code });

export async function startRelayStandIn(limits: RelayLimits = {}): Promise<RelayStandIn> {
  const random = limits.random ?? Math.random;
  const refused: Record<number, number> = {};
  const refusals: Array<{ code: number; from: string }> = [];
  const count = (code: number, from?: string) => {
    refused[code] = (refused[code] ?? 0) + 1;
    if (from !== undefined) refusals.push({ code, from });
  };
  const admitted = new Set<string>();
  let mostOpen = 0;
  let accepted = 0;
  // The rate as a sliding second of message starts.
  const starts: number[] = [];

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onConnect(session, callback) {
      if (limits.maxConnections !== undefined && admitted.size >= limits.maxConnections) {
        count(421);
        return callback(refusal(421, 'Too many connections from your account, try again later'));
      }
      admitted.add(session.id);
      mostOpen = Math.max(mostOpen, admitted.size);
      callback();
    },
    onClose(session) {
      admitted.delete(session.id);
    },
    onRcptTo(_address, session, callback) {
      const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
      const now = performance.now();
      while (starts.length > 0 && starts[0]! <= now - 1000) starts.shift();
      if (limits.ratePerSecond !== undefined && starts.length >= limits.ratePerSecond) {
        count(451, from);
        return callback(refusal(451, '4.7.1 Sending rate exceeded, slow down'));
      }
      const roll = random();
      if (roll < (limits.permanentFailures ?? 0)) {
        count(550, from);
        return callback(refusal(550, '5.1.1 Mailbox unavailable'));
      }
      if (roll < (limits.permanentFailures ?? 0) + (limits.temporaryFailures ?? 0)) {
        count(451, from);
        return callback(refusal(451, '4.3.0 Temporary failure, try again later'));
      }
      starts.push(now);
      callback();
    },
    onData(stream, _session, callback) {
      stream.resume();
      stream.on('end', () => {
        setTimeout(() => {
          accepted += 1;
          callback();
        }, limits.latencyMs ?? 0);
      });
    },
  });
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    accepted: () => accepted,
    refused: () => ({ ...refused }),
    refusals: () => [...refusals],
    mostConnections: () => mostOpen,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
