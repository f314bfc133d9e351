import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';
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

/** IPv4 to its /24, IPv6 to its /48 (a home or a site), anything else dropped. */
export function networkOf(address: string | undefined): string | undefined {
  if (!address) return undefined;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  const ip = mapped ? mapped[1]! : address;
  if (isIP(ip) === 4) return `${ip.split('.').slice(0, 3).join('.')}.0/24`;
  if (isIP(ip) !== 6) return undefined;
  const [head = '', tail = ''] = ip.split('::');
  const front = head ? head.split(':') : [];
  const back = tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...front, ...Array<string>(8 - front.length - back.length).fill('0'), ...back]
    : front;
  return `${groups.slice(0, 3).join(':')}::/48`;
}
