import { expect, test } from 'vitest';
import { blockedBeforePaint, totalBlockingTime } from './blocking-time.ts';

const FCP = 300;

test('a long task after the first paint blocks for its time past 50 ms', () => {
  expect(totalBlockingTime([{ startTime: 400, duration: 120 }], FCP)).toBe(70);
  expect(totalBlockingTime([{ startTime: 400, duration: 50 }], FCP)).toBe(0);
});

test('a task that ends before the first paint blocks nothing after it, and is counted before it', () => {
  const tasks = [{ startTime: 100, duration: 160 }];
  expect(totalBlockingTime(tasks, FCP)).toBe(0);
  expect(blockedBeforePaint(tasks, FCP)).toBe(110);
});

test('a task across the first paint counts only its part after the paint (web.dev’s example sums)', () => {
  // 200 ms in all, 120 ms of it after the paint: 70 ms blocking after, 30 ms before.
  const tasks = [{ startTime: 220, duration: 200 }];
  expect(totalBlockingTime(tasks, FCP)).toBe(70);
  expect(blockedBeforePaint(tasks, FCP)).toBe(30);
  // web.dev's five tasks of 250, 90, 35, 30 and 155 ms, all after the paint: 345 ms.
  let start = FCP;
  const fiveTasks = [250, 90, 35, 30, 155].map((duration) => {
    const task = { startTime: start, duration };
    start += duration + 10;
    return task;
  });
  expect(totalBlockingTime(fiveTasks, FCP)).toBe(345);
});
