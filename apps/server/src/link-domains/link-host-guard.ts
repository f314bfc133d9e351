import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { isLinkHost } from './link-host-cache.ts';

/** What a seller's link host answers: the open pixel and the click redirect, nothing else. */
const TRACKING_ROUTES = new Set(['/api/t/o/:token', '/api/t/c/*']);
const READS = new Set(['GET', 'HEAD']);

const hostOf = (request: FastifyRequest) => request.hostname.toLowerCase().replace(/\.$/, '');

/**
 * A request on a seller's verified link host (links.theirshop.com, a CNAME to Thankly) reaches the
 * tracking routes only: no app page, no API, no session, so a link host can never be used to act
 * as a signed-in seller. Any other host that is not APP_URL's is served as before: a Host header
 * naming a domain that is no verified link host changes nothing.
 */
export function registerLinkHostGuard(app: FastifyInstance, ctx: AppContext): void {
  const onLinkHost = new WeakSet<FastifyRequest>();
  app.addHook('onRequest', async (request, reply) => {
    const host = hostOf(request);
    if (host === new URL(ctx.config.appUrl).hostname) return;
    if (!(await isLinkHost(ctx.db, host, ctx.clock.now().getTime()))) return;
    if (READS.has(request.method) && TRACKING_ROUTES.has(request.routeOptions.url ?? '')) {
      // Tracking sets no cookie; should anything try on this host, it is dropped on the way out.
      onLinkHost.add(request);
      return;
    }
    return reply
      .code(404)
      .header('cache-control', 'no-store')
      .type('text/plain; charset=utf-8')
      .send('Not found');
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (onLinkHost.has(request)) reply.removeHeader('set-cookie');
    return payload;
  });
}
