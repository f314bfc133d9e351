// /api/sending-domains: a seller's own domains to send buyer email from, and their DNS records.
import type { FastifyInstance } from 'fastify';
import { type SendingDomain } from '@thankly/api-contract';
import { endpoints } from '@thankly/api-contract/endpoints';
import { currentUser, requireUser } from '../auth/session-plugin.ts';
import { mailAddress } from '../infrastructure/config/env.ts';
import { notFound } from '../infrastructure/http/errors.ts';
import { rateLimitBy } from '../infrastructure/http/rate-limits.ts';
import { route } from '../infrastructure/http/route.ts';
import { checkSendingDomain } from './domain-check.ts';
import { createDnsLookup } from '../infrastructure/dns/dns-lookup.ts';
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

  const api = endpoints.deliverability;

  route(
    app,
    api.domains,
  )(async (_input, request) => {
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

  route(app, api.addDomain, { preHandler: perSeller('sending-domain-add') })(
    async ({ body }, request) => view(await addSendingDomain(ctx, currentUser(request), body)),
  );

  route(
    app,
    api.updateDomain,
  )(async ({ params, body: { localPart } }, request) =>
    view(await updateSendingDomain(ctx.db, currentUser(request).id, params.id, localPart)),
  );

  route(
    app,
    api.removeDomain,
  )(async ({ params }, request) => {
    await removeSendingDomain(ctx.db, currentUser(request).id, params.id);
    return { ok: true };
  });

  route(app, api.verifyDomain, { preHandler: perSeller('sending-domain-verify') })(
    async ({ params }, request) => {
      const row = await findSendingDomain(ctx.db, currentUser(request).id, params.id);
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
