import type { FastifyInstance } from 'fastify';
import { endpoints } from '@thankly/api-contract/endpoints';
import { browserOrigin } from '../infrastructure/http/browser-origin.ts';
import { AppError } from '../infrastructure/http/errors.ts';
import { rateLimitBy } from '../infrastructure/http/rate-limits.ts';
import { route } from '../infrastructure/http/route.ts';
import { accountMailJob } from './account-mail-job.ts';
import { publicUser } from './account-service.ts';
import { confirmEmailChange } from './email-change.ts';
import { ALREADY_VERIFIED, verifyEmail } from './email-verification.ts';
import { currentUser, requireUser } from './session-plugin.ts';
import { SESSION_COOKIE } from './sessions.ts';

/**
 * The links mailed to prove an address. Each is followed while signed in to the account it was
 * mailed for (the web page sends a visitor to log in first): whoever else reads that mailbox, or
 * registered the same address, cannot use it to confirm an account that is not theirs.
 */
export async function emailLinkRoutes(app: FastifyInstance) {
  app.addHook('onRequest', requireUser);

  const api = endpoints.auth;

  route(
    app,
    api.verifyEmail,
  )(async ({ body: { token } }, request) => {
    const user = await verifyEmail(app.ctx, currentUser(request), token);
    return { user: publicUser(user) };
  });

  route(app, api.resendVerification, {
    preHandler: rateLimitBy(
      app,
      'verify-resend',
      app.ctx.rateLimits.verifyResendPerUser,
      (request) => request.user!.id,
    ),
  })(async (_input, request) => {
    const user = currentUser(request);
    if (user.emailVerifiedAt) throw new AppError('invalid', ALREADY_VERIFIED);
    // Queued like the first one: whether a link can go out at all is decided there, unseen.
    await app.ctx.jobs.send(accountMailJob, {
      kind: 'verify',
      userId: user.id,
      notifyOwner: false,
      origin: browserOrigin(request, app.ctx.config),
    });
    return { ok: true, sentTo: user.email };
  });

  route(
    app,
    api.confirmEmail,
  )(async ({ body: { token } }, request) => {
    const user = await confirmEmailChange(
      app.ctx,
      currentUser(request),
      token,
      request.cookies[SESSION_COOKIE],
    );
    return { user: publicUser(user) };
  });
}
