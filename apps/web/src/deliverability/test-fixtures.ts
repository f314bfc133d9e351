// Contract-typed sending domains for the deliverability tests.
import type { DnsRecordCheck, SendingDomain, SendingDomainsReply } from '@thankly/api-contract';

export const DKIM_VALUE = `v=DKIM1; k=rsa; p=MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA${'x'.repeat(300)}IDAQAB`;

export function records(status: DnsRecordCheck['status'] = 'unchecked'): DnsRecordCheck[] {
  const explain = (what: string) =>
    status === 'missing' ? `No ${what} record was found at this name yet.` : `Publishes ${what}.`;
  return [
    {
      purpose: 'dkim',
      type: 'TXT',
      name: 'thankly-a1b2c3d4._domainkey.juniper.shop',
      value: DKIM_VALUE,
      required: true,
      status,
      explanation: explain('the DKIM key'),
    },
    {
      purpose: 'return-path',
      type: 'CNAME',
      name: 'thankly-bounces.juniper.shop',
      value: 'bounces.thankly.example',
      required: true,
      status,
      explanation: explain('the return-path'),
    },
    {
      purpose: 'dmarc',
      type: 'TXT',
      name: '_dmarc.juniper.shop',
      value: 'v=DMARC1; p=none; rua=mailto:dmarc@juniper.shop',
      required: false,
      status,
      explanation: explain('the DMARC'),
    },
  ];
}

export function sendingDomain(over: Partial<SendingDomain> = {}): SendingDomain {
  return {
    id: '7d3f6a2e-4b1c-4e8f-9a0b-1c2d3e4f5a6b',
    domain: 'juniper.shop',
    localPart: 'hello',
    fromAddress: 'hello@juniper.shop',
    status: 'pending',
    records: records(),
    lastCheckedAt: null,
    verifiedAt: null,
    createdAt: '2026-05-02T09:00:00Z',
    linkDomain: null,
    ...over,
  };
}

export function domainsReply(over: Partial<SendingDomainsReply> = {}): SendingDomainsReply {
  return {
    domains: [],
    allowed: true,
    defaultFromAddress: 'thanks@thankly.example',
    ...over,
  };
}
