import type { FastifyRequest } from 'fastify';

/**
 * Decisions about a request (is it an API call, what to log) are made on the route the router
 * matched, never on the raw URL: the router decodes `/%61pi/…` to `/api/…` and ignores a trailing
 * slash, so a string test on `request.url` can be walked around.
 */
export function routePattern(request: FastifyRequest): string | undefined {
  return request.routeOptions?.url;
}

/** True when the request matched a route under /api/, however its path was spelled. */
export function isApiRoute(request: FastifyRequest): boolean {
  return routePattern(request)?.startsWith('/api/') ?? false;
}
