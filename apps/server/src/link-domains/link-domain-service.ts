// A seller's branded link host: a subdomain of a verified sending domain (links.yourshop.com)
// whose CNAME points at Thankly's link host. While verified, the tracked links and open pixel of
// emails From that domain use it (decide-order.ts reads link_status).
import { and, eq } from 'drizzle-orm';
import type { SetLinkDomain } from '@thankly/api-contract';
import type { AppContext } from '../context.ts';
import { sendingDomains } from '../infrastructure/db/schema.ts';
import { AppError, notFound } from '../infrastructure/http/errors.ts';
import { expectedLinkRecord } from '../sending-domains/dns-records.ts';
import {
  SENDING_DOMAIN_MESSAGES,
  type SendingDomainRow,
  findSendingDomain,
  linkTarget,
} from '../sending-domains/sending-domains-service.ts';
import { forgetLinkHost } from './link-host-cache.ts';

type Ctx = Pick<AppContext, 'db' | 'config' | 'clock'>;

export const LINK_DOMAIN_MESSAGES = {
  domainNotVerified: (domain: string) =>
    `Verify ${domain} first: a link domain goes with a sending domain whose records are found.`,
  tooLong: 'That link domain would be longer than a domain name may be. Choose a shorter name.',
  none: 'This domain has no link domain. Add one first.',
} as const;

/** `links` or `links.yourshop.com` under yourshop.com: the full host. */
function linkHostFor(domain: string, subdomain: string): string {
  const own = subdomain.endsWith(`.${domain}`)
    ? subdomain.slice(0, -(domain.length + 1))
    : subdomain;
  return `${own}.${domain}`;
}

/**
 * Adds or changes the link host of one of the seller's verified domains. A new host starts
 * pending (emails keep using APP_URL until its CNAME is found); the same host again changes nothing.
 */
export async function setLinkDomain(
  ctx: Ctx,
  userId: string,
  id: string,
  input: SetLinkDomain,
): Promise<SendingDomainRow> {
  const row = await findSendingDomain(ctx.db, userId, id);
  if (row.status !== 'verified')
    throw new AppError('conflict', LINK_DOMAIN_MESSAGES.domainNotVerified(row.domain));
  const host = linkHostFor(row.domain, input.subdomain);
  if (host.length > 253) throw new AppError('invalid', LINK_DOMAIN_MESSAGES.tooLong);
  if (host === row.linkHost) return row;
  const [updated] = await ctx.db
    .update(sendingDomains)
    .set({
      linkHost: host,
      linkStatus: 'pending',
      linkRecords: [expectedLinkRecord(host, linkTarget(ctx.config))],
      linkCheckedAt: null,
      linkVerifiedAt: null,
    })
    .where(and(eq(sendingDomains.id, id), eq(sendingDomains.userId, userId)))
    .returning();
  if (!updated) throw notFound(SENDING_DOMAIN_MESSAGES.notFound);
  if (row.linkHost) forgetLinkHost(ctx.db, row.linkHost);
  return updated;
}

/** Emails sent from now on use APP_URL again; the host stops answering for Thankly. */
export async function removeLinkDomain(
  ctx: Ctx,
  userId: string,
  id: string,
): Promise<SendingDomainRow> {
  const row = await findSendingDomain(ctx.db, userId, id);
  const [updated] = await ctx.db
    .update(sendingDomains)
    .set({
      linkHost: null,
      linkStatus: null,
      linkRecords: [],
      linkCheckedAt: null,
      linkVerifiedAt: null,
    })
    .where(and(eq(sendingDomains.id, id), eq(sendingDomains.userId, userId)))
    .returning();
  if (!updated) throw notFound(SENDING_DOMAIN_MESSAGES.notFound);
  if (row.linkHost) forgetLinkHost(ctx.db, row.linkHost);
  return updated;
}
