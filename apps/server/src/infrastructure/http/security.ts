import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MEDIA_UPLOAD_HEADER } from '@thankly/api-contract';
import { AppError } from './errors.ts';
import { isApiRoute } from './matched-route.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Calls from other sites that prove themselves another way (signed webhooks, OAuth callbacks). */
    allowCrossSite?: boolean;
    /** Takes multipart/form-data, only with the MEDIA_UPLOAD_HEADER a cross-site form cannot set. */
    acceptsUpload?: boolean;
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const NEEDS_JSON = new Set(['POST', 'PUT', 'PATCH']);

/**
 * Security headers on every response and a CSRF defence: every state-changing request must come
 * from our own origin, and API calls must carry JSON, which a cross-site form cannot send. Which
 * routes are API calls is read from the route the router matched, not from the raw URL, which
 * can spell `/api/` as `/%61pi/`.
 */
export async function registerSecurity(app: FastifyInstance, appUrl: string): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Email previews and the editor carry inline styles by nature.
        styleSrc: ["'self'", "'unsafe-inline'", 'https://fonts.googleapis.com'],
        fontSrc: ["'self'", 'data:', 'https://fonts.gstatic.com'],
        // Sellers' emails show images from anywhere on the web.
        imgSrc: ["'self'", 'data:', 'https:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'"],
        frameAncestors: ["'self'"],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        upgradeInsecureRequests: appUrl.startsWith('https:') ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // Tells browsers to use HTTPS only where we are served over it.
    strictTransportSecurity: appUrl.startsWith('https:'),
  });

  const ownOrigin = new URL(appUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING.has(request.method)) return;
    if (request.routeOptions.config?.allowCrossSite) return;
    if (!isSameSite(request, ownOrigin)) {
      throw new AppError('forbidden', 'Cross-site requests are not allowed.');
    }
    if (request.routeOptions.config?.acceptsUpload && isUpload(request)) return;
    if (isApiRoute(request) && NEEDS_JSON.has(request.method) && !isJson(request)) {
      throw new AppError('unsupported_media_type', 'Send the request body as application/json.');
    }
  });
}

/** Multipart with the upload header a cross-site form cannot send (checked after same-site). */
function isUpload(request: FastifyRequest): boolean {
  const type = request.headers['content-type'] ?? '';
  return (
    type.split(';')[0]!.trim().toLowerCase() === 'multipart/form-data' &&
    request.headers[MEDIA_UPLOAD_HEADER.toLowerCase()] === '1'
  );
}

function isJson(request: FastifyRequest): boolean {
  const type = request.headers['content-type'] ?? '';
  return type.split(';')[0]!.trim().toLowerCase() === 'application/json';
}

function isSameSite(request: FastifyRequest, ownOrigin: string): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite === 'cross-site') return false;
  const origin = request.headers.origin;
  if (!origin) return true; // Non-browser clients; browsers always send Origin on these methods.
  if (origin === ownOrigin) return true;
  // Behind a proxy the app may be reached under the Host it was asked for.
  const host = request.headers.host;
  return host !== undefined && (origin === `http://${host}` || origin === `https://${host}`);
}
