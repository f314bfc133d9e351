import type { FastifyInstance } from 'fastify';
import { getPlan } from '@thankly/api-contract';
import { endpoints } from '@thankly/api-contract/endpoints';
import { byClient, rateLimitBy } from '../infrastructure/http/rate-limits.ts';
import { route } from '../infrastructure/http/route.ts';
import { storeContactMessage } from './contact-service.ts';
import { productMail } from '../infrastructure/mail/product-mail.ts';

export async function contactRoutes(app: FastifyInstance) {
  route(app, endpoints.contact.send, {
    preHandler: rateLimitBy(app, 'contact', app.ctx.rateLimits.contactPerClient, byClient),
  })(async ({ body: input }, request) => {
    const user = request.user;
    // Business subscribers are answered first (spec section 6): support sees the flag in the subject.
    const isPriority = user ? getPlan(user.plan).prioritySupport : false;
    // Stored, then forwarded by a retried job: a relay outage never loses a message.
    await storeContactMessage(app.ctx.db, { ...input, userId: user?.id ?? null, isPriority });
    await app.ctx.sendMail({
      to: app.ctx.config.supportEmail,
      // The operator's mail, whoever registers an account under the support address.
      accountId: null,
      replyTo: input.email,
      subject: `${isPriority ? '[Priority] ' : ''}Contact form: ${input.name}`,
      ...productMail([
        `From: ${input.name} <${input.email}>`,
        user ? `Account: ${user.email} (${getPlan(user.plan).name})` : 'Not signed in',
        input.message,
      ]),
    });
    return { ok: true };
  });
}
