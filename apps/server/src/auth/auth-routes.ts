import type { FastifyInstance } from 'fastify';
import {
  loginSchema,
  registerSchema,
  updateEmailSchema,
  updatePasswordSchema,
} from '@thankly/api-contract';
import { AppError } from '../http/errors.ts';
import { byBodyEmail, byClient, rateLimitBy } from '../http/rate-limits.ts';
import { parseInput } from '../http/validate.ts';
import { accountMailJob } from './account-mail-job.ts';
import { authenticate, changePassword, publicUser, registerAccount } from './account-service.ts';
import { requestEmailChange } from './email-change.ts';
import { emailLinkRoutes } from './email-link-routes.ts';
import { currentUser, endSession, requireUser, startSession } from './session-plugin.ts';
import { deleteOtherSessions } from './sessions.ts';

export async function authRoutes(app: FastifyInstance) {
  const { rateLimits } = app.ctx;

  // Same reply, same work, whether or not the address has an account: see registerAccount.
  app.post(
    '/auth/register',
    { preHandler: rateLimitBy(app, 'register', rateLimits.registerPerClient, byClient) },
    async (request, reply) => {
      const input = parseInput(registerSchema, request.body);
      const user = await registerAccount(app.ctx.db, input);
      await app.ctx.jobs.send(accountMailJob, {
        kind: 'verify',
        userId: user.id,
        notifyOwner: true,
      });
      await startSession(app, request, reply, user.id);
      return reply.status(201).send({ user: publicUser(user) });
    },
  );

  app.post(
    '/auth/login',
    {
      preHandler: [
        rateLimitBy(app, 'login-client', rateLimits.loginPerClient, byClient),
        rateLimitBy(app, 'login-email', rateLimits.loginPerEmail, byBodyEmail),
      ],
    },
    async (request, reply) => {
      const { email, password } = parseInput(loginSchema, request.body);
      const user = await authenticate(app.ctx.db, email, password);
      if (!user) throw new AppError('unauthenticated', 'Incorrect email or password.');
      await startSession(app, request, reply, user.id);
      return { user: publicUser(user) };
    },
  );

  app.post('/auth/logout', async (request, reply) => {
    await endSession(app, request, reply);
    return { ok: true };
  });

  // A visitor is an answer, not an error: every page asks on load.
  app.get('/auth/me', async (request) => ({
    user: request.user ? publicUser(request.user) : null,
  }));

  // Changes nothing yet: the new address gets a link, and the change happens when it is followed.
  app.patch(
    '/auth/update-email',
    {
      onRequest: requireUser,
      preHandler: rateLimitBy(
        app,
        'email-change',
        rateLimits.emailChangePerUser,
        (request) => request.user!.id,
      ),
    },
    async (request) => {
      const { email, password } = parseInput(updateEmailSchema, request.body);
      const user = currentUser(request);
      await requestEmailChange(app.ctx, user, email, password);
      return { user: publicUser(user), pendingEmail: email };
    },
  );

  app.patch('/auth/update-password', { onRequest: requireUser }, async (request, reply) => {
    const { currentPassword, newPassword } = parseInput(updatePasswordSchema, request.body);
    const user = currentUser(request);
    await changePassword(app.ctx.db, user, currentPassword, newPassword, app.ctx.clock.now());
    // Every other device is signed out; this one gets a fresh session id.
    await deleteOtherSessions(app.ctx.db, user.id);
    await startSession(app, request, reply, user.id);
    return { ok: true };
  });

  await app.register(emailLinkRoutes);
}
