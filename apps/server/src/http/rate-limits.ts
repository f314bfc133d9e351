import { AppError } from './errors.ts';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';

export interface RateLimit {
  max: number;
  windowMs: number;
}

const MINUTE = 60_000;

/** How often each guarded call may be made. Tests lower these to reach them quickly. */
export const DEFAULT_RATE_LIMITS = {
  loginPerClient: { max: 30, windowMs: 15 * MINUTE },
  loginPerEmail: { max: 10, windowMs: 15 * MINUTE },
  registerPerClient: { max: 10, windowMs: 60 * MINUTE },
  forgotPerClient: { max: 10, windowMs: 15 * MINUTE },
  forgotPerEmail: { max: 3, windowMs: 15 * MINUTE },
  contactPerClient: { max: 5, windowMs: 60 * MINUTE },
  testEmailPerUser: { max: 10, windowMs: 60 * MINUTE },
  /** Each resend mails the seller's address; a few an hour cover a lost or late mail. */
  verifyResendPerUser: { max: 3, windowMs: 60 * MINUTE },
  /** Each request mails the new address and the old one. */
  emailChangePerUser: { max: 5, windowMs: 60 * MINUTE },
} satisfies Record<string, RateLimit>;

export type RateLimitSettings = typeof DEFAULT_RATE_LIMITS;

/**
 * A pre-handler that answers 429 with Retry-After once `key` has been used `max` times in the
 * window. Runs after body parsing, so a key may come from the body (an email address), and
 * several can guard one route.
 */
export function rateLimitBy(
  app: FastifyInstance,
  name: string,
  limit: RateLimit,
  key: (request: FastifyRequest) => string,
): preHandlerAsyncHookHandler {
  const check = app.createRateLimit({
    max: limit.max,
    timeWindow: limit.windowMs,
    keyGenerator: (request) => `${name}:${key(request)}`,
  });
  return async (request, reply) => {
    const result = await check(request);
    if (result.isAllowed || !result.isExceeded) return;
    reply.header('retry-after', result.ttlInSeconds);
    throw new AppError(
      'rate_limited',
      `Too many requests. Please wait ~${result.ttlInSeconds}s and try again.`,
    );
  };
}

export const byClient = (request: FastifyRequest) => request.ip;

/** Keys on the email in the body, whether or not an account has it, so limits reveal nothing. */
export const byBodyEmail = (request: FastifyRequest) => {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : '';
};
