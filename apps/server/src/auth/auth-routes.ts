import type { FastifyInstance } from 'fastify';
import { endpoints } from '@thankly/api-contract/endpoints';
import { browserOrigin } from '../infrastructure/http/browser-origin.ts';
import { AppError } from '../infrastructure/http/errors.ts';
import { byBodyEmail, byClient, rateLimitBy } from '../infrastructure/http/rate-limits.ts';
import { route } from '../infrastructure/http/route.ts';
import { accountMailJob } from './account-mail-job.ts';
import { authenticate, changePassword, publicUser, registerAccount } from './account-service.ts';
import { requestEmailChange } from './email-change.ts';
import { emailLinkRoutes } from './email-link-routes.ts';
import { currentUser, endSession, requireUser, startSession } from './session-plugin.ts';
import { deleteOtherSessions } from './sessions.ts';

export async function authRoutes(app: FastifyInstance) {
  const { rateLimits } = app.ctx;
  const api = endpoints.auth;

  // Same reply, same work, whether or not the address has an account: see registerAccount.
  route(app, api.register, {
    preHandler: rateLimitBy(app, 'register', rateLimits.registerPerClient, byClient),
  })(async ({ body }, request, reply) => {
    const user = await registerAccount(app.ctx.db, body);
    await app.ctx.jobs.send(accountMailJob, {
      kind: 'verify',
      userId: user.id,
      notifyOwner: true,
      origin: browserOrigin(request, app.ctx.config),
    });
    await startSession(app, request, reply, user.id);
    return { user: publicUser(user) };
  });

  route(app, api.login, {
    preHandler: [
      rateLimitBy(app, 'login-client', rateLimits.loginPerClient, byClient),
      rateLimitBy(app, 'login-email', rateLimits.loginPerEmail, byBodyEmail),
    ],
  })(async ({ body: { email, password } }, request, reply) => {
    const user = await authenticate(app.ctx.db, email, password);
    if (!user) throw new AppError('unauthenticated', 'Incorrect email or password.');
    await startSession(app, request, reply, user.id);
    return { user: publicUser(user) };
  });

  route(
    app,
    api.logout,
  )(async (_input, request, reply) => {
    await endSession(app, request, reply);
    return { ok: true };
  });

  // A visitor is an answer, not an error: every page asks on load.
  route(
    app,
    api.me,
  )(async (_input, request) => ({
    user: request.user ? publicUser(request.user) : null,
  }));

  // Changes nothing yet: the new address gets a link, and the change happens when it is followed.
  route(app, api.updateEmail, {
    onRequest: requireUser,
    preHandler: rateLimitBy(
      app,
      'email-change',
      rateLimits.emailChangePerUser,
      (request) => request.user!.id,
    ),
  })(async ({ body: { email, password } }, request) => {
    const user = currentUser(request);
    await requestEmailChange(
      app.ctx,
      user,
      email,
      password,
      browserOrigin(request, app.ctx.config),
    );
    return { user: publicUser(user), pendingEmail: email };
  });

  route(app, api.updatePassword, { onRequest: requireUser })(async ({ body }, request, reply) => {
    const { currentPassword, newPassword } = body;
    const user = currentUser(request);
    await changePassword(app.ctx.db, user, currentPassword, newPassword, app.ctx.clock.now());
    // Every other device is signed out; this one gets a fresh session id.
    await deleteOtherSessions(app.ctx.db, user.id);
    await startSession(app, request, reply, user.id);
    return { ok: true };
  });

  await app.register(emailLinkRoutes);
}
