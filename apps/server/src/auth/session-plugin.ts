import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../infrastructure/http/errors.ts';
import { isApiRoute } from '../infrastructure/http/matched-route.ts';
import {
  SESSION_COOKIE,
  SESSION_TTL_MS,
  createSession,
  deleteSession,
  findSessionUser,
  type SessionUser,
} from './sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
  }
  interface FastifyContextConfig {
    /** A page outside /api/ that needs to know who is signed in (the local outbox). */
    readsSession?: boolean;
  }
}

/**
 * Reads the session cookie on API calls and attaches the signed-in user, if any. Decided on the
 * matched route, never the raw URL: `/%61pi/…` reaches an API route too.
 */
export const sessionPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    if (!isApiRoute(request) && !request.routeOptions.config?.readsSession) return;
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return;
    request.user = (await findSessionUser(app.ctx.db, token, app.ctx.clock.now())) ?? null;
  });
});

/** The hook that guards a route prefix: no session, no entry. */
export async function requireUser(request: FastifyRequest): Promise<void> {
  if (!request.user) throw new AppError('unauthenticated', 'Please log in to continue.');
}

/** The signed-in user of a route behind requireUser. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new AppError('unauthenticated', 'Please log in to continue.');
  return request.user;
}

/** Starts a fresh session (a new id at every login: no fixation) and sets its cookie. */
export async function startSession(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
) {
  const previous = request.cookies[SESSION_COOKIE];
  if (previous) await deleteSession(app.ctx.db, previous);
  const token = await createSession(app.ctx.db, userId, app.ctx.clock.now());
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: app.ctx.config.appUrl.startsWith('https:'),
    maxAge: SESSION_TTL_MS / 1000,
  });
  return token;
}

export async function endSession(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const token = request.cookies[SESSION_COOKIE];
  if (token) await deleteSession(app.ctx.db, token);
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}
