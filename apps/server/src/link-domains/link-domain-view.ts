import type { LinkDomain } from '@thankly/api-contract';
import type { SendingDomainRow } from '../sending-domains/sending-domains-service.ts';
import { expectedLinkRecord } from '../sending-domains/dns-records.ts';

/** The link host as the seller sees it, or null when they have none. */
export function toLinkDomain(row: SendingDomainRow, target: string): LinkDomain | null {
  if (!row.linkHost || !row.linkStatus) return null;
  const expected = expectedLinkRecord(row.linkHost, target);
  // The operator may have changed LINK_HOST since the last check: then the record shown is new.
  const found = row.linkRecords.find(
    (record) => record.name === expected.name && record.value === expected.value,
  );
  return {
    host: row.linkHost,
    status: row.linkStatus,
    record: found ?? expected,
    lastCheckedAt: row.linkCheckedAt?.toISOString() ?? null,
    verifiedAt: row.linkVerifiedAt?.toISOString() ?? null,
  };
}
