import type { FastifyInstance } from 'fastify';
import { forgotPasswordSchema, resetPasswordSchema } from '@thankly/api-contract';
import { byBodyEmail, byClient, rateLimitBy } from '../http/rate-limits.ts';
import { parseInput } from '../http/validate.ts';
import { requestPasswordReset, resetPassword } from './password-reset.ts';

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
      // The mail goes out from a job, so the reply takes as long whether or not the address exists.
      await requestPasswordReset(
        {
          db: app.ctx.db,
          sendMail: app.ctx.sendMail,
          appUrl: app.ctx.config.appUrl,
          now: app.ctx.clock.now(),
        },
        email,
      );
      return { ok: true };
    },
  );

  app.post('/pw/reset', async (request) => {
    const { token, password } = parseInput(resetPasswordSchema, request.body);
    await resetPassword(app.ctx.db, token, password, app.ctx.clock.now());
    return { ok: true };
  });
}
