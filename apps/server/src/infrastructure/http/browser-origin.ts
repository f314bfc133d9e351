import type { FastifyRequest } from 'fastify';
import type { Config } from '../config/env.ts';

/**
 * A Host as browsers send it: a DNS name or IPv4 address, or a bracketed IPv6 address, with an
 * optional port. Anything else (userinfo, paths, spaces, several hosts) is not a host we echo.
 */
const HOST =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]{2,45}\])(?::\d{1,5})?$/i;

/**
 * The origin links and redirects meant for this browser should point at.
 *
 * APP_URL wins whenever it is set, and production always has it (config/env.ts requires it), so
 * there a Host header is never trusted. Without APP_URL the embedded default says
 * http://localhost:PORT, which loses the session of a seller who opened the app on 127.0.0.1 or
 * on a LAN address: then the browser's own origin is used: the scheme as Fastify reads it (which
 * honours X-Forwarded-Proto only from proxies TRUST_PROXY names) and the Host header (or
 * X-Forwarded-Host, likewise only from trusted proxies). A Host that is not a plain host[:port]
 * falls back to the configured default.
 *
 * Mail asked for from this browser (a confirmation or reset link) follows it too, through
 * `mailLinkOrigin`: in trying-out mode the seller reads it in the same browser (the outbox).
 */
export function browserOrigin(
  request: FastifyRequest,
  config: Pick<Config, 'appUrl' | 'appUrlConfigured' | 'env'>,
): string {
  if (config.appUrlConfigured || config.env === 'production') return config.appUrl;
  const host = request.host;
  const protocol = request.protocol;
  if (!HOST.test(host) || (protocol !== 'http' && protocol !== 'https')) return config.appUrl;
  return `${protocol}://${host.toLowerCase()}`;
}

/**
 * The origin a mailed link is built from: the browser origin the request recorded (see
 * browserOrigin), only while no APP_URL is set outside production; else always APP_URL. Checked
 * again where the mail is written, so an origin carried in a queued job can never steer links of
 * a configured deployment.
 */
export function mailLinkOrigin(
  config: Pick<Config, 'appUrl' | 'appUrlConfigured' | 'env'>,
  origin: string | undefined,
): string {
  if (!origin || config.appUrlConfigured || config.env === 'production') return config.appUrl;
  return origin;
}
