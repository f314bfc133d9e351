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

export function totalBlockingTime(tasks: readonly Task[], firstContentfulPaint: number): number {
  let total = 0;
  for (const task of tasks) {
    const afterPaint =
      task.startTime + task.duration - Math.max(task.startTime, firstContentfulPaint);
    if (afterPaint > BLOCKING_THRESHOLD_MS) total += afterPaint - BLOCKING_THRESHOLD_MS;
  }
  return total;
}

/** The blocked time of the tasks before the first paint (each task's time past 50 ms there). */
export function blockedBeforePaint(tasks: readonly Task[], firstContentfulPaint: number): number {
  let total = 0;
  for (const task of tasks) {
    const beforePaint =
      Math.min(task.startTime + task.duration, firstContentfulPaint) - task.startTime;
    if (beforePaint > BLOCKING_THRESHOLD_MS) total += beforePaint - BLOCKING_THRESHOLD_MS;
  }
  return total;
}
