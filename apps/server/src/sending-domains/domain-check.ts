import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { sendingDomains } from '../db/schema.ts';
import { type DnsLookup, checkRecords, nextDomainStatus } from './dns-records.ts';
import { type SendingDomainRow, recordSettings } from './sending-domains-service.ts';

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
