/**
 * Gzipped size of the JavaScript each route loads to work: the script and modulepreload tags of
 * the HTML the server sends for it (the prerendered page, dist/404.html for unknown paths, or the
 * app shell) and their static imports, plus, for a page of the React app, its page chunk, which
 * the app loads on start, and for a site page, the islands it mounts after its first paint. Reads
 * a finished build: its HTML and Vite's manifest.
 *
 *   import { measureRouteSizes } from '../apps/web/scripts/route-sizes.ts';
 *   const sizes = measureRouteSizes(); // [{ path, page, access, site, files, bytes, gzipBytes }]
 *
 * Run directly (`npm run route-sizes -w @thankly/web`) it prints a table.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { NOT_FOUND, ROUTES, type Access, type RouteMeta } from '../src/route-meta.ts';
import { islandModuleKey, islandsIn } from '../src/site/islands.ts';
import { pageKey, readManifest, staticClosure } from './vite-manifest.ts';

export const DEFAULT_DIST_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'dist');

export interface RouteSize {
  path: string;
  page: string;
  access: Access;
  /** A page of the public site, served without the React app (route-meta's `site`). */
  site: boolean;
  /** JavaScript files loaded before the page runs, relative to dist. */
  files: string[];
  /** Raw bytes of those files. */
  bytes: number;
  /** Sum of each file gzipped on its own (level 9), as a server would send them. */
  gzipBytes: number;
}

export function measureRouteSizes(distDir: string = DEFAULT_DIST_DIR): RouteSize[] {
  const manifest = readManifest(distDir);
  const sizeCache = new Map<string, { bytes: number; gzipBytes: number }>();
  const sizeOf = (file: string) => {
    let size = sizeCache.get(file);
    if (!size) {
      const content = readFileSync(join(distDir, file));
      size = { bytes: content.length, gzipBytes: gzipSync(content, { level: 9 }).length };
      sizeCache.set(file, size);
    }
    return size;
  };
  const keyOfFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  return [...ROUTES, NOT_FOUND].map((route) => {
    const html = readFileSync(htmlFor(distDir, route), 'utf8');
    const files = [
      ...new Set([
        ...htmlScripts(html).flatMap((file) => {
          const key = keyOfFile.get(file);
          return key ? staticClosure(manifest, key) : [file];
        }),
        ...(route.site
          ? islandsIn(html).flatMap((name) => staticClosure(manifest, islandModuleKey(name)))
          : staticClosure(manifest, pageKey(route.page))),
      ]),
    ].filter((file) => file.endsWith('.js'));
    let bytes = 0;
    let gzipBytes = 0;
    for (const file of files) {
      const size = sizeOf(file);
      bytes += size.bytes;
      gzipBytes += size.gzipBytes;
    }
    return {
      path: route.path,
      page: route.page,
      access: route.access,
      site: route.site === true,
      files,
      bytes,
      gzipBytes,
    };
  });
}

/** The HTML the server sends for a route (apps/server/src/infrastructure/web/web-app.ts). */
export function htmlFor(distDir: string, route: RouteMeta): string {
  if (route === NOT_FOUND) return join(distDir, '404.html');
  if (!route.prerender) return join(distDir, 'spa.html');
  return join(distDir, route.path === '/' ? '' : route.path, 'index.html');
}

/** Files (relative to dist) of an HTML page's module scripts and modulepreload hints. */
export function htmlScripts(html: string): string[] {
  const tags = html.matchAll(
    /<(?:script type="module"[^>]*\ssrc|link rel="modulepreload"[^>]*\shref)="\/([^"]+)"/g,
  );
  return Array.from(tags, (tag) => tag[1]!);
}

function formatKb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} kB`;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const distDir = process.argv[2] ? resolve(process.argv[2]) : DEFAULT_DIST_DIR;
  const rows = measureRouteSizes(distDir);
  const width = Math.max(...rows.map((r) => r.path.length));
  console.log(`${'route'.padEnd(width)}  access     gzip JS    raw JS  files`);
  for (const r of rows) {
    console.log(
      `${r.path.padEnd(width)}  ${r.access.padEnd(9)}  ${formatKb(r.gzipBytes).padStart(8)}  ${formatKb(r.bytes).padStart(8)}  ${r.files.length}`,
    );
  }
}
