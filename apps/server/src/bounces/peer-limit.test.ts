import { describe, expect, test } from 'vitest';
import { clientKey } from '../infrastructure/http/client-rate-limit.ts';
import { peerLimit } from './peer-limit.ts';

describe('the bounce listener’s per-peer limit', () => {
  test('lets a peer deliver `max` reports per window, then again once the window has passed', () => {
    let now = 0;
    const mayDeliver = peerLimit({ max: 3, windowMs: 60_000 }, () => now);
    expect([1, 2, 3, 4].map(() => mayDeliver('192.0.2.1'))).toEqual([true, true, true, false]);
    expect(mayDeliver('192.0.2.2')).toBe(true);
    now = 59_999;
    expect(mayDeliver('192.0.2.1')).toBe(false);
    now = 60_000;
    expect(mayDeliver('192.0.2.1')).toBe(true);
  });

  test('counts an IPv4-mapped address as its IPv4 one, and IPv6 peers by their /64', () => {
    expect(clientKey('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(clientKey('192.0.2.1')).toBe('192.0.2.1');
    expect(clientKey('2001:db8:0:1::1')).toBe('2001:db8:0:1::/64');
    expect(clientKey('2001:0db8:0000:0001:ffff:1:2:3')).toBe('2001:db8:0:1::/64');
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    const mayDeliver = peerLimit({ max: 1, windowMs: 60_000 }, () => 0);
    expect(mayDeliver('2001:db8:0:1::1')).toBe(true);
    expect(mayDeliver('2001:db8:0:1::2')).toBe(false);
  });
});
