import type { FastifyRequest } from 'fastify';
import { isIpv4, parseIpAddress } from './ip-address.ts';
import { routePattern } from './matched-route.ts';

/**
 * What a request line may say. Paths carry secrets and buyers' identities (unsubscribe tokens hold
 * the buyer's address; reset and verification links hold tokens; query strings hold OAuth codes),
 * so only the route pattern the router matched is logged (`/api/unsubscribe/:token`), never the
 * path or its query. The client's address is cut to its network, enough to see a flood.
 */
export const requestLogSerializers = {
  req: (request: FastifyRequest) => ({
    method: request.method,
    route: routePattern(request) ?? '(no route)',
    remoteNetwork: networkOf(request.ip),
  }),
  res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
};

/**
 * IPv4 to its /24, IPv6 to its /48 (a home or a site), anything else dropped. An IPv4 address
 * written as IPv6 (::ffff:127.0.0.1, ::ffff:7f00:1) is the IPv4 one.
 */
export function networkOf(address: string | undefined): string | undefined {
  const parsed = address ? parseIpAddress(address) : undefined;
  if (!parsed) return undefined;
  const ip = !isIpv4(parsed) && parsed.isIPv4MappedAddress() ? parsed.toIPv4Address() : parsed;
  if (isIpv4(ip)) return `${ip.octets.slice(0, 3).join('.')}.0/24`;
  return `${ip.parts
    .slice(0, 3)
    .map((part) => part.toString(16))
    .join(':')}::/48`;
}
