// A seller's branded link host: a subdomain of a verified sending domain (links.yourshop.com)
// whose CNAME points at Thankly's link host. While verified, the tracked links and open pixel of
// emails From that domain use it (decide-order.ts reads link_status).
import { and, eq } from 'drizzle-orm';
import type { SetLinkDomain } from '@thankly/api-contract';
import type { AppContext } from '../context.ts';
import { sendingDomains } from '../db/schema.ts';
import { AppError, notFound } from '../http/errors.ts';
import type { DnsLookup } from '../sending-domains/dns-records.ts';
import {
  checkLinkRecord,
  expectedLinkRecord,
  nextDomainStatus,
} from '../sending-domains/dns-records.ts';
import {
  SENDING_DOMAIN_MESSAGES,
  type SendingDomainRow,
  findSendingDomain,
} from '../sending-domains/sending-domains-service.ts';
import { forgetLinkHost } from './link-host-cache.ts';
import { linkTarget } from './link-urls.ts';

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

/**
 * Looks the link host's CNAME up now and stores what was found, as checkSendingDomain does for
 * the domain's records. Returns the row as it is now (unchanged when the host changed meanwhile).
 */
export async function checkLinkDomain(
  ctx: Ctx,
  row: SendingDomainRow,
  lookup: DnsLookup,
): Promise<SendingDomainRow> {
  if (!row.linkHost || !row.linkStatus) return row;
  const finding = await checkLinkRecord(
    row.linkHost,
    linkTarget(ctx.config),
    lookup,
    row.linkRecords,
    row.domain,
  );
  const status = nextDomainStatus(row.linkStatus, [finding]);
  const now = ctx.clock.now();
  const [updated] = await ctx.db
    .update(sendingDomains)
    .set({
      linkStatus: status,
      linkRecords: [finding.record],
      linkCheckedAt: now,
      ...(status === 'verified' && row.linkStatus !== 'verified' ? { linkVerifiedAt: now } : {}),
    })
    .where(
      and(
        eq(sendingDomains.id, row.id),
        eq(sendingDomains.userId, row.userId),
        eq(sendingDomains.linkHost, row.linkHost),
      ),
    )
    .returning();
  return updated ?? row;
}
