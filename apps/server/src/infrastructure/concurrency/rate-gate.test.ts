import { describe, expect, it } from 'vitest';
import { createRateGate } from './rate-gate.ts';

describe('createRateGate', () => {
  it('lets the limit through in one second and holds the next call until the window moves', async () => {
    let clock = 0;
    const slept: number[] = [];
    const gate = createRateGate(3, {
      now: () => clock,
      sleep: async (ms) => {
        slept.push(ms);
        clock += ms;
      },
    });
    const passedAt: number[] = [];
    await Promise.all(
      [0, 1, 2, 3, 4].map(async () => {
        await gate();
        passedAt.push(clock);
      }),
    );
    expect(passedAt).toEqual([0, 0, 0, 1000, 1000]);
    expect(slept).toEqual([1000]);
  });

  it('never lets more than the limit through in any one-second window', async () => {
    let clock = 0;
    const gate = createRateGate(10, {
      now: () => clock,
      sleep: async (ms) => {
        clock += ms;
      },
    });
    const passedAt: number[] = [];
    for (let i = 0; i < 45; i++) {
      await gate();
      passedAt.push(clock);
      clock += 37;
    }
    for (const start of passedAt) {
      expect(passedAt.filter((t) => t >= start && t < start + 1000).length).toBeLessThanOrEqual(10);
    }
  });
});
