import type { FastifyInstance } from 'fastify';
import { contactSchema, getPlan } from '@thankly/api-contract';
import { contactMessages } from '../db/schema.ts';
import { byClient, rateLimitBy } from '../http/rate-limits.ts';
import { parseInput } from '../http/validate.ts';
import { productMail } from '../mail/product-mail.ts';

export async function contactRoutes(app: FastifyInstance) {
  app.post(
    '/contact',
    { preHandler: rateLimitBy(app, 'contact', app.ctx.rateLimits.contactPerClient, byClient) },
    async (request) => {
      const input = parseInput(contactSchema, request.body);
      const user = request.user;
      // Business subscribers are answered first (spec section 6): support sees the flag in the subject.
      const isPriority = user ? getPlan(user.plan).prioritySupport : false;
      // Stored, then forwarded by a retried job: a relay outage never loses a message.
      await app.ctx.db
        .insert(contactMessages)
        .values({ ...input, userId: user?.id ?? null, isPriority });
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
    },
  );
}
