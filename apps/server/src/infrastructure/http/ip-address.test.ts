import { describe, expect, test } from 'vitest';
import { embeddedIpv4, isIpv4, parseIpAddress } from './ip-address.ts';

const read = (address: string) => parseIpAddress(address)?.toNormalizedString();

describe('parseIpAddress', () => {
  test('reads IPv4 and IPv6 addresses, compressed or written out in full', () => {
    expect(read('203.0.113.7')).toBe('203.0.113.7');
    expect(read('2001:db8::1')).toBe('2001:db8:0:0:0:0:0:1');
    expect(read('2001:0DB8:0000:0000:0000:0000:0000:0001')).toBe('2001:db8:0:0:0:0:0:1');
    expect(read('::')).toBe('0:0:0:0:0:0:0:0');
    expect(read('1::')).toBe('1:0:0:0:0:0:0:0');
  });

  test('an IPv4-mapped address stays IPv6, with its IPv4 address readable, dotted or in hex', () => {
    for (const address of ['::ffff:127.0.0.1', '::FFFF:7f00:1', '0:0:0:0:0:ffff:127.0.0.1']) {
      const ip = parseIpAddress(address)!;
      expect(isIpv4(ip), address).toBe(false);
      if (isIpv4(ip)) continue;
      expect(ip.isIPv4MappedAddress(), address).toBe(true);
      expect(ip.toIPv4Address().toString(), address).toBe('127.0.0.1');
    }
  });

  test('drops an IPv6 zone, whatever it is called; an IPv4 address has none', () => {
    expect(read('fe80::1%eth0')).toBe('fe80:0:0:0:0:0:0:1');
    expect(read('fe80::1%en0.5')).toBe('fe80:0:0:0:0:0:0:1');
    expect(read('1.2.3.4%eth0')).toBeUndefined();
  });

  test('refuses what no resolver writes: octal, hex, short and long forms, and non-addresses', () => {
    for (const address of [
      '',
      'not-an-address',
      '010.0.0.1',
      '0x7f.0.0.1',
      '2130706433',
      '127.1',
      '::ffff:0127.0.0.1',
      '::ffff:0x7f.0.0.1',
      '1::2::3',
      '1:2:3:4:5:6:7:8:9',
    ])
      expect(parseIpAddress(address), address).toBeUndefined();
  });

  test('embeddedIpv4 reads the four bytes from where an IPv6 form carries them', () => {
    const sixToFour = parseIpAddress('2002:c0a8:101::1')!;
    if (isIpv4(sixToFour)) throw new Error('expected IPv6');
    expect(embeddedIpv4(sixToFour, 2).toString()).toBe('192.168.1.1');
  });
});
