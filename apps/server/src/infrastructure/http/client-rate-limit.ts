import ipaddr from 'ipaddr.js';
import type { RateLimit } from './rate-limits.ts';

/** A client's verdict: go on, or wait this many seconds. */
export type ClientHit = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Per-client request counters kept in this process's memory, for public routes that must answer
 * thousands of requests a second (a database round trip per hit, as the shared limits take, would
 * cost more than the request). Each API process counts on its own, so behind a load balancer a
 * client gets `max` per process. Every client's window starts and ends together, so forgetting
 * them all at once is the whole clean-up.
 *
 * Memory is bounded: past `maxClients` addresses in one window, newcomers go uncounted until the
 * next. Someone with that many addresses is not stopped by a per-client limit anyway; what they
 * can write is bounded elsewhere.
 */
export class ClientRateLimiter {
  private hits = new Map<string, number>();
  private windowEndsAt = 0;

  constructor(
    private readonly limit: RateLimit,
    private readonly now: () => Date,
    private readonly maxClients = 100_000,
  ) {}

  hit(address: string): ClientHit {
    const now = this.now().getTime();
    if (now >= this.windowEndsAt) {
      this.hits.clear();
      this.windowEndsAt = now + this.limit.windowMs;
    }
    const client = clientKey(address);
    const seen = this.hits.get(client);
    if (seen === undefined && this.hits.size >= this.maxClients) return { allowed: true };
    const count = (seen ?? 0) + 1;
    this.hits.set(client, count);
    if (count <= this.limit.max) return { allowed: true };
    return { allowed: false, retryAfterSeconds: Math.ceil((this.windowEndsAt - now) / 1000) };
  }
}

/**
 * Whom an address stands for: an IPv4 address as it is (also when written as IPv6), an IPv6
 * address by its /64, which one household or server is handed whole.
 */
export function clientKey(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  return `${(parsed as ipaddr.IPv6).toNormalizedString().split(':').slice(0, 4).join(':')}::/64`;
}
