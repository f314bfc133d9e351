// Initial JavaScript per route of the built web app (issue 5, point 5; issue 19, goal 1): what the
// HTML the server sends for a route loads to work (its script and modulepreload tags and their
// static imports, and a site page's islands, which load after its first paint). The public
// site's pages load no React: goal ≤ 25 KB gzipped each; the dashboard ≤ 150 KB and the editor
// ≤ 250 KB. Reads apps/web/dist: run `npm run build` first.
import { existsSync } from 'node:fs';
import { DEFAULT_DIST_DIR, measureRouteSizes } from '../../apps/web/scripts/route-sizes.ts';

export const name = 'initial JavaScript per route (apps/web)';

const PUBLIC_PAGE_GOAL_BYTES = 25 * 1024;
/** Issue 19, goal 2: the app's two busiest pages. */
const APP_PAGE_GOALS_BYTES: Record<string, number> = {
  '/thankly': 150 * 1024,
  '/thankly/create': 250 * 1024,
};
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

export async function run(): Promise<void> {
  console.log(`\n== ${name}`);
  if (!existsSync(DEFAULT_DIST_DIR)) {
    console.log('No build at apps/web/dist: run `npm run build` first.');
    return;
  }
  const sizes = measureRouteSizes();
  const width = Math.max(...sizes.map((s) => s.path.length));
  console.log(`${'route'.padEnd(width)}  access     gzip KB   raw KB`);
  for (const size of sizes) {
    const kind = size.site ? 'site' : size.access;
    console.log(
      `${size.path.padEnd(width)}  ${kind.padEnd(9)}  ${kb(size.gzipBytes).padStart(7)}  ${kb(size.bytes).padStart(7)}`,
    );
  }
  // Public site pages (home, features, pricing, guides, help, 404): the goal applies to each.
  for (const size of sizes.filter((s) => s.site)) {
    console.log(
      `${size.gzipBytes <= PUBLIC_PAGE_GOAL_BYTES ? 'PASS' : 'MISS'}  public page ${size.path === '*' ? '404' : size.path}: ${kb(size.gzipBytes)} KB ≤ ${kb(PUBLIC_PAGE_GOAL_BYTES)} KB gzipped initial JavaScript`,
    );
  }
  for (const [path, goal] of Object.entries(APP_PAGE_GOALS_BYTES)) {
    const size = sizes.find((s) => s.path === path);
    if (!size) continue;
    console.log(
      `${size.gzipBytes <= goal ? 'PASS' : 'MISS'}  app page ${path}: ${kb(size.gzipBytes)} KB ≤ ${kb(goal)} KB gzipped initial JavaScript`,
    );
  }
  // Log in, register and the password pages are public too, but they are forms of the React app.
  const largestSite = Math.max(...sizes.filter((s) => s.site).map((s) => s.gzipBytes));
  const smallestApp = Math.min(
    ...sizes.filter((s) => s.access !== 'public').map((s) => s.gzipBytes),
  );
  console.log(
    `${largestSite < smallestApp ? 'PASS' : 'MISS'}  public site pages load less than any app page: largest ${kb(largestSite)} KB < smallest app ${kb(smallestApp)} KB gzipped`,
  );
}
