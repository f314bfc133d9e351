/**
 * Lets at most `perSecond` calls through in any one-second window; the rest wait their turn in
 * order. Keeps a process under a marketplace's per-second request limit instead of meeting its 429s.
 */
export function createRateGate(
  perSecond: number,
  {
    now = Date.now,
    sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
  }: { now?: () => number; sleep?: (ms: number) => Promise<void> } = {},
): () => Promise<void> {
  const recent: number[] = [];
  let queue = Promise.resolve();
  return function pass() {
    const turn = queue.then(async () => {
      for (;;) {
        const at = now();
        while (recent.length > 0 && recent[0]! <= at - 1000) recent.shift();
        if (recent.length < perSecond) {
          recent.push(at);
          return;
        }
        await sleep(recent[0]! + 1000 - at);
      }
    });
    queue = turn;
    return turn;
  };
}
