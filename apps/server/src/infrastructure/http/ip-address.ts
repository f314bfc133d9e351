import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

export type IpAddress = ipaddr.IPv4 | ipaddr.IPv6;

/**
 * An address as a resolver or a socket writes it, read by ipaddr.js; undefined when it is not one.
 * An IPv6 zone (fe80::1%eth0) only names an interface and is dropped. Which texts count is node's
 * strict reading: ipaddr.js alone would also take octal and hex parts (010.0.0.1, 0x7f000001,
 * ::ffff:0x7f.0.0.1) that no resolver or socket writes, and that a guard must not read generously.
 */
export function parseIpAddress(address: string): IpAddress | undefined {
  const zoneless = address.replace(/%.*$/, '');
  const text = isIP(zoneless) === 6 ? zoneless : address;
  if (isIP(text) === 0) return undefined;
  try {
    return ipaddr.parse(text);
  } catch {
    return undefined;
  }
}

export const isIpv4 = (ip: IpAddress): ip is ipaddr.IPv4 => ip.kind() === 'ipv4';

/** The IPv4 address an IPv6 one carries in its bytes from `start` on. */
export const embeddedIpv4 = (ip: ipaddr.IPv6, start: number): ipaddr.IPv4 =>
  new ipaddr.IPv4(ip.toByteArray().slice(start, start + 4));
