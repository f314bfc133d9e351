import type { FastifyInstance } from 'fastify';
import { forgotPasswordSchema, resetPasswordSchema } from '@thankly/api-contract';
import { byBodyEmail, byClient, rateLimitBy } from '../http/rate-limits.ts';
import { parseInput } from '../http/validate.ts';
import { accountMailJob } from './account-mail-job.ts';
import { resetPassword } from './password-reset.ts';

export async function passwordResetRoutes(app: FastifyInstance) {
  const { rateLimits } = app.ctx;

  app.post(
    '/pw/forgot',
    {
      preHandler: [
        rateLimitBy(app, 'forgot-client', rateLimits.forgotPerClient, byClient),
        rateLimitBy(app, 'forgot-email', rateLimits.forgotPerEmail, byBodyEmail),
      ],
    },
    async (request) => {
      const { email } = parseInput(forgotPasswordSchema, request.body);
      // Only queued here: looking the address up happens in the job, so the reply takes as long
      // whether or not the address has an account.
      await app.ctx.jobs.send(accountMailJob, {
        kind: 'password-reset',
        email: email.toLowerCase(),
      });
      return { ok: true };
    },
  );

  app.post('/pw/reset', async (request) => {
    const { token, password } = parseInput(resetPasswordSchema, request.body);
    await resetPassword(app.ctx.db, token, password, app.ctx.clock.now());
    return { ok: true };
  });
}
