import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { appSecretKeys } from '../infrastructure/config/app-secret.ts';
import { ClientRateLimiter } from '../infrastructure/http/client-rate-limit.ts';
import { notFound } from '../infrastructure/http/errors.ts';
import { linkInterstitialHtml } from './link-interstitial.ts';
import { readClickToken, readOpenToken } from './tracking-tokens.ts';

/** The smallest transparent GIF: 1×1, one transparent colour. */
const TRANSPARENT_GIF = Buffer.from(
  'R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7',
  'base64',
);

/** Long enough for any link a template holds, short enough that nobody can post a novel. */
const MAX_TOKEN_LENGTH = 8192;
const tokenParams = z.object({ token: z.string().max(MAX_TOKEN_LENGTH) });
const wildcardParams = z.object({ '*': z.string().max(MAX_TOKEN_LENGTH) });

function sendPixel(reply: FastifyReply) {
  return reply
    .header('cache-control', 'no-store, no-cache, must-revalidate, max-age=0')
    .header('pragma', 'no-cache')
    .header('expires', '0')
    .type('image/gif')
    .send(TRANSPARENT_GIF);
}

/**
 * The open pixel and the click redirect of thank-you emails: public, no session (mail apps and
 * buyers' browsers fetch them). They answer the same whether or not the seller still tracks, so
 * emails sent before tracking was turned off keep working.
 *
 * What counts: a GET with a genuine token of a live email (see link-state.ts), from a client
 * within its limit, up to MAX_EVENTS_PER_EMAIL events per email. A HEAD is answered as a GET
 * would be and never counted (link checkers and scanners use it). Past its limit a client's pixel
 * gets 429; its clicks still lead on, uncounted, since a buyer behind a busy shared address must
 * still reach the page.
 */
export async function trackingRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const recorder = ctx.trackingEvents;
  const limiter = new ClientRateLimiter(ctx.rateLimits.trackingPerClient, () => ctx.clock.now());

  // Always the image, whatever the token: a mail app shows nothing broken, and nobody learns
  // which tokens are real. Only a genuine token of a live email is counted.
  app.get('/t/o/:token', async (request, reply) => {
    if (request.method === 'HEAD') return sendPixel(reply);
    const hit = limiter.hit(request.ip);
    if (!hit.allowed)
      return reply
        .status(429)
        .header('retry-after', hit.retryAfterSeconds)
        .header('cache-control', 'no-store')
        .send();
    const params = tokenParams.safeParse(request.params);
    const token = params.success ? params.data.token.replace(/\.gif$/, '') : '';
    const open = token ? readOpenToken(appSecretKeys(ctx.config), token) : null;
    if (open) {
      // Written with the others of this second: the image does not wait for the database.
      recorder.record({
        orderEmailId: open.orderEmailId,
        kind: 'open',
        userAgent: request.headers['user-agent'],
        at: ctx.clock.now(),
      });
    }
    return sendPixel(reply);
  });

  // A wildcard: a click token carries the whole original address, longer than a route parameter.
  app.get('/t/c/*', async (request, reply) => {
    const countable = request.method === 'GET' && limiter.hit(request.ip).allowed;
    const params = wildcardParams.safeParse(request.params);
    const click = params.success
      ? readClickToken(appSecretKeys(ctx.config), params.data['*'])
      : null;
    if (!click) throw notFound('This link is not valid.');
    const at = ctx.clock.now();
    const state = await recorder.linkState(click.orderEmailId, at);
    if (countable && state === 'live') {
      recorder.record({
        orderEmailId: click.orderEmailId,
        kind: 'click',
        linkUrl: click.url,
        userAgent: request.headers['user-agent'],
        at,
      });
    }
    reply.header('cache-control', 'no-store');
    if (state === 'live') return reply.redirect(click.url, 302);
    return reply.type('text/html').send(linkInterstitialHtml(click.url));
  });
}
