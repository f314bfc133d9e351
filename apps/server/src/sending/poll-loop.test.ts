import { describe, expect, it } from 'vitest';
import { pollCheckMs } from './poll-loop.ts';

describe('pollCheckMs', () => {
  it('checks five times per poll interval, between once a second and every ten seconds', () => {
    expect(pollCheckMs(10)).toBe(2_000);
    expect(pollCheckMs(30)).toBe(6_000);
    expect(pollCheckMs(300)).toBe(10_000);
    expect(pollCheckMs(1)).toBe(1_000);
  });
});
