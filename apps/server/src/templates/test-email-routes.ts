import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sanitizeDesign } from '@thankly/email';
import type { TestEmailReply } from '@thankly/api-contract';
import { endpoints } from '@thankly/api-contract/endpoints';
import { recordAbuseEvent } from '../abuse/abuse-events.ts';
import { currentUser, requireUser } from '../auth/session-plugin.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { AppError } from '../infrastructure/http/errors.ts';
import { loggableError } from '../infrastructure/http/loggable-error.ts';
import { rateLimitBy } from '../infrastructure/http/rate-limits.ts';
import { route } from '../infrastructure/http/route.ts';
import { emptyTokenWarnings } from './empty-token-warnings.ts';
import { composeSampleEmail } from './sample-email.ts';
import { getTemplate } from './templates-service.ts';

export const TEST_EMAIL_FAILED = 'Failed to send test email';

export const unverifiedTestEmail = (email: string) =>
  `Confirm your email address before sending test emails: follow the link we sent to ${email}, or use “Resend link” at the top of the page to get a new one.`;

/** Nothing goes out for an address nobody has proved, nor for an account an operator stopped. */
function assertMaySend(seller: SessionUser): void {
  if (!seller.emailVerifiedAt) throw new AppError('forbidden', unverifiedTestEmail(seller.email));
  if (seller.sendingSuspendedAt) {
    throw new AppError(
      'forbidden',
      `Sending from this account is suspended${seller.sendingSuspendedReason ? `: ${seller.sendingSuspendedReason}` : ''}. Please contact support.`,
    );
  }
}

export async function testEmailRoutes(app: FastifyInstance) {
  app.addHook('onRequest', requireUser);
  // One limit for both ways of sending a test: from the dashboard or from the editor.
  const preHandler = rateLimitBy(
    app,
    'test-email',
    app.ctx.rateLimits.testEmailPerUser,
    (request) => request.user!.id,
  );

  route(app, endpoints.templates.sendTest, { preHandler })(async ({ params }, request) => {
    const seller = currentUser(request);
    const template = await getTemplate(app.ctx.db, seller.id, params.id);
    return sendTestEmail(app, request, template);
  });

  route(app, endpoints.templates.sendTestDraft, { preHandler })(async ({ body }, request) => {
    // Sanitised as a save stores it, so the test shows exactly what saving would send.
    return sendTestEmail(app, request, { ...body, design: sanitizeDesign(body.design) });
  });
}

async function sendTestEmail(
  app: FastifyInstance,
  request: FastifyRequest,
  template: Parameters<typeof composeSampleEmail>[2],
): Promise<TestEmailReply> {
  const seller = currentUser(request);
  assertMaySend(seller);
  // Composed exactly as a buyer's email is (footer, headers, From), marked as a test.
  const { email, facts } = await composeSampleEmail(app.ctx, seller, template, {
    recipient: seller.email,
    test: true,
  });
  try {
    // Sent at once rather than queued: the seller is waiting to hear whether it worked.
    await app.ctx.mailer.send(email);
  } catch (error) {
    request.log.error({ err: loggableError(error) }, 'test email failed');
    throw new AppError('upstream_failed', TEST_EMAIL_FAILED);
  }
  // The operator's abuse guard counts every test email an account sends.
  await recordAbuseEvent(app.ctx, seller.id, 'test_email');
  return { ok: true, sentTo: seller.email, emptyTokens: emptyTokenWarnings(template, facts) };
}
