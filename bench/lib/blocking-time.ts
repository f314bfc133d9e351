/**
 * Total Blocking Time as web.dev and Lighthouse define it: of each main-thread task, the part
 * after First Contentful Paint, less 50 ms when that part is longer than 50 ms. A task that ends
 * before the first paint blocks no visitor input on anything they can see; it delays the paint
 * instead, which LCP counts.
 */
export interface Task {
  startTime: number;
  duration: number;
}

const BLOCKING_THRESHOLD_MS = 50;

/**
 * The blocking time of the tasks' parts within [from, to): of each part longer than 50 ms, the
 * time past 50 ms (Lighthouse clips each task to its window the same way).
 */
function blockingWithin(tasks: readonly Task[], from: number, to: number): number {
  let total = 0;
  for (const task of tasks) {
    const part = Math.min(task.startTime + task.duration, to) - Math.max(task.startTime, from);
    if (part > BLOCKING_THRESHOLD_MS) total += part - BLOCKING_THRESHOLD_MS;
  }
  return total;
}

export function totalBlockingTime(tasks: readonly Task[], firstContentfulPaint: number): number {
  return blockingWithin(tasks, firstContentfulPaint, Infinity);
}

/** The blocked time of the tasks before the first paint (each task's time past 50 ms there). */
export function blockedBeforePaint(tasks: readonly Task[], firstContentfulPaint: number): number {
  return blockingWithin(tasks, -Infinity, firstContentfulPaint);
}
