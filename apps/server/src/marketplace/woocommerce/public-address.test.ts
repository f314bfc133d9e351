import { describe, expect, test } from 'vitest';
import { isPrivateAddress } from './public-address.ts';

// The lists the guard must hold are in woo-api.test.ts; these are the ways of writing an address.
describe('isPrivateAddress, however the address is written', () => {
  test('an IPv4-mapped address is judged by its IPv4 address, dotted, in hex or written out', () => {
    for (const address of [
      '::ffff:127.0.0.1',
      '::FFFF:10.0.0.1',
      '::ffff:a00:1',
      '0:0:0:0:0:ffff:192.168.1.1',
      '0000:0000:0000:0000:0000:ffff:7f00:0001',
    ])
      expect(isPrivateAddress(address), address).toBe(true);
    expect(isPrivateAddress('0:0:0:0:0:ffff:5db8:d822')).toBe(false);
  });

  test('NAT64, 6to4 and IPv4-compatible addresses are judged by the IPv4 address they carry', () => {
    expect(isPrivateAddress('64:ff9b::127.0.0.1')).toBe(true);
    expect(isPrivateAddress('64:ff9b::93.184.216.34')).toBe(false);
    expect(isPrivateAddress('2002:0a00:0001::1')).toBe(true);
    expect(isPrivateAddress('::10.0.0.1')).toBe(true);
    expect(isPrivateAddress('::93.184.216.34')).toBe(false);
    expect(isPrivateAddress('::0.0.0.1')).toBe(true);
  });

  test('compressed and full forms of one address agree', () => {
    expect(isPrivateAddress('0:0:0:0:0:0:0:1')).toBe(true);
    expect(isPrivateAddress('0:0:0:0:0:0:0:0')).toBe(true);
    expect(isPrivateAddress('FE80:0000:0000:0000:0000:0000:0000:0001')).toBe(true);
    expect(isPrivateAddress('2606:4700:0:0:0:0:0:1111')).toBe(false);
    expect(isPrivateAddress('2001:0:4136:e378:8000:63bf:3fff:fdd2')).toBe(true); // Teredo
    expect(isPrivateAddress('100::1')).toBe(true); // discard
  });

  test('an IPv6 zone names an interface; the address behind it decides', () => {
    expect(isPrivateAddress('fe80::1%eth0')).toBe(true);
    expect(isPrivateAddress('fe80::1%en0.5')).toBe(true);
    expect(isPrivateAddress('2606:4700::1111%eth0')).toBe(false);
  });

  test('forms no resolver answers with are unreadable, so private', () => {
    for (const address of [
      '1.2.3.4%eth0',
      '0x5db8d822',
      '1572395042',
      '093.184.216.34',
      '::ffff:0x5d.184.216.34',
      '::ffff:093.184.216.34',
      '',
    ])
      expect(isPrivateAddress(address), address).toBe(true);
  });
});
