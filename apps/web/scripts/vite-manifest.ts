import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One entry of Vite's build manifest (dist/.vite/manifest.json). */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export const ENTRY_KEY = 'index.html';
/** The public site's script (src/site/site.ts), a second input of the build (vite.config.ts). */
export const SITE_ENTRY_KEY = 'src/site/site.ts';

export function readManifest(distDir: string): Manifest {
  return JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

export function pageKey(page: string): string {
  return `src/pages/${page}.tsx`;
}

/**
 * The JavaScript files a chunk needs before it runs: itself plus its static imports, transitively.
 * Dynamic imports are left out: they load later, on demand.
 */
export function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): string[] {
  if (seen.has(key)) return [];
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) throw new Error(`Chunk ${key} is not in the Vite manifest`);
  const files = [chunk.file];
  for (const imported of chunk.imports ?? [])
    files.push(...staticClosure(manifest, imported, seen));
  return files;
}

/** The stylesheets a chunk needs before it shows: its own and its static imports', transitively. */
export function staticCss(manifest: Manifest, key: string, seen = new Set<string>()): string[] {
  if (seen.has(key)) return [];
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) throw new Error(`Chunk ${key} is not in the Vite manifest`);
  return [
    ...(chunk.css ?? []),
    ...(chunk.imports ?? []).flatMap((imported) => staticCss(manifest, imported, seen)),
  ];
}
