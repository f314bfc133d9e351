// The pool against a real SMTP server on loopback: SMTP_MAX_CONNECTIONS caps what is open at
// once, and a relay that keeps answering 421 gets no new message until the pause ends.
import type { AddressInfo } from 'node:net';
import nodemailer from 'nodemailer';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, test } from 'vitest';
import { DeliveryUnconfirmedError, createHandOverTransport } from './hand-over-transport.ts';
import { createRelayPacing } from './relay-pacing.ts';
import { startDroppingRelay } from '../../test/support/dropping-relay.ts';

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
    const transport = nodemailer.createTransport(createHandOverTransport(relay.url));
    cleanups.push(
      () => transport.close(),
      () => relay.close(),
    );
    const failure = await transport.sendMail(message(1)).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DeliveryUnconfirmedError);
    expect(relay.received()).toBe(1);
  });

  test('a refusal at the end of the message is the relay’s answer: not unconfirmed', async () => {
    const relay = await startDroppingRelay('451 4.3.0 Try again later');
    const transport = nodemailer.createTransport(createHandOverTransport(relay.url));
    cleanups.push(
      () => transport.close(),
      () => relay.close(),
    );
    const failure = await transport.sendMail(message(1)).catch((error: unknown) => error);
    expect(failure).not.toBeInstanceOf(DeliveryUnconfirmedError);
    expect(failure).toMatchObject({ responseCode: 451 });
  });
});
