import { clientKey } from '../infrastructure/http/client-rate-limit.ts';
import type { RateLimit } from '../infrastructure/http/rate-limits.ts';

/** Past this many peers, expired windows are swept before another is added. */
const SWEEP_AT = 10_000;

/**
 * How many reports each peer may hand the bounce listener per window, counted in this process:
 * one listener takes a domain's mail, so its memory is the whole count. A real mail server that
 * meets the limit is answered 4xx and delivers later; a flood waits. A peer counts as the HTTP
 * limits count a client (clientKey): IPv6 peers by their /64, which one host can fill with addresses.
 *
 * Returns whether the peer may deliver one more (and counts it if so).
 */
export function peerLimit(limit: RateLimit, now: () => number): (peer: string) => boolean {
  const windows = new Map<string, { start: number; count: number }>();
  return (peer) => {
    const at = now();
    const key = clientKey(peer);
    let window = windows.get(key);
    if (!window || at - window.start >= limit.windowMs) {
      if (windows.size >= SWEEP_AT)
        for (const [k, w] of windows) if (at - w.start >= limit.windowMs) windows.delete(k);
      window = { start: at, count: 0 };
      windows.set(key, window);
    }
    if (window.count >= limit.max) return false;
    window.count++;
    return true;
  };
}
