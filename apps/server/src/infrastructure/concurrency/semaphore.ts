/**
 * At most `limit` tasks at a time; the rest wait their turn in order. Bounds work that would
 * otherwise take every core or connection: a SpamAssassin run, an image re-encode, SMTP sends,
 * shop polls.
 */
export function createSemaphore(limit: number) {
  let running = 0;
  const waiting: Array<() => void> = [];

  const release = () => {
    running -= 1;
    waiting.shift()?.();
  };

  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await task();
    } finally {
      release();
    }
  };
}
