// /api/sending-domains/:id/link-domain: a verified sending domain's branded link host. Each
// replies with the whole sending domain, as the domain's own routes do, since the seller sees the
// link host inside it.
import type { FastifyInstance } from 'fastify';
import type { SendingDomain } from '@thankly/api-contract';
import { endpoints } from '@thankly/api-contract/endpoints';
import { currentUser, requireUser } from '../auth/session-plugin.ts';
import { notFound } from '../infrastructure/http/errors.ts';
import { rateLimitBy } from '../infrastructure/http/rate-limits.ts';
import { route } from '../infrastructure/http/route.ts';
import { checkLinkDomain } from '../sending-domains/domain-check.ts';
import { createDnsLookup } from '../infrastructure/dns/dns-lookup.ts';
import {
  type SendingDomainRow,
  findSendingDomain,
  recordSettings,
  toSendingDomain,
} from '../sending-domains/sending-domains-service.ts';
import { LINK_DOMAIN_MESSAGES, removeLinkDomain, setLinkDomain } from './link-domain-service.ts';

export async function linkDomainRoutes(app: FastifyInstance) {
  app.addHook('onRequest', requireUser);
  const { ctx } = app;
  const api = endpoints.deliverability;
  const view = (row: SendingDomainRow): { domain: SendingDomain } => ({
    domain: toSendingDomain(row, recordSettings(ctx.config)),
  });
  // Keyed as the domain's own Verify is: where counters are kept by key (PostgreSQL), the two
  // checks draw on one limit per seller.
  const verifyLimit = rateLimitBy(
    app,
    'sending-domain-verify',
    ctx.rateLimits.sendingDomainsPerUser,
    (request) => currentUser(request).id,
  );

  route(
    app,
    api.setLinkDomain,
  )(async ({ params, body }, request) =>
    view(await setLinkDomain(ctx, currentUser(request).id, params.id, body)),
  );

  route(
    app,
    api.removeLinkDomain,
  )(async ({ params }, request) =>
    view(await removeLinkDomain(ctx, currentUser(request).id, params.id)),
  );

  route(app, api.verifyLinkDomain, { preHandler: verifyLimit })(async ({ params }, request) => {
    const row = await findSendingDomain(ctx.db, currentUser(request).id, params.id);
    if (!row.linkHost) throw notFound(LINK_DOMAIN_MESSAGES.none);
    return view(await checkLinkDomain(ctx, row, createDnsLookup(ctx.config.deliverability)));
  });
}
