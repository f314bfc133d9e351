import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../time/athens.ts';
import { ClientRateLimiter } from './client-rate-limit.ts';
import { AppError } from './errors.ts';
import type { RateLimit } from './rate-limits.ts';

/**
 * Called before answering a path nothing serves: throws a 429 (with Retry-After) once the client
 * has asked for more than the limit's worth of such paths in a window.
 */
export type UnknownPathGuard = (request: FastifyRequest, reply: FastifyReply) => void;

/**
 * Counts, per client, requests for paths nothing serves (unknown routes, unknown /api paths, the
 * 404 page), so a scanner walking a word list is slowed to the limit instead of running unbounded.
 * Counted in this process's memory as the tracking links are: probing is a flood of cheap
 * requests, and a database write for each would cost more than the answer.
 */
export function unknownPathGuard(limit: RateLimit, clock: Clock): UnknownPathGuard {
  const limiter = new ClientRateLimiter(limit, () => clock.now());
  return (request, reply) => {
    const hit = limiter.hit(request.ip);
    if (hit.allowed) return;
    reply.header('retry-after', hit.retryAfterSeconds);
    throw new AppError(
      'rate_limited',
      `Too many requests for pages that do not exist. Please wait ~${hit.retryAfterSeconds}s.`,
    );
  };
}
