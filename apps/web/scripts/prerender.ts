/**
 * Build step after `vite build` and the SSR build: renders every public route of src/route-meta.ts
 * to dist/<route>/index.html (dist/index.html for "/"), with its own <title> and meta description,
 * so content is present before any JavaScript runs.
 *
 * Pages of the public site (route-meta's `site`) load only the site's script (src/site/site.ts),
 * which loads the islands the page renders (`data-island`) after its first paint, unannounced: a
 * preload in the head had the browser fetch and compile them before that paint. The other public
 * pages (log in, register…) load the React app with modulepreload hints for their page chunk. The 404
 * page is written as dist/404.html with a placeholder the server swaps for the requested path,
 * and dist/spa-routes.json lists the routes the server answers with the app shell, kept as
 * dist/spa.html.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { escapeHtml } from '@thankly/email';
import { NOT_FOUND, ROUTES, type RouteMeta } from '../src/route-meta.ts';
import {
  ENTRY_KEY,
  SITE_ENTRY_KEY,
  type Manifest,
  pageKey,
  readManifest,
  staticClosure,
  staticCss,
} from './vite-manifest.ts';

const webDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const distDir = join(webDir, 'dist');
const ssrDir = join(webDir, '.tmp', 'ssr');

interface ServerEntry {
  render(pathname: string): Promise<string>;
}

/** Must match TOKEN_VARIANT_FILE in apps/server/src/infrastructure/web/web-app.ts (it serves it). */
const TOKEN_VARIANT_FILE = 'with-token.html';
/** Must match NOT_FOUND_FILE, NOT_FOUND_PATH_PLACEHOLDER and SPA_ROUTES_FILE in web-app.ts. */
const NOT_FOUND_FILE = '404.html';
const NOT_FOUND_PATH_PLACEHOLDER = '/__thankly-requested-path__';
const SPA_ROUTES_FILE = 'spa-routes.json';
const ROOT_PLACEHOLDER = '<div id="root"><!--app-html--></div>';
/** What Vite writes into the app shell's head to load the app: its script, preloads and CSS. */
const APP_ASSET_TAGS =
  /\s*<(script type="module"[^>]*><\/script|link rel="(modulepreload|stylesheet)"[^>]*)>/g;

const preloadTag = (file: string) => `<link rel="modulepreload" crossorigin href="/${file}">`;

/** The head of a site page: the site's CSS and script, nothing of the React app. */
function siteAssetTags(manifest: Manifest): string[] {
  const [script, ...imports] = staticClosure(manifest, SITE_ENTRY_KEY);
  return [
    `<script type="module" crossorigin src="/${script}"></script>`,
    ...imports.map(preloadTag),
    ...staticCss(manifest, SITE_ENTRY_KEY).map(
      (file) => `<link rel="stylesheet" crossorigin href="/${file}">`,
    ),
  ];
}

async function main() {
  const template = readFileSync(join(distDir, 'index.html'), 'utf8');
  if (!template.includes(ROOT_PLACEHOLDER))
    throw new Error('dist/index.html has no root placeholder');
  writeFileSync(join(distDir, 'spa.html'), template);

  const manifest = readManifest(distDir);
  const appFiles = new Set(staticClosure(manifest, ENTRY_KEY));
  const siteTemplate = template
    .replace(APP_ASSET_TAGS, '')
    .replace('</head>', `  ${siteAssetTags(manifest).join('\n    ')}\n  </head>`);
  const server = (await import(pathToFileURL(join(ssrDir, 'entry-server.js')).href)) as ServerEntry;

  const page = (route: RouteMeta, body: string) => {
    const headTags = route.site
      ? []
      : staticClosure(manifest, pageKey(route.page))
          .filter((file) => !appFiles.has(file))
          .map(preloadTag);
    return (route.site ? siteTemplate : template)
      .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(route.title)}</title>`)
      .replace(
        /<meta name="description" content="[^"]*" \/>/,
        `<meta name="description" content="${escapeHtml(route.description)}" />`,
      )
      .replace('</head>', headTags.map((tag) => `  ${tag}\n  `).join('') + '</head>')
      .replace(
        ROOT_PLACEHOLDER,
        `<div id="root" data-prerendered="${escapeHtml(route.path)}">${body}</div>`,
      );
  };

  let count = 0;
  for (const route of ROUTES) {
    if (!route.prerender) continue;
    const target =
      route.path === '/' ? join(distDir, 'index.html') : join(distDir, route.path, 'index.html');
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, page(route, await server.render(route.path)));
    count++;
    if (route.tokenVariant) {
      // The token's value never reaches the HTML; only whether the link had one changes the page.
      const withToken = await server.render(`${route.path}?token=from-the-link`);
      writeFileSync(join(dirname(target), TOKEN_VARIANT_FILE), page(route, withToken));
    }
  }
  const notFound = page(NOT_FOUND, await server.render(NOT_FOUND_PATH_PLACEHOLDER));
  if (!notFound.includes(NOT_FOUND_PATH_PLACEHOLDER))
    throw new Error('The 404 page no longer shows the requested path');
  writeFileSync(join(distDir, NOT_FOUND_FILE), notFound);
  const spaRoutes = ROUTES.filter((route) => !route.prerender).map((route) => route.path);
  writeFileSync(join(distDir, SPA_ROUTES_FILE), `${JSON.stringify(spaRoutes, null, 2)}\n`);

  rmSync(ssrDir, { recursive: true, force: true });
  console.log(`prerendered ${count} public routes and the 404 page into ${distDir}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
