import type { AppContext } from '../context.ts';
import { loggableError } from '../infrastructure/http/loggable-error.ts';
import { pollDueShops } from '../marketplace/ingest.ts';

/**
 * How often a worker looks for shops due a poll: a fifth of the poll interval, at most every 10 s,
 * so a shop is polled within a fifth of its interval of its time (pg-boss's schedules have minute
 * resolution, too coarse for ETSY_POLL_SECONDS=10). Each look is one indexed query; claiming a
 * shop is atomic, so every worker process may look.
 */
export function pollCheckMs(pollSeconds: number): number {
  return Math.min(10_000, Math.max(1_000, (pollSeconds * 1000) / 5));
}

/** Polls due shops every few seconds until stopped; one run at a time. */
export function startPollLoop(ctx: AppContext): { stop(): Promise<void> } {
  let running: Promise<void> | undefined;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = pollDueShops(ctx)
      .catch((error: unknown) =>
        ctx.log.error({ err: loggableError(error) }, 'polling due shops failed'),
      )
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(tick, pollCheckMs(ctx.config.etsy.pollSeconds));
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
