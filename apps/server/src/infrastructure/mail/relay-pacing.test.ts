import { describe, expect, test } from 'vitest';
import { createRelayPacing } from './relay-pacing.ts';

/** A clock that only moves when the pacing sleeps, recording when each message was let go. */
function fakeTime() {
  let at = 1_000_000;
  return {
    now: () => at,
    sleep: async (ms: number) => {
      at += ms;
    },
    advance: (ms: number) => {
      at += ms;
    },
    get at() {
      return at;
    },
  };
}

const busy = () =>
  Object.assign(new Error('421 4.7.0 Too many messages, slow down'), {
    responseCode: 421,
    response: '421 4.7.0 Too many messages, slow down',
  });

describe('pacing messages to the relay', () => {
  test('at 10 messages a second, messages waiting together start 100 ms apart', async () => {
    const time = fakeTime();
    const pacing = createRelayPacing({ ratePerSecond: 10, now: time.now, sleep: time.sleep });
    const starts: number[] = [];
    for (let i = 0; i < 5; i++) {
      await pacing.waitTurn();
      starts.push(time.at);
    }
    expect(starts.map((s) => s - starts[0]!)).toEqual([0, 100, 200, 300, 400]);
  });

  test('without a rate, nothing waits', async () => {
    const time = fakeTime();
    const pacing = createRelayPacing({ now: time.now, sleep: time.sleep });
    const start = time.at;
    for (let i = 0; i < 50; i++) await pacing.waitTurn();
    expect(time.at).toBe(start);
  });

  test('three 421s in a row pause new messages once, for the pause, and say so once', async () => {
    const time = fakeTime();
    const pauses: Array<{ ms: number; reply: string }> = [];
    const pacing = createRelayPacing({
      now: time.now,
      sleep: time.sleep,
      pauseMs: 30_000,
      onPause: (pause) => pauses.push(pause),
    });
    pacing.heard({ ok: false, error: busy() });
    pacing.heard({ ok: false, error: busy() });
    expect(pauses).toEqual([]);
    pacing.heard({ ok: false, error: busy() });
    expect(pauses).toEqual([{ ms: 30_000, reply: '421 4.7.0 Too many messages, slow down' }]);
    // More 421s from messages already under way neither lengthen nor announce it again.
    for (let i = 0; i < 3; i++) pacing.heard({ ok: false, error: busy() });
    expect(pauses).toHaveLength(1);

    const pausedAt = time.at;
    await pacing.waitTurn();
    expect(time.at - pausedAt).toBe(30_000);
  });

  test('an accepted message or another refusal breaks the run; a dropped connection counts for neither', async () => {
    const time = fakeTime();
    let paused = 0;
    const pacing = createRelayPacing({ now: time.now, sleep: time.sleep, onPause: () => paused++ });
    pacing.heard({ ok: false, error: busy() });
    pacing.heard({ ok: false, error: busy() });
    pacing.heard({ ok: true });
    pacing.heard({ ok: false, error: busy() });
    pacing.heard({ ok: false, error: busy() });
    pacing.heard({
      ok: false,
      error: Object.assign(new Error('550 5.1.1 no such user'), { responseCode: 550 }),
    });
    pacing.heard({ ok: false, error: busy() });
    pacing.heard({ ok: false, error: busy() });
    expect(paused).toBe(0);
    // A connection reset carries no reply: the two 421s before it still count.
    pacing.heard({
      ok: false,
      error: Object.assign(new Error('ECONNRESET'), { code: 'ECONNRESET' }),
    });
    pacing.heard({ ok: false, error: busy() });
    expect(paused).toBe(1);
  });
});
