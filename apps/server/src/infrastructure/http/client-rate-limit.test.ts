import { describe, expect, test } from 'vitest';
import { ClientRateLimiter, clientKey } from './client-rate-limit.ts';

describe('clientKey', () => {
  test('an IPv4 address is itself, also when written as IPv6', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  test('IPv6 addresses of one /64 are one client, of another /64 another', () => {
    expect(clientKey('2001:db8:1:2::1')).toBe(clientKey('2001:0db8:0001:0002:ffff:1:2:3'));
    expect(clientKey('2001:db8:1:2::1')).not.toBe(clientKey('2001:db8:1:3::1'));
  });
});

describe('ClientRateLimiter', () => {
  test('allows max hits per client in a window, says how long to wait, and starts afresh after', () => {
    let now = 0;
    const limiter = new ClientRateLimiter({ max: 2, windowMs: 60_000 }, () => new Date(now));
    expect(limiter.hit('203.0.113.7')).toEqual({ allowed: true });
    expect(limiter.hit('203.0.113.7')).toEqual({ allowed: true });
    now = 15_000;
    expect(limiter.hit('203.0.113.7')).toEqual({ allowed: false, retryAfterSeconds: 45 });
    expect(limiter.hit('203.0.113.8')).toEqual({ allowed: true });
    now = 60_000;
    expect(limiter.hit('203.0.113.7')).toEqual({ allowed: true });
  });

  test('holds at most maxClients addresses; newcomers past them go uncounted', () => {
    const limiter = new ClientRateLimiter({ max: 1, windowMs: 60_000 }, () => new Date(0), 2);
    limiter.hit('198.51.100.1');
    limiter.hit('198.51.100.2');
    expect(limiter.hit('198.51.100.1').allowed).toBe(false);
    for (let i = 0; i < 3; i++) expect(limiter.hit('198.51.100.3').allowed).toBe(true);
  });
});
