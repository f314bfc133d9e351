import type { FastifyInstance } from 'fastify';
import { renderEmailForOrder, sampleTokenValues } from '@thankly/email';
import { currentUser, requireUser } from '../auth/session-plugin.ts';
import { AppError } from '../http/errors.ts';
import { rateLimitBy } from '../http/rate-limits.ts';
import { templateIdFrom } from './template-routes.ts';
import { getTemplate } from './templates-service.ts';

export const TEST_EMAIL_FAILED = 'Failed to send test email';

export async function testEmailRoutes(app: FastifyInstance) {
  app.addHook('onRequest', requireUser);

  app.post(
    '/emails/test/:id',
    {
      preHandler: rateLimitBy(
        app,
        'test-email',
        app.ctx.rateLimits.testEmailPerUser,
        (request) => request.user!.id,
      ),
    },
    async (request) => {
      const seller = currentUser(request);
      const template = await getTemplate(app.ctx.db, seller.id, templateIdFrom(request));
      // The stored design, re-rendered: exactly what a buyer would get, with sample order values.
      const email = renderEmailForOrder(
        template.design,
        template.subject || template.name,
        sampleTokenValues,
      );
      try {
        // Sent at once rather than queued: the seller is waiting to hear whether it worked.
        await app.ctx.mailer.send({
          to: seller.email,
          ...email,
          subject: `[Test] ${email.subject}`,
        });
      } catch (error) {
        request.log.error({ err: error }, 'test email failed');
        throw new AppError('upstream_failed', TEST_EMAIL_FAILED);
      }
      return { ok: true, sentTo: seller.email };
    },
  );
}
