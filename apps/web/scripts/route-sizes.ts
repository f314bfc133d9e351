/**
 * Gzipped size of the JavaScript each route needs before it can run: the entry chunk and its static
 * imports, plus the route's page chunk and its static imports (what the browser fetches on a first
 * visit to that URL). Reads the Vite manifest of a finished build (`build.manifest: true`).
 *
 *   import { measureRouteSizes } from '../apps/web/scripts/route-sizes.ts';
 *   const sizes = measureRouteSizes(); // [{ path, page, access, files, bytes, gzipBytes }]
 *
 * Run directly (`npm run route-sizes -w @thankly/web`) it prints a table.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { NOT_FOUND, ROUTES, type Access } from '../src/route-meta.ts';
import { ENTRY_KEY, pageKey, readManifest, staticClosure } from './vite-manifest.ts';

export const DEFAULT_DIST_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'dist');

export interface RouteSize {
  path: string;
  page: string;
  access: Access;
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
  return [...ROUTES, NOT_FOUND].map((route) => {
    const files = [
      ...new Set([
        ...staticClosure(manifest, ENTRY_KEY),
        ...staticClosure(manifest, pageKey(route.page)),
      ]),
    ].filter((file) => file.endsWith('.js'));
    let bytes = 0;
    let gzipBytes = 0;
    for (const file of files) {
      const size = sizeOf(file);
      bytes += size.bytes;
      gzipBytes += size.gzipBytes;
    }
    return { path: route.path, page: route.page, access: route.access, files, bytes, gzipBytes };
  });
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
