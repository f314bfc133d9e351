import type { FastifyInstance } from 'fastify';
import { endpoints } from '@thankly/api-contract/endpoints';
import { browserOrigin } from '../infrastructure/http/browser-origin.ts';
import { byBodyEmail, byClient, rateLimitBy } from '../infrastructure/http/rate-limits.ts';
import { route } from '../infrastructure/http/route.ts';
import { accountMailJob } from './account-mail-job.ts';
import { resetPassword } from './password-reset.ts';

export async function passwordResetRoutes(app: FastifyInstance) {
  const { rateLimits } = app.ctx;

  route(app, endpoints.auth.forgotPassword, {
    preHandler: [
      rateLimitBy(app, 'forgot-client', rateLimits.forgotPerClient, byClient),
      rateLimitBy(app, 'forgot-email', rateLimits.forgotPerEmail, byBodyEmail),
    ],
  })(async ({ body: { email } }, request) => {
    // Only queued here: looking the address up happens in the job, so the reply takes as long
    // whether or not the address has an account.
    await app.ctx.jobs.send(accountMailJob, {
      kind: 'password-reset',
      email: email.toLowerCase(),
      origin: browserOrigin(request, app.ctx.config),
    });
    return { ok: true };
  });

  route(
    app,
    endpoints.auth.resetPassword,
  )(async ({ body: { token, password } }) => {
    await resetPassword(app.ctx.db, token, password, app.ctx.clock.now());
    return { ok: true };
  });
}
