import { isIP } from 'node:net';

function isPrivateIpv4(address: string): boolean {
  const parts = address.split('.').map(Number);
  if (parts.length !== 4 || parts.some((p) => !Number.isInteger(p) || p < 0 || p > 255))
    return true;
  const [a, b, c] = parts as [number, number, number, number];
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 192 && b === 0 && (c === 0 || c === 2)) ||
    (a === 198 && (b === 18 || b === 19)) ||
    (a === 198 && b === 51 && c === 100) ||
    (a === 203 && b === 0 && c === 113) ||
    a >= 224
  );
}

/** The eight 16-bit groups of an IPv6 address, with a trailing dotted IPv4 part folded in. */
function ipv6Groups(address: string): number[] | null {
  let text = address.toLowerCase().replace(/%.*$/, '');
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
  if (dotted) {
    const [a = 0, b = 0, c = 0, d = 0] = dotted.split('.').map(Number);
    text = `${text.slice(0, -dotted.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail === undefined ? [] : tail ? tail.split(':') : [];
  const fill = tail === undefined ? 0 : 8 - left.length - right.length;
  const groups = [...left, ...Array<string>(Math.max(fill, 0)).fill('0'), ...right].map((g) =>
    Number.parseInt(g, 16),
  );
  return groups.length === 8 && groups.every((g) => g >= 0 && g <= 0xffff) ? groups : null;
}

const ipv4Of = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;

/**
 * True for every address the public internet cannot reach, or that leads back inside: loopback,
 * private, link-local, carrier-grade NAT, documentation and benchmarking ranges, multicast, and
 * IPv6 forms that carry an IPv4 address (mapped, compatible, NAT64, 6to4) when that one is.
 * Anything unreadable counts as private.
 */
export function isPrivateAddress(address: string): boolean {
  const version = isIP(address.replace(/%.*$/, ''));
  if (version === 4) return isPrivateIpv4(address);
  if (version !== 6) return true;
  const g = ipv6Groups(address);
  if (!g) return true;
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, , g5 = 0, g6 = 0, g7 = 0] = g;
  const zeroUpTo = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (zeroUpTo(5) && g5 === 0xffff) return isPrivateIpv4(ipv4Of(g6, g7)); // ::ffff:a.b.c.d
  if (zeroUpTo(6)) return g6 === 0 && g7 <= 1 ? true : isPrivateIpv4(ipv4Of(g6, g7)); // ::, ::1, ::a.b.c.d
  if (g0 === 0x64 && g1 === 0xff9b) return isPrivateIpv4(ipv4Of(g6, g7)); // NAT64
  if (g0 === 0x2002) return isPrivateIpv4(ipv4Of(g1, g2)); // 6to4
  return (
    (g0 & 0xfe00) === 0xfc00 || // unique local
    (g0 & 0xffc0) === 0xfe80 || // link-local
    (g0 & 0xffc0) === 0xfec0 || // site-local (deprecated)
    (g0 & 0xff00) === 0xff00 || // multicast
    (g0 === 0x2001 && g1 === 0x0db8) || // documentation
    (g0 === 0x2001 && g1 === 0) || // Teredo
    (g0 === 0x0100 && g1 === 0 && g2 === 0 && g3 === 0) // discard
  );
}
