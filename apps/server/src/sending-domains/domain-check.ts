import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { sendingDomains } from '../infrastructure/db/schema.ts';
import type { DnsLookup } from '../infrastructure/dns/dns-lookup.ts';
import { checkLinkRecord, checkRecords, nextDomainStatus } from './dns-records.ts';
import { type SendingDomainRow, linkTarget, recordSettings } from './sending-domains-service.ts';

/**
 * Looks a domain's records up now and stores what was found. verifiedAt is when the domain last
 * became verified (from pending or failing), so it says since when mail goes from it. Returns
 * null when the domain was removed meanwhile.
 */
export async function checkSendingDomain(
  ctx: Pick<AppContext, 'db' | 'config' | 'clock'>,
  row: SendingDomainRow,
  lookup: DnsLookup,
): Promise<SendingDomainRow | null> {
  const findings = await checkRecords(row, recordSettings(ctx.config), lookup, row.records);
  const status = nextDomainStatus(row.status, findings);
  const now = ctx.clock.now();
  const [updated] = await ctx.db
    .update(sendingDomains)
    .set({
      status,
      records: findings.map((finding) => finding.record),
      lastCheckedAt: now,
      ...(status === 'verified' && row.status !== 'verified' ? { verifiedAt: now } : {}),
    })
    .where(and(eq(sendingDomains.id, row.id), eq(sendingDomains.userId, row.userId)))
    .returning();
  return updated ?? null;
}

/**
 * Looks the link host's CNAME up now and stores what was found, as checkSendingDomain does for
 * the domain's records. Returns the row as it is now (unchanged when the host changed meanwhile).
 */
export async function checkLinkDomain(
  ctx: Pick<AppContext, 'db' | 'config' | 'clock'>,
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
