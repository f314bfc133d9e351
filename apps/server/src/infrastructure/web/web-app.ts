import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { notFound } from '../http/errors.ts';
import type { UnknownPathGuard } from '../http/unknown-path-limit.ts';
import { escapeHtml } from '@thankly/email';

/**
 * Serves the built web app: real files as they are, prerendered public pages at their routes
 * (dist/<route>/index.html), the app shell for the app's other routes, and the prerendered 404
 * page, which loads no React, for any other path. Unknown paths (the 404 page, an unknown /api path)
 * pass `unknownPaths` first, which refuses a client probing for them.
 */
export async function registerWebApp(
  app: FastifyInstance,
  distDir: string,
  unknownPaths?: UnknownPathGuard,
): Promise<void> {
  // spa.html is the empty app shell; index.html is the prerendered home page, wrong for other routes.
  const shell = [path.join(distDir, 'spa.html'), path.join(distDir, 'index.html')].find((f) =>
    existsSync(f),
  );
  if (!shell) {
    app.log.warn(`No built web app at ${distDir}; run \`npm run build\`. Serving the API only.`);
    return;
  }
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    redirect: false,
    setHeaders(res, filePath) {
      // Vite fingerprints everything under assets/, so those files never change.
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        res.header('cache-control', 'public, max-age=31536000, immutable');
      }
    },
  });

  // Browsers ask for /favicon.ico on pages that name no icon (the server's own pages: unsubscribe,
  // consent, checkout); the app's icon is an SVG, which they take at that address as well.
  if (existsSync(path.join(distDir, FAVICON_FILE))) {
    app.get('/favicon.ico', (_request, reply) =>
      reply.header('cache-control', 'public, max-age=86400').sendFile(FAVICON_FILE),
    );
  }

  app.get('/*', async (request, reply) => {
    // The router's decoded wildcard, never the raw URL: '/%61pi/x' is '/api/x' here as in routing.
    const route = `/${(request.params as { '*'?: string })['*'] ?? ''}`;
    if (route.startsWith('/api/')) {
      unknownPaths?.(request, reply);
      throw notFound(`No such endpoint: ${request.method} ${route}`);
    }
    const file =
      (hasLinkToken(request.query) &&
        (await findFile(distDir, path.join(route, TOKEN_VARIANT_FILE)))) ||
      (await findFile(distDir, route));
    if (file) {
      return reply.sendFile(path.relative(distDir, file));
    }
    const notFoundPage = !(await isAppRoute(distDir, route)) && (await readNotFound(distDir));
    if (notFoundPage) unknownPaths?.(request, reply);
    reply.header('cache-control', 'no-cache').type('text/html');
    if (notFoundPage) {
      // The page shows the path as the browser's address bar has it: the raw one, escaped. A real
      // 404 status, so crawlers drop the address and monitors count it as missing.
      const requested = escapeHtml(request.url.split('?')[0]!);
      return reply.code(404).send(notFoundPage.replaceAll(NOT_FOUND_PATH_PLACEHOLDER, requested));
    }
    return reply.send(await readFile(shell));
  });
}

/**
 * apps/web's prerender step writes these (its constants of the same names): the prerendered 404
 * page, the placeholder in it for the requested path, and the routes the app shell renders.
 */
const NOT_FOUND_FILE = '404.html';
/** The app's icon, from apps/web/public. */
const FAVICON_FILE = 'favicon.svg';
const NOT_FOUND_PATH_PLACEHOLDER = '/__thankly-requested-path__';
const SPA_ROUTES_FILE = 'spa-routes.json';

const spaRoutesSchema = z.array(z.string());

/**
 * Whether the app shell renders `route` (its routes match exactly, a trailing slash tolerated).
 * A build without the list sends every page route to the shell, whose router draws the 404.
 */
async function isAppRoute(distDir: string, route: string): Promise<boolean> {
  let routes: string[];
  try {
    routes = spaRoutesSchema.parse(
      JSON.parse(await readFile(path.join(distDir, SPA_ROUTES_FILE), 'utf8')),
    );
  } catch {
    return true;
  }
  const normalized = route.length > 1 ? route.replace(/\/+$/, '') : route;
  return routes.includes(normalized);
}

async function readNotFound(distDir: string): Promise<string | undefined> {
  try {
    return await readFile(path.join(distDir, NOT_FOUND_FILE), 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * Pages whose link may carry ?token= are also prerendered as they look with one (apps/web's
 * route-meta tokenVariant); such links get that file, so the HTML matches what the page reads.
 */
const TOKEN_VARIANT_FILE = 'with-token.html';

/** The same test the page makes: URLSearchParams.get's first value, trimmed, not empty. */
function hasLinkToken(query: unknown): boolean {
  const token = (query as { token?: unknown } | undefined)?.token;
  const first = Array.isArray(token) ? token[0] : token;
  return typeof first === 'string' && first.trim() !== '';
}

async function findFile(distDir: string, route: string): Promise<string | undefined> {
  for (const candidate of [route, path.join(route, 'index.html')]) {
    const full = path.join(distDir, candidate);
    // join() resolves '..' segments; whatever leaves dist is refused.
    if (!full.startsWith(distDir + path.sep)) continue;
    try {
      if ((await stat(full)).isFile()) return full;
    } catch {
      // Not there: try the next candidate.
    }
  }
  return undefined;
}
