import { expect, test } from 'vitest';
import { WriteCoalescer } from './write-coalescer.ts';

/** A write the test finishes by hand, recording the items of each call. */
function manualWrites() {
  const calls: number[][] = [];
  const finishers: Array<(error?: Error) => void> = [];
  const coalescer = new WriteCoalescer<number, number>(
    (items) =>
      new Promise((resolve, reject) => {
        calls.push(items);
        finishers.push((error) => (error ? reject(error) : resolve((item) => item * 10)));
      }),
    3,
  );
  const nextTick = () => new Promise((resolve) => setImmediate(resolve));
  return { coalescer, calls, finishers, nextTick };
}

test('items handed in while a write runs go together in the next write, each with its own result', async () => {
  const { coalescer, calls, finishers, nextTick } = manualWrites();
  const first = coalescer.add(1);
  await nextTick();
  expect(calls).toEqual([[1]]);
  const waiting = [coalescer.add(2), coalescer.add(3)];
  await nextTick();
  // Still one write at a time.
  expect(calls).toEqual([[1]]);
  finishers[0]!();
  expect(await first).toBe(10);
  await nextTick();
  expect(calls).toEqual([[1], [2, 3]]);
  finishers[1]!();
  expect(await Promise.all(waiting)).toEqual([20, 30]);
});

test('items of the same tick share the first write, which never carries more than its maximum', async () => {
  const { coalescer, calls, finishers, nextTick } = manualWrites();
  const all = [1, 2, 3, 4, 5].map((item) => coalescer.add(item));
  await nextTick();
  expect(calls).toEqual([[1, 2, 3]]);
  finishers[0]!();
  await nextTick();
  expect(calls).toEqual([
    [1, 2, 3],
    [4, 5],
  ]);
  finishers[1]!();
  expect(await Promise.all(all)).toEqual([10, 20, 30, 40, 50]);
});

test('a failed write fails its own items only; the next write goes ahead', async () => {
  const { coalescer, calls, finishers, nextTick } = manualWrites();
  const failing = coalescer.add(1);
  await nextTick();
  const later = coalescer.add(2);
  finishers[0]!(new Error('database unreachable'));
  await expect(failing).rejects.toThrow('database unreachable');
  await nextTick();
  expect(calls).toEqual([[1], [2]]);
  finishers[1]!();
  expect(await later).toBe(20);
});

test('items handed in by different callbacks of one round of the event loop share a write', async () => {
  const { coalescer, calls, finishers, nextTick } = manualWrites();
  // Two requests read from two sockets: separate tasks, each with its own microtasks after it.
  // Immediates, not timers: two timers can straddle a millisecond and fire in different rounds on
  // a busy machine, while immediates queued together always run in the same round.
  const both = await new Promise<Array<Promise<number>>>((resolve) => {
    const added: Array<Promise<number>> = [];
    setImmediate(() => added.push(coalescer.add(1)));
    setImmediate(() => resolve([...added, coalescer.add(2)]));
  });
  await nextTick();
  expect(calls).toEqual([[1, 2]]);
  finishers[0]!();
  expect(await Promise.all(both)).toEqual([10, 20]);
});
