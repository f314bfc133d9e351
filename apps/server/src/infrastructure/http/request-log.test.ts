import { describe, expect, test } from 'vitest';
import { networkOf } from './request-log.ts';

describe('networkOf', () => {
  test('IPv4 to its /24, IPv6 to its /48, anything else dropped', () => {
    expect(networkOf('203.0.113.7')).toBe('203.0.113.0/24');
    expect(networkOf('2001:db8:1:2::1')).toBe('2001:db8:1::/48');
    expect(networkOf('fe80::1')).toBe('fe80:0:0::/48');
    expect(networkOf(undefined)).toBeUndefined();
    expect(networkOf('')).toBeUndefined();
    expect(networkOf('not-an-address')).toBeUndefined();
    expect(networkOf('0x7f000001')).toBeUndefined();
  });

  test('an IPv4-mapped address is its IPv4 network, dotted or in hex', () => {
    expect(networkOf('::ffff:127.0.0.1')).toBe('127.0.0.0/24');
    expect(networkOf('::FFFF:127.0.0.1')).toBe('127.0.0.0/24');
    expect(networkOf('::ffff:7f00:1')).toBe('127.0.0.0/24');
  });

  test('one network is written one way, however the address is', () => {
    expect(networkOf('2001:0DB8:0001:0002:0000:0000:0000:0001')).toBe('2001:db8:1::/48');
    expect(networkOf('2001:db8::1')).toBe('2001:db8:0::/48');
    // A compressed address with a dotted tail: the tail is two groups, not one.
    expect(networkOf('::2606:64:64:82fa:18.254.31.171')).toBe('0:0:2606::/48');
    expect(networkOf('fe80::1%eth0')).toBe('fe80:0:0::/48');
  });
});
