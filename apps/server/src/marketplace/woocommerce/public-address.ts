import ipaddr from 'ipaddr.js';
import { embeddedIpv4, isIpv4, parseIpAddress } from '../../infrastructure/http/ip-address.ts';

/** IPv4 ranges the public internet cannot reach, or that lead back inside. */
const PRIVATE_IPV4 = [
  '0.0.0.0/8', // "this network"
  '10.0.0.0/8', // private
  '100.64.0.0/10', // carrier-grade NAT
  '127.0.0.0/8', // loopback
  '169.254.0.0/16', // link-local (cloud metadata)
  '172.16.0.0/12', // private
  '192.0.0.0/24', // IETF protocol assignments
  '192.0.2.0/24', // documentation
  '192.168.0.0/16', // private
  '198.18.0.0/15', // benchmarking
  '198.51.100.0/24', // documentation
  '203.0.113.0/24', // documentation
  '224.0.0.0/3', // multicast, reserved, broadcast
].map((cidr) => ipaddr.IPv4.parseCIDR(cidr));

const PRIVATE_IPV6 = [
  '::/127', // unspecified and loopback
  'fc00::/7', // unique local
  'fe80::/10', // link-local
  'fec0::/10', // site-local (deprecated)
  'ff00::/8', // multicast
  '2001:db8::/32', // documentation
  '2001::/32', // Teredo
  '100::/64', // discard
].map((cidr) => ipaddr.IPv6.parseCIDR(cidr));

/** IPv6 ranges that carry an IPv4 address, and the byte it starts at: that address decides. */
const CARRIES_IPV4 = (
  [
    ['::ffff:0:0/96', 12], // IPv4-mapped
    ['::/96', 12], // IPv4-compatible (:: and ::1 are private before this)
    ['64:ff9b::/32', 12], // NAT64
    ['2002::/16', 2], // 6to4
  ] as const
).map(([cidr, start]) => ({ range: ipaddr.IPv6.parseCIDR(cidr), start }));

function isPrivateIpv4(ip: ipaddr.IPv4): boolean {
  return PRIVATE_IPV4.some((range) => ip.match(range));
}

function isPrivateIpv6(ip: ipaddr.IPv6): boolean {
  if (PRIVATE_IPV6.some((range) => ip.match(range))) return true;
  const carrier = CARRIES_IPV4.find(({ range }) => ip.match(range));
  return carrier ? isPrivateIpv4(embeddedIpv4(ip, carrier.start)) : false;
}

/**
 * True for every address the public internet cannot reach, or that leads back inside: loopback,
 * private, link-local, carrier-grade NAT, documentation and benchmarking ranges, multicast, and
 * IPv6 forms that carry an IPv4 address (mapped, compatible, NAT64, 6to4) when that one is.
 * Anything unreadable counts as private.
 */
export function isPrivateAddress(address: string): boolean {
  const ip = parseIpAddress(address);
  if (!ip) return true;
  return isIpv4(ip) ? isPrivateIpv4(ip) : isPrivateIpv6(ip);
}
