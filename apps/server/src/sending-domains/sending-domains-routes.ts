// /api/sending-domains: a seller's own domains to send buyer email from, and their DNS records.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  type SendingDomain,
  type SendingDomainsReply,
  addSendingDomainSchema,
  updateSendingDomainSchema,
} from '@thankly/api-contract';
import { z } from 'zod';
import { currentUser, requireUser } from '../auth/session-plugin.ts';
import { notFound } from '../http/errors.ts';
import { rateLimitBy } from '../http/rate-limits.ts';
import { parseInput } from '../http/validate.ts';
import { mailAddress } from '../sending/compose-buyer-email.ts';
import { checkSendingDomain } from './domain-check.ts';
import { createDnsLookup } from './dns-resolver.ts';
import {
  SENDING_DOMAIN_MESSAGES,
  type SendingDomainRow,
  addSendingDomain,
  findSendingDomain,
  listSendingDomains,
  mayUseOwnDomains,
  recordSettings,
  removeSendingDomain,
  toSendingDomain,
  updateSendingDomain,
} from './sending-domains-service.ts';

const idParamsSchema = z.object({ id: z.uuid() });

/** A malformed id names no domain of anyone's: the same 404 as a missing one. */
function domainIdFrom(request: FastifyRequest): string {
  const parsed = idParamsSchema.safeParse(request.params);
  if (!parsed.success) throw notFound(SENDING_DOMAIN_MESSAGES.notFound);
  return parsed.data.id;
}

export async function sendingDomainRoutes(app: FastifyInstance) {
  app.addHook('onRequest', requireUser);
  const { ctx } = app;
  const view = (row: SendingDomainRow): { domain: SendingDomain } => ({
    domain: toSendingDomain(row, recordSettings(ctx.config)),
  });
  const perSeller = (name: string) =>
    rateLimitBy(
      app,
      name,
      ctx.rateLimits.sendingDomainsPerUser,
      (request) => currentUser(request).id,
    );

  app.get('/sending-domains', async (request): Promise<SendingDomainsReply> => {
    const user = currentUser(request);
    const settings = recordSettings(ctx.config);
    return {
      domains: (await listSendingDomains(ctx.db, user.id)).map((row) =>
        toSendingDomain(row, settings),
      ),
      allowed: mayUseOwnDomains(user.plan),
      defaultFromAddress: mailAddress(ctx.config.mailFrom),
    };
  });

  app.post(
    '/sending-domains',
    { preHandler: perSeller('sending-domain-add') },
    async (request, reply) => {
      const input = parseInput(addSendingDomainSchema, request.body);
      const row = await addSendingDomain(ctx, currentUser(request), input);
      return reply.status(201).send(view(row));
    },
  );

  app.put('/sending-domains/:id', async (request) => {
    const id = domainIdFrom(request);
    const { localPart } = parseInput(updateSendingDomainSchema, request.body);
    return view(await updateSendingDomain(ctx.db, currentUser(request).id, id, localPart));
  });

  app.delete('/sending-domains/:id', async (request) => {
    await removeSendingDomain(ctx.db, currentUser(request).id, domainIdFrom(request));
    return { ok: true };
  });

  app.post(
    '/sending-domains/:id/verify',
    { preHandler: perSeller('sending-domain-verify') },
    async (request) => {
      const row = await findSendingDomain(ctx.db, currentUser(request).id, domainIdFrom(request));
      const checked = await checkSendingDomain(
        ctx,
        row,
        createDnsLookup(ctx.config.deliverability),
      );
      if (!checked) throw notFound(SENDING_DOMAIN_MESSAGES.notFound);
      return view(checked);
    },
  );
}
