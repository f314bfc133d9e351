import { describe, expect, test } from 'vitest';
import { memoryRateLimitStore } from './rate-limits.ts';

function storeAt(start: string, maxKeys?: number) {
  const clock = { at: new Date(start), now: () => clock.at };
  const Store = memoryRateLimitStore(clock, maxKeys);
  const store = new Store().child();
  const hit = (key: string, windowMs = 1000) =>
    new Promise<{ current: number; ttl: number }>((resolve, reject) =>
      store.incr(key, (error, result) => (error ? reject(error) : resolve(result!)), windowMs),
    );
  const advance = (ms: number) => {
    clock.at = new Date(clock.at.getTime() + ms);
  };
  return { hit, advance };
}

describe('the embedded engine’s rate-limit store', () => {
  test('a fixed window on the app clock counts up, then starts again at one once it has ended', async () => {
    const { hit, advance } = storeAt('2026-03-01T10:00:00Z');
    expect(await hit('a')).toEqual({ current: 1, ttl: 1000 });
    advance(400);
    expect(await hit('a')).toEqual({ current: 2, ttl: 600 });
    advance(599);
    expect(await hit('a')).toEqual({ current: 3, ttl: 1 });
    // Another key has its own window.
    expect(await hit('b')).toEqual({ current: 1, ttl: 1000 });
    advance(1);
    expect(await hit('a')).toEqual({ current: 1, ttl: 1000 });
  });

  test('keeps at most maxKeys windows: ended ones go first, then the oldest', async () => {
    const { hit, advance } = storeAt('2026-03-01T10:00:00Z', 2);
    await hit('old', 100);
    await hit('live', 10_000);
    advance(100);
    // 'old' has ended: it makes room and 'live' keeps counting.
    expect(await hit('new')).toEqual({ current: 1, ttl: 1000 });
    expect((await hit('live', 10_000)).current).toBe(2);
    // Full of live windows: the oldest ('live') starts afresh.
    await hit('newer');
    expect((await hit('live', 10_000)).current).toBe(1);
  });
});
