import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../http/errors.ts';

/**
 * Serves the built web app: real files as they are, prerendered public pages at their routes
 * (dist/<route>/index.html), and the app shell for every other page route.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
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

  app.get('/*', async (request, reply) => {
    // The router's decoded wildcard, never the raw URL: '/%61pi/x' is '/api/x' here as in routing.
    const route = `/${(request.params as { '*'?: string })['*'] ?? ''}`;
    if (route.startsWith('/api/')) throw notFound(`No such endpoint: ${request.method} ${route}`);
    const file =
      (hasLinkToken(request.query) &&
        (await findFile(distDir, path.join(route, TOKEN_VARIANT_FILE)))) ||
      (await findFile(distDir, route));
    if (file) {
      return reply.sendFile(path.relative(distDir, file));
    }
    return reply
      .header('cache-control', 'no-cache')
      .type('text/html')
      .send(await readFile(shell));
  });
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
