/**
 * Build step after `vite build` and the SSR build: renders every public route of src/route-meta.ts
 * to dist/<route>/index.html (dist/index.html for "/"), with its own <title> and meta description
 * and modulepreload hints for its page chunk, so content is present before any JavaScript runs.
 * The unrendered shell is kept as dist/spa.html for the server's fallback on other paths.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ENTRY_KEY, pageKey, readManifest, staticClosure } from './vite-manifest.ts';

const webDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const distDir = join(webDir, 'dist');
const ssrDir = join(webDir, '.tmp', 'ssr');

interface ServerEntry {
  render(pathname: string): Promise<string>;
  ROUTES: ReadonlyArray<{
    path: string;
    page: string;
    prerender: boolean;
    tokenVariant?: boolean;
    title: string;
    description: string;
  }>;
}

/** Must match TOKEN_VARIANT_FILE in apps/server/src/web/web-app.ts, which serves it. */
const TOKEN_VARIANT_FILE = 'with-token.html';
const ROOT_PLACEHOLDER = '<div id="root"><!--app-html--></div>';

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

async function main() {
  const template = readFileSync(join(distDir, 'index.html'), 'utf8');
  if (!template.includes(ROOT_PLACEHOLDER))
    throw new Error('dist/index.html has no root placeholder');
  writeFileSync(join(distDir, 'spa.html'), template);

  const manifest = readManifest(distDir);
  const entryFiles = new Set(staticClosure(manifest, ENTRY_KEY));
  const server = (await import(pathToFileURL(join(ssrDir, 'entry-server.js')).href)) as ServerEntry;

  let count = 0;
  for (const route of server.ROUTES) {
    if (!route.prerender) continue;
    const appHtml = await server.render(route.path);
    const preloads = staticClosure(manifest, pageKey(route.page))
      .filter((file) => !entryFiles.has(file))
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
      .join('\n    ');
    const page = (body: string) =>
      template
        .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(route.title)}</title>`)
        .replace(
          /<meta name="description" content="[^"]*" \/>/,
          `<meta name="description" content="${escapeHtml(route.description)}" />`,
        )
        .replace('</head>', `  ${preloads}\n  </head>`)
        .replace(
          ROOT_PLACEHOLDER,
          `<div id="root" data-prerendered="${escapeHtml(route.path)}">${body}</div>`,
        );
    const target =
      route.path === '/' ? join(distDir, 'index.html') : join(distDir, route.path, 'index.html');
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, page(appHtml));
    count++;
    if (route.tokenVariant) {
      // The token's value never reaches the HTML; only whether the link had one changes the page.
      const withToken = await server.render(`${route.path}?token=from-the-link`);
      writeFileSync(join(dirname(target), TOKEN_VARIANT_FILE), page(withToken));
    }
  }
  rmSync(ssrDir, { recursive: true, force: true });
  console.log(`prerendered ${count} public routes into ${distDir}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
