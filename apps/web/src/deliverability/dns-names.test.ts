import { describe, expect, it } from 'vitest';
import { shortDnsName } from './dns-names.ts';

describe('a DNS name in the short form most hosts want', () => {
  it('drops the domain, whatever its case or a trailing dot', () => {
    expect(shortDnsName('thankly-a1._domainkey.juniper.shop', 'juniper.shop')).toBe(
      'thankly-a1._domainkey',
    );
    expect(shortDnsName('_dmarc.Juniper.Shop.', 'juniper.shop')).toBe('_dmarc');
  });

  it('is @ for the domain itself', () => {
    expect(shortDnsName('juniper.shop', 'juniper.shop')).toBe('@');
  });

  it('leaves a name outside the domain whole, never cutting a look-alike suffix', () => {
    expect(shortDnsName('mail.notjuniper.shop', 'juniper.shop')).toBe('mail.notjuniper.shop');
  });
});
