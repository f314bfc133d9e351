// The pool against a real SMTP server on loopback: a message's end waits for its hand-over
// check's yes, SMTP_MAX_CONNECTIONS caps what is open at once (counting connections still
// closing), and a relay that keeps answering 421 gets no new message until the pause ends.
import type { AddressInfo, Socket } from 'node:net';
import nodemailer from 'nodemailer';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, test } from 'vitest';
import {
  DeliveryUnconfirmedError,
  HandOverDeclinedError,
  type HandOverMailOptions,
  createHandOverTransport,
} from './hand-over-transport.ts';
import { createRelayPacing } from './relay-pacing.ts';
import { startDroppingRelay } from '../../../test/support/dropping-relay.ts';

interface Relay {
  url: string;
  /** The most connections that were open at one time. */
  mostOpen: number;
  /** When each message's RCPT TO arrived, first to last. */
  attempts: number[];
  close(): Promise<void>;
}

/** A relay that answers RCPT TO with 421 to the first `busyFor` messages, then takes all. */
async function startRelay(busyFor = 0): Promise<Relay> {
  let open = 0;
  const relay = { mostOpen: 0, attempts: [] as number[] };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(_session, callback) {
      open += 1;
      relay.mostOpen = Math.max(relay.mostOpen, open);
      callback();
    },
    onClose() {
      open -= 1;
    },
    onRcptTo(_address, _session, callback) {
      relay.attempts.push(Date.now());
      if (relay.attempts.length <= busyFor)
        return callback(Object.assign(new Error('Too busy, try later'), { responseCode: 421 }));
      callback();
    },
    onData(stream, _session, callback) {
      stream.resume();
      // Slow enough that messages sent together overlap.
      stream.on('end', () => setTimeout(() => callback(), 30));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return Object.assign(relay, {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

/**
 * A relay that caps connections as SES, Postmark or a shared host do: it counts a connection from
 * the moment it accepts it until its socket has closed, and turns one more away with 421. After
 * QUIT it closes its end only `closesAfterMs` later, the while a relay across a network still
 * counts a connection its client has done with.
 */
async function startCappedRelay(limits: { maxConnections: number; closesAfterMs: number }) {
  let open = 0;
  // The ports of connections accepted past the cap, refused once their session starts.
  const overCap = new Set<number>();
  const relay = {
    /** Connections turned away with 421. */
    refused: 0,
    /** The most connections open at one time. */
    mostOpen: 0,
    /** The recipient of each message accepted, in the order accepted. */
    accepted: [] as string[],
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(session, callback) {
      if (!overCap.has(session.remotePort)) return callback();
      relay.refused += 1;
      callback(Object.assign(new Error('Too many connections, try later'), { responseCode: 421 }));
    },
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        relay.accepted.push(...session.envelope.rcptTo.map((rcpt) => rcpt.address));
        callback();
      });
    },
  });
  server.server.on('connection', (socket: Socket) => {
    open += 1;
    relay.mostOpen = Math.max(relay.mostOpen, open);
    if (open > limits.maxConnections) overCap.add(socket.remotePort!);
    socket.once('close', () => (open -= 1));
    const end = socket.end.bind(socket);
    socket.end = ((...args: Parameters<Socket['end']>) => {
      setTimeout(() => end(...args), limits.closesAfterMs);
      return socket;
    }) as Socket['end'];
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return Object.assign(relay, {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

const message = (i: number) => ({
  from: 'shop@example.com',
  to: `buyer${i}@example.com`,
  subject: `Thanks ${i}`,
  text: 'Thank you!',
});

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** A pooled transport to `relay`; both are closed after the test. */
function transportTo(relay: { url: string; close(): Promise<void> }) {
  const transport = nodemailer.createTransport(createHandOverTransport(relay.url));
  cleanups.push(
    () => transport.close(),
    () => relay.close(),
  );
  return transport;
}

/**
 * A relay that tells when the first bytes of a message's data arrive, and keeps only messages
 * that ended (the lone dot), as every relay does.
 */
async function startWatchingRelay() {
  const relay = {
    /** Messages whose end arrived, each with what the hand-over check had said by then. */
    ended: [] as Array<{ checkSaidYes: boolean }>,
    dataBegan: undefined as (() => void) | undefined,
    closed: undefined as (() => void) | undefined,
    checkSaidYes: false,
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      stream.once('data', () => relay.dataBegan?.());
      stream.resume();
      stream.on('end', () => {
        relay.ended.push({ checkSaidYes: relay.checkSaidYes });
        callback();
      });
    },
    onClose() {
      relay.closed?.();
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return Object.assign(relay, {
    url: `smtp://127.0.0.1:${port}`,
    /** Resolves once the next message's first bytes of data have arrived. */
    nextDataBegins: () => new Promise<void>((resolve) => (relay.dataBegan = resolve)),
    /** Resolves once a connection has closed. */
    nextClose: () => new Promise<void>((resolve) => (relay.closed = resolve)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

describe('the hand-over check and the message’s end', () => {
  test('the check may answer while the message is on its way: its end waits for the yes', async () => {
    const relay = await startWatchingRelay();
    const transport = transportTo(relay);
    const dataBegan = relay.nextDataBegins();
    const sent = await transport.sendMail({
      ...message(1),
      // Says yes only once the relay has the message's first bytes.
      handOver: async () => {
        await dataBegan;
        relay.checkSaidYes = true;
        return true;
      },
    } as HandOverMailOptions);
    expect(sent.messageId).toEqual(expect.any(String));
    expect(relay.ended).toEqual([{ checkSaidYes: true }]);
  });

  /** Sends one message whose check answers with `answer` once the relay has its first bytes. */
  async function checkAnswersWhileOnItsWay(answer: () => boolean) {
    const relay = await startWatchingRelay();
    const transport = transportTo(relay);
    const dataBegan = relay.nextDataBegins();
    const closed = relay.nextClose();
    const failure = await transport
      .sendMail({
        ...message(1),
        handOver: async () => {
          await dataBegan;
          return answer();
        },
      } as HandOverMailOptions)
      .catch((error: unknown) => error);
    await closed;
    return { failure, ended: relay.ended };
  }

  test('a no while the message is on its way: the relay never gets its end, nothing is sent', async () => {
    const { failure, ended } = await checkAnswersWhileOnItsWay(() => false);
    expect(failure).toBeInstanceOf(HandOverDeclinedError);
    expect(ended).toEqual([]);
  });

  test('a check that fails while the message is on its way: its error, and nothing is sent', async () => {
    const { failure, ended } = await checkAnswersWhileOnItsWay(() => {
      throw new Error('the database is away');
    });
    expect(failure).toMatchObject({ message: 'the database is away' });
    expect(ended).toEqual([]);
  });

  test('after a no, the pool goes on: the next message is sent on a fresh connection', async () => {
    const relay = await startWatchingRelay();
    const transport = nodemailer.createTransport(
      createHandOverTransport(relay.url, { maxConnections: 1 }),
    );
    cleanups.push(
      () => transport.close(),
      () => relay.close(),
    );
    const dataBegan = relay.nextDataBegins();
    await expect(
      transport.sendMail({
        ...message(1),
        handOver: async () => {
          await dataBegan;
          return false;
        },
      } as HandOverMailOptions),
    ).rejects.toBeInstanceOf(HandOverDeclinedError);
    relay.checkSaidYes = true;
    await transport.sendMail({ ...message(2), handOver: async () => true } as HandOverMailOptions);
    expect(relay.ended).toEqual([{ checkSaidYes: true }]);
  });
});

describe('the relay pool', () => {
  test('SMTP_MAX_CONNECTIONS: ten messages at once never hold more than two connections', async () => {
    const relay = await startRelay();
    const pool = createHandOverTransport(relay.url, { maxConnections: 2 });
    const transport = nodemailer.createTransport(pool);
    cleanups.push(
      () => transport.close(),
      () => relay.close(),
    );
    await Promise.all(Array.from({ length: 10 }, (_, i) => transport.sendMail(message(i))));
    expect(relay.attempts).toHaveLength(10);
    expect(relay.mostOpen).toBe(2);
  });

  test('a relay that caps connections never refuses one: a retired connection frees its slot once closed', async () => {
    const relay = await startCappedRelay({ maxConnections: 2, closesAfterMs: 50 });
    // Every connection is retired after two messages: twenty messages over two connections
    // reconnect again and again, each time while the relay still counts the connection retired.
    const transport = nodemailer.createTransport(
      createHandOverTransport(`${relay.url}?maxMessages=2`, { maxConnections: 2 }),
    );
    cleanups.push(
      () => transport.close(),
      () => relay.close(),
    );
    const recipients = Array.from({ length: 20 }, (_, i) => message(i).to);
    const sends = await Promise.allSettled(
      recipients.map((_, i) =>
        transport.sendMail({ ...message(i), handOver: async () => true } as HandOverMailOptions),
      ),
    );
    expect(sends.filter((send) => send.status === 'rejected')).toEqual([]);
    expect(relay.refused).toBe(0);
    expect(relay.mostOpen).toBe(2);
    expect(relay.accepted.toSorted()).toEqual(recipients.toSorted());
  });

  test('three 421s in a row: the operator is told, and no message starts until the pause ends', async () => {
    const relay = await startRelay(3);
    const pauses: Array<{ ms: number; reply: string }> = [];
    const pacing = createRelayPacing({ pauseMs: 400, onPause: (pause) => pauses.push(pause) });
    const transport = nodemailer.createTransport(
      createHandOverTransport(relay.url, { maxConnections: 1, pacing }),
    );
    cleanups.push(
      () => transport.close(),
      () => relay.close(),
    );

    for (let i = 0; i < 3; i++)
      await expect(transport.sendMail(message(i))).rejects.toMatchObject({ responseCode: 421 });
    expect(pauses).toEqual([{ ms: 400, reply: expect.stringContaining('421') }]);

    await transport.sendMail(message(3));
    expect(relay.attempts).toHaveLength(4);
    // The fourth message reached the relay only after the pause the third 421 began.
    expect(relay.attempts[3]! - relay.attempts[2]!).toBeGreaterThanOrEqual(400 - 5);
  });

  test('a connection dropped after the whole message went: unconfirmed, never a plain failure to retry', async () => {
    const relay = await startDroppingRelay();
    const transport = transportTo(relay);
    const failure = await transport.sendMail(message(1)).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DeliveryUnconfirmedError);
    expect(relay.received()).toBe(1);
  });

  test('a refusal at the end of the message is the relay’s answer: not unconfirmed', async () => {
    const relay = await startDroppingRelay('451 4.3.0 Try again later');
    const transport = transportTo(relay);
    const failure = await transport.sendMail(message(1)).catch((error: unknown) => error);
    expect(failure).not.toBeInstanceOf(DeliveryUnconfirmedError);
    expect(failure).toMatchObject({ responseCode: 451 });
  });
});
